// The public API of the lesson's code: the CLI, the pages, the widgets, the exercises and the tests
// import from here, never from the files behind it. The folders say where the code comes from:
// - ga/        ports of Guitar Alchemist's code and GA's own words and answers, each citing its file
//              and lines at commit a826864
// (https://github.com/GuitarAlchemist/ga/tree/a826864f3a012cad88e415954bf57eca0ce12aa6);
// - core/      the course's plumbing: the transport every reader reads a body with, the one event
//              classifier, argument checks;
// - standard/  the reader written from the HTML standard (WHATWG HTML §9.2), and its line tracer;
// - inspect/   the stream inspector (06e): a capture read with the readers above, its findings and
//              its report, for the page's worker and the command line (`npm run inspect`);
// - host/      the course's replica of GaChatbot.Api's chat endpoints;
// - lab/       the course's own experiments: writer × reader pairs, cuts, streams that stop short,
//              paced hosts, batched paints;
// - program/   the lesson's program (`npm run lesson -- l6`, cli.ts) and the measures it prints;
// - exercises/ one folder per exercise, and the contract its cases.ts is written against.
// One module stays out of this file: host/http-host.ts, the replica behind node:http, which a page
// cannot bundle; the CLI starts it as a process (host/host-process.ts).

// GA's code and words.
export { IMPROVISATION_ANSWER, VOICING_ANSWER, IMPROVISATION_QUESTION, VOICING_QUESTION } from './ga/answers.ts';
export {
  splitPinned,
  splitAfter743,
  PINNED_SPLIT,
  SPLIT_743,
  PINNED_SPLIT_SOURCE,
  SPLIT_743_SOURCE,
} from './ga/chunkers.ts';
export { writeGaChatbotEvent, writeGaApiEvent, DONE_EVENT } from './ga/writers.ts';
export { readPage, readPageResult, readPageStream, readPagePieces, PageStreamState } from './ga/page-reader.ts';
export type { PageReadResult, PageRouting, PageAnswerListener } from './ga/page-reader.ts';
export {
  readChatService,
  readChatServiceStream,
  parseChatServiceBuffer,
  ChatServiceStreamState,
} from './ga/chat-service-reader.ts';
export { submitPageMessage, createPageChat, consumePageStream } from './ga/page-chat.ts';
export type {
  PageConsume,
  PageConsumeResult,
  PageChat,
  PageSubmission,
  PageBubble,
  HistoryTurn,
} from './ga/page-chat.ts';
export { GA_QUOTES } from './ga/quotes.ts';

// The plumbing every reader shares.
export { pumpBody, feedPieces, readBody, readPieces, BodyText, Decoding } from './core/transport.ts';
export type { TransportOptions, OnText, TextSink } from './core/transport.ts';
export { classifyEvent, parseJson, EventSorter } from './core/events.ts';
export type { EventClass, StreamReadResult } from './core/events.ts';
export { expectString, expectOptions } from './core/arguments.ts';

// The HTML standard's reader.
export { readStandard, readStandardEvents, StandardParser } from './standard/parser.ts';
export type { StandardEvent, LineRule, LineObserver } from './standard/parser.ts';
export { readStandardStream, StandardStream } from './standard/stream.ts';
export { traceStandard, isFieldNameLine } from './standard/trace.ts';
export type { StandardTrace, TracedLine, TraceTag, LineEnd } from './standard/trace.ts';
export { traceView, viewOfTrace, cutText } from './standard/trace-view.ts';
export type { TraceResult, TraceLineView, TraceEventView } from './standard/trace-view.ts';

// The replica of GA's host.
export { createChatbotHost, STREAM_FAILURE_MESSAGE } from './host/chatbot-host.ts';
export { CHAT_PATH, STREAM_PATH, MAX_BODY_BYTES, refuseRequest } from './host/requests.ts';
export { createInPageHost } from './host/in-page-host.ts';
export type { FetchLike } from './host/in-page-host.ts';

// The lesson's program.
export { runLesson6, eventKind, answerWithLf, checkHostStream, CHECK_WORDS } from './program/lesson6.ts';
export type { LessonOutput, EventKind, HostStreamChecks } from './program/lesson6.ts';
export { countLines, countBreaks, compare, show } from './program/measures.ts';

// The course's experiments: writer × reader pairs.
export {
  WRITERS,
  READERS,
  SPLITS,
  streamOf,
  runPair,
  writerReaderTable,
  readFailure,
  readStandardText,
  readOrThrow,
} from './lab/pairs.ts';
export type { Writer, Reader, Split, PairRow, PairCell } from './lab/pairs.ts';

// Beyond the wire: readers as a chat page uses them, cuts, streams that stop short, paced hosts, batched paints.
export {
  readDecodingEachPiece,
  readParsingEachPiece,
  readPageStreamResult,
  readStandardStreamResult,
  readChatServiceStreamResult,
  readStandardEventsResult,
  decodingEachPiece,
  parsingEachPiece,
  pageOverPieces,
  standardOverPieces,
} from './lab/stream-readers.ts';
export type { StreamReader } from './lab/stream-readers.ts';
export { CUT_READERS } from './lab/cuts/readers.ts';
export type { CutReader } from './lab/cuts/readers.ts';
export {
  CUT_STREAMS,
  IMPROVISATION_STREAM_743,
  IMPROVISATION_STREAM_743_CRLF,
  bodyOf,
  piecesInTwo,
  readInTwo,
  readWhole,
  readByteByByte,
  sameResult,
} from './lab/cuts/streams.ts';
export type { CutStream } from './lab/cuts/streams.ts';
export { mapStream, describeCut, cutContext } from './lab/cuts/map.ts';
export type { CutKind, CutPlace, StreamMap, CutContext } from './lab/cuts/map.ts';
export { scanCuts, scanEveryReader, firstDifference } from './lab/cuts/scan.ts';
export type { CutBreak, CutScan } from './lab/cuts/scan.ts';
export {
  FAILURE_STREAM,
  DROP_STREAMS,
  DROP_READERS,
  dropAt,
  settleTurn,
  recordTurn,
  droppingHost,
  submitCarefully,
} from './lab/stop-short.ts';
export type { DropStream, DropReader, DropView, TurnStatus, TurnOutcome } from './lab/stop-short.ts';
export { realClock, createFakeClock, runOnFakeClock } from './core/fake-clock.ts';
export type { Clock, FakeClock } from './core/fake-clock.ts';
export { createPaintBatcher } from './lab/paint-batcher.ts';
export type { PaintReason, PaintRecord, PaintBatcher, PaintBatcherOptions } from './lab/paint-batcher.ts';
export { createPacedHost, createBurstHost, wordPieces } from './lab/paced-host.ts';
export type { PacedHostOptions, BurstHostOptions } from './lab/paced-host.ts';
export { runStreamTurn } from './lab/stream-turn.ts';
export type { TimelineEntry, TimelineEventKind, TurnTimeline, StreamTurnOptions } from './lab/stream-turn.ts';
// Provider streams (06c), providers/: three providers' recordings, one byte → text → event layer,
// one parser per provider into the answer and reasoning channels, and the growing-text transport.
export { PROVIDER_QUESTION, PROVIDER_REASONING, PROVIDER_ANSWER, TRUNCATE_INSIDE } from './providers/answer.ts';
export { ENDING_KINDS, PROVIDERS, field, stringField } from './providers/routes.ts';
export type { EndingKind, EventRouter, Provider, ProviderRoute, VerdictKind } from './providers/routes.ts';
export { routeOpenAIEvent } from './providers/openai.ts';
export { routeAnthropicEvent } from './providers/anthropic.ts';
export { routeGeminiEvent, routeGeminiTail } from './providers/gemini.ts';
export { ProviderChannels, routeProviderEvent } from './providers/channels.ts';
export type { ChannelListeners, ProviderStreamResult, ProviderVerdict, TurnEnding } from './providers/channels.ts';
export { readProviderStream, readProviderPieces, createProviderPipeline } from './providers/read-provider-stream.ts';
export type { ProviderLayerObservers, ProviderPipeline } from './providers/read-provider-stream.ts';
export { pipeGrowingText, xhrGrowingText } from './providers/growing-text.ts';
export { splitReads } from './providers/reads.ts';
export type { ReadSize } from './providers/reads.ts';
// Phase 2, for the page (06c): the sentence policy, a player on an injectable clock, the cut scan.
export { SENTENCE_POLICIES, applySentencePolicy, endOfLastSentence } from './providers/policy.ts';
export type { SentencePolicy, PolicyView } from './providers/policy.ts';
export { createStreamPlayer } from './providers/player.ts';
export type {
  StreamPlayer,
  PlayerOptions,
  PlayerObservers,
  PlayerState,
  PlayedRead,
  Transport,
} from './providers/player.ts';
export {
  PROVIDER_CUT_READERS,
  cutProviderRecording,
  scanProviderCuts,
  describeProviderCut,
  readProviderDecodingEachRead,
  sameEnding,
  sameProviderResult,
} from './providers/cuts.ts';
export type {
  ProviderCutKind,
  ProviderCutPlace,
  ProviderCutReader,
  ProviderCutResult,
  ProviderCutScan,
} from './providers/cuts.ts';
export type { GrowingTextSink, GrowingTextSource } from './providers/growing-text.ts';
export {
  PROVIDER_RECORDINGS,
  TRUNCATED_RECORDINGS,
  OPENAI_DATA_ONLY_STREAM,
  GEMINI_REPEATED_FINISH_STREAM,
  recordingById,
  truncateRecording,
} from './providers/recordings.ts';
export type { RecordingId, ProviderRecording, TruncatedRecording } from './providers/recordings.ts';
export { FAILED_RECORDINGS, PROVIDER_FAILURE_MESSAGES, failRecording } from './providers/failed-recordings.ts';
export type { FailedRecording } from './providers/failed-recordings.ts';
export {
  OPENAI_REFUSAL,
  REFUSED_RECORDINGS,
  TOKEN_LIMIT_RECORDINGS,
  endRecording,
} from './providers/ending-recordings.ts';
export type { CopyEnding, EndedRecording } from './providers/ending-recordings.ts';
export { OPENAI_RESPONSES_STREAM } from './providers/recordings/openai-responses.ts';
export { ANTHROPIC_MESSAGES_STREAM } from './providers/recordings/anthropic-messages.ts';
export { GEMINI_STREAM } from './providers/recordings/gemini-stream.ts';
export { validateProviderEvents } from './providers/shapes.ts';
export { checkShape } from './providers/shape-check.ts';
export type { Shape } from './providers/shape-check.ts';
// One streamed call per round (06d), rounds/: a model replica in OpenAI's Chat
// Completions format, the two harnesses, the four details and their naive versions, the l6d program.
// The replica over real HTTP is rounds/model-server.ts (Node only, left out here like host/http-host.ts).
export { CHAT_COMPLETIONS_PATH, DONE_DATA, sseData } from './rounds/chat-format.ts';
export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatMessage,
  ChatRequest,
  ChunkChoice,
  ChunkDelta,
  FinishReason,
  ToolCall,
  ToolCallFragment,
  ToolDefinition,
  Usage,
} from './rounds/chat-format.ts';
export { textTokens, argumentTokens, promptTokens, MESSAGE_OVERHEAD_TOKENS } from './rounds/tokens.ts';
export {
  SEARCH_VOICINGS,
  HELLO_QUESTION,
  CAPABILITIES_QUESTION,
  VOICINGS_QUESTION,
  DROP2_QUESTION,
  GREETING_ANSWER,
  CAPABILITIES_ANSWER,
  DROP2_ANSWER,
  OFF_TOPIC_ANSWER,
  planRound,
} from './rounds/model-script.ts';
export type { PlannedRound, PlannedCall } from './rounds/model-script.ts';
// The model replica's start function and its call counter (CallLog: one line per call, counted per turn).
export { startModelReplica, TURN_HEADER, MODEL_ORIGIN, DEFAULT_PACING } from './rounds/model-replica.ts';
export type { ModelReplica, ModelReplicaOptions, Pacing } from './rounds/model-replica.ts';
export { CallLog } from './rounds/call-log.ts';
export type { CallRecord, CallState } from './rounds/call-log.ts';
export { replicaChunks, REPLICA_MODEL } from './rounds/replica-plan.ts';
export { MAX_REQUEST_BYTES } from './rounds/replica-request.ts';
export {
  assembleToolCalls,
  assembleToolCallsByPosition,
  readChatChunks,
  RoundReader,
  readRound,
  readRoundSkippingEmptyDeltas,
  readRoundBlindly,
  paragraphBreak,
  joinRounds,
  joinRoundsAsTheyCome,
  ModelStreamError,
  INCOMPLETE_STREAM_MESSAGE,
} from './rounds/round-reader.ts';
export type { AssembledToolCall, RoundResult, ModelStreamProblem } from './rounds/round-reader.ts';
// runTurn(harness, options) → Promise<TurnReport>, and one per harness: runPollThenStreamTurn(options),
// runStreamEveryRoundTurn(options).
export { runTurn, startTurn, runPollThenStreamTurn, runStreamEveryRoundTurn, HARNESSES } from './rounds/harnesses.ts';
export { BillingLedger, Transcript } from './rounds/turn-types.ts';
export type {
  HarnessName,
  HarnessTurnStatus,
  TurnOptions,
  TurnReport,
  TurnStep,
  BillingEntry,
  SavedAnswer,
} from './rounds/turn-types.ts';
export { SYSTEM_PROMPT, COURSE_TOOLS, SEARCH_VOICINGS_TOOL, VOICING_INDEX, DEFAULT_TOOL_MS } from './rounds/tools.ts';
export type { Tool } from './rounds/tools.ts';
export {
  roundRequest,
  recordRound,
  roundChunks,
  wireOf,
  chunksOfWire,
  shortChunkLine,
  callOnFakeClock,
} from './rounds/recordings.ts';
export type { RoundOptions, RoundRecording } from './rounds/recordings.ts';
export { runLesson6d, LENGTH_LIMIT, STOP_AFTER_PIECES } from './rounds/program.ts';
export type { Lesson6dData, HarnessRow, StopRow } from './rounds/program.ts';
// The exercises' authoring contract (exercises/contract.ts): the types an exercise's cases.ts is
// written against. Types only.
export type {
  ExerciseDefinition,
  ExerciseCase,
  ExerciseText,
  ExerciseCaseText,
  Diagnosis,
  Outcome,
  ExportKind,
  Learner,
  LearnerArg,
  LearnerError,
  LearnerStream,
  Recorder,
  StreamEnding,
  StreamError,
  StreamErrorKind,
  FakeFetch,
  FakeRequest,
  FakeResponse,
  CheckTools,
  Shown,
  ProofBlock,
  AnyCase,
  GeneratedCase,
  GeneratedDiagnosis,
  Gen,
  Arbitrary,
  LengthBounds,
} from './exercises/contract.ts';
// The stream inspector (06e), inspect/: what a developer captured (a body, curl -i or -v output, a HAR
// file's entry) read with the course's readers, its findings, and the report to share in Markdown. The
// page's worker and `npm run inspect` (scripts/inspect.ts) call runInspect and reportMarkdown alike.
export { runInspect, inspectBody, readBlob, exampleStream, hasProblem } from './inspect/inspect.ts';
export type {
  InspectReport,
  InspectRequest,
  InspectResult,
  InspectSource,
  ReadProgress,
  StreamFacts,
} from './inspect/inspect.ts';
export { readInput, MAX_INPUT_BYTES } from './inspect/input.ts';
export type { InputSource, InputProblem, HarEntry, HttpHead } from './inspect/input.ts';
export { FINDING_IDS, LESSON_KEYS } from './inspect/findings.ts';
export type { Finding, FindingId, LessonKey } from './inspect/findings.ts';
export { LESSON_LINKS } from './inspect/lessons.ts';
export {
  FORMAT_IDS,
  EXAMPLE_IDS,
  formatName,
  reportMarkdown,
  responseMarkdown,
  harMarkdown,
} from './inspect/report.ts';
export type { FormatId, ExampleId, Tr, ReportOptions } from './inspect/report.ts';
export type { ResponseView, ResponseWhy, ErrorWords } from './inspect/response.ts';
