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
export { traceStandard, isFieldNameLine } from './trace-standard.ts';
export type { StandardTrace, TracedLine, TraceTag, LineEnd } from './trace-standard.ts';
export { diffText, clipDiff, shortestEdit } from './text-diff.ts';
export type { DiffPart, DiffKind, TextDiff, ShownDiffPart } from './text-diff.ts';
export { runLesson6, eventKind, answerWithLf, checkHostStream, CHECK_WORDS } from './program.ts';
export type { LessonOutput, EventKind, HostStreamChecks } from './program.ts';
export { submitPageMessage, createPageChat, consumePageStream } from './page-chat.ts';
export type { PageConsume, PageConsumeResult, PageChat, PageSubmission, PageBubble, HistoryTurn } from './page-chat.ts';
export { createChatbotHost, CHAT_PATH, STREAM_PATH, MAX_BODY_BYTES, STREAM_FAILURE_MESSAGE } from './host/chatbot-host.ts';
export { createInPageHost, closedPortModelClient, IN_PAGE_ORIGIN } from './host/in-page-host.ts';
export type { FetchLike } from './host/in-page-host.ts';
// Beyond the wire (issue 6): cuts, streams that stop short, paced hosts and batched paints.
export {
  readDecodingEachPiece, readParsingEachPiece, readPageStreamResult, readStandardStreamResult, EventSorter, CUT_READERS, CUT_STREAMS,
  decodingEachPiece, parsingEachPiece, pageOverPieces, standardOverPieces, piecesInTwo,
  IMPROVISATION_STREAM_743, IMPROVISATION_STREAM_743_CRLF, bodyOf, readInTwo, readWhole, readByteByByte, sameResult, mapStream,
  describeCut, cutContext, scanCuts, scanEveryReader, firstDifference,
} from './stream-cuts.ts';
export type { StreamReadResult, StreamReader, CutReader, CutStream, CutKind, CutPlace, StreamMap, CutContext, CutBreak, CutScan } from './stream-cuts.ts';
export {
  FAILURE_STREAM, DROP_STREAMS, DROP_READERS, readChatServiceStreamResult, dropAt, settleTurn, recordTurn, droppingHost, submitCarefully,
} from './stop-short.ts';
export type { DropStream, DropReader, DropView, TurnStatus, TurnOutcome } from './stop-short.ts';
export { realClock, createFakeClock, createPaintBatcher } from './paint-batcher.ts';
export type { Clock, FakeClock, PaintReason, PaintRecord, PaintBatcher, PaintBatcherOptions } from './paint-batcher.ts';
export { createPacedHost, wordPieces } from './host/paced-host.ts';
export type { PacedHostOptions } from './host/paced-host.ts';
export { runStreamTurn, settleOnFakeClock } from './stream-turn.ts';
export type { TimelineEntry, TimelineEventKind, TurnTimeline, StreamTurnOptions } from './stream-turn.ts';
