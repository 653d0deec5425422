// The public API of the lesson's code: the CLI, the pages, the widgets, the exercises and the tests import from here.

export { IMPROVISATION_ANSWER, VOICING_ANSWER, IMPROVISATION_QUESTION, VOICING_QUESTION } from './answers.ts';
export { splitPinned, splitAfter743, PINNED_SPLIT, SPLIT_743, PINNED_SPLIT_SOURCE, SPLIT_743_SOURCE } from './chunkers.ts';
export { writeGaChatbotEvent, writeGaApiEvent, DONE_EVENT } from './writers.ts';
export { readStandard, readStandardEvents, readStandardStream, StandardParser } from './standard-reader.ts';
export type { StandardEvent, LineRule, LineObserver } from './standard-reader.ts';
export { readPage, readPageResult, readPageStream, PageStreamState } from './page-reader.ts';
export type { PageReadResult, PageRouting } from './page-reader.ts';
export { readChatService, readChatServiceStream, parseChatServiceBuffer, ChatServiceStreamState } from './chat-service-reader.ts';
export { countLines, countBreaks, compare, show } from './measures.ts';
export { WRITERS, READERS, SPLITS, streamOf, runPair, writerReaderTable, readFailure, readStandardText, readOrThrow } from './pairs.ts';
export type { Writer, Reader, Split, PairRow, PairCell } from './pairs.ts';
export { runLesson6 } from './program.ts';
export type { LessonOutput } from './program.ts';
export { createChatbotHost, CHAT_PATH, STREAM_PATH, MAX_BODY_BYTES, STREAM_FAILURE_MESSAGE } from './host/chatbot-host.ts';
export { createInPageHost, closedPortModelClient, IN_PAGE_ORIGIN } from './host/in-page-host.ts';
export type { FetchLike } from './host/in-page-host.ts';
