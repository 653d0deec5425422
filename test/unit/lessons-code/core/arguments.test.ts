// The exported functions of lessons-code check their arguments. A value of the wrong kind
// fails at once with a TypeError that names the function and the argument, instead of being turned
// into text ("data: null"), read as something else (a string spread into options) or skipped.
// Every function and class that index.ts exports has a row below or a reason to be exempt: a new
// export with neither fails the first test.

import { describe, expect, it } from 'vitest';
import * as lessons from '../../../../lessons-code/index.ts';

type Name = keyof typeof lessons;
type Call = (...args: unknown[]) => unknown;

const isClass = (value: unknown) =>
  typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));

/** Calls an export (`new` for a class) and waits for what it gives: a promise, or an async generator's first step. */
async function invoke(name: Name, args: unknown[]): Promise<unknown> {
  const target = lessons[name] as unknown as Call & (new (...args: unknown[]) => unknown);
  const result = isClass(target) ? new target(...args) : target(...args);
  const generator = result as AsyncGenerator | null;
  if (typeof generator?.next === 'function' && typeof generator[Symbol.asyncIterator] === 'function')
    return generator.next();
  return result;
}

// Values of the wrong kind, by what the argument should be.
const NOT_STRING = [null, undefined, 42, {}];
const NOT_OBJECT = [null, undefined, 'x', 42, []];
const NOT_FUNCTION = [null, undefined, 'f', {}];
const NOT_ARRAY = [null, undefined, 'abc', {}];
const NOT_BYTES = [null, undefined, 'abc', [100]];
const NOT_NUMBER = [null, undefined, '3', Number.NaN];
const NOT_BODY = [null, undefined, 'data: x\n\n', {}];
const NOT_PROVIDER = [null, undefined, 'OpenAI', 42];
/** Optional arguments: `undefined` means the default, so only the other bad values. */
const defined = (values: unknown[]) => values.filter((value) => value !== undefined);

// Good values for the arguments before (and after) the one under test.
const bytes = new Uint8Array([100, 97, 116, 97, 58, 32, 120, 10, 10]);
const host = lessons.createInPageHost();
const sink = { push: () => false, end: () => '' };
const recording = lessons.PROVIDER_RECORDINGS[0]!;
const cutReader = lessons.CUT_READERS[0]!;
const chunk = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [] };

/**
 * Each row: the export, the argument its error names (or the whole "where: argument" when the
 * message names the function the caller meant, e.g. a class's public function), a good call, the
 * position of that argument in it, and the bad values put there one at a time.
 */
type Row = [name: Name, argument: string, good: unknown[], at: number, bad: unknown[]];
const ROWS: Row[] = [
  // GA's code and words
  ['splitPinned', 'answer', ['a'], 0, [42, {}, ['a']]], // null and undefined: [], see below
  ['splitAfter743', 'answer', ['a'], 0, [1, {}, ['a']]],
  ['writeGaChatbotEvent', 'chunk', ['a'], 0, NOT_STRING],
  ['writeGaApiEvent', 'chunk', ['a'], 0, NOT_STRING],
  ['readPage', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['readPageResult', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['readPagePieces', 'pieces', [[bytes]], 0, NOT_ARRAY],
  ['PageStreamState', 'onAnswer', [() => {}], 0, defined(NOT_FUNCTION)],
  ['readChatService', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['parseChatServiceBuffer', 'buffer', ['', () => {}], 0, NOT_STRING],
  ['parseChatServiceBuffer', 'onChunk', ['', () => {}], 1, NOT_FUNCTION],
  ['submitPageMessage', 'host', [host, 'hi', []], 0, NOT_FUNCTION],
  ['submitPageMessage', 'input', [host, 'hi', []], 1, NOT_STRING],
  ['submitPageMessage', 'history', [host, 'hi', []], 2, NOT_ARRAY],
  ['submitPageMessage', 'consume', [host, 'hi', [], lessons.consumePageStream], 3, defined(NOT_FUNCTION)],
  ['createPageChat', 'host', [host], 0, NOT_FUNCTION],
  ['createPageChat', 'consume', [host, lessons.consumePageStream], 1, defined(NOT_FUNCTION)],
  ['consumePageStream', 'body', [null, () => {}], 0, NOT_BODY],
  // The plumbing
  ['BodyText', 'body', [null], 0, NOT_BODY],
  ['Decoding', 'options', [{}], 0, defined(NOT_OBJECT)],
  ['pumpBody', 'onText', [new ReadableStream(), null], 1, NOT_FUNCTION],
  ['feedPieces', 'pieces', [[bytes], () => {}], 0, NOT_ARRAY],
  ['feedPieces', 'onText', [[bytes], () => {}], 1, NOT_FUNCTION],
  ['readBody', 'body', [null, sink], 0, NOT_BODY],
  ['readBody', 'sink', [new ReadableStream(), sink], 1, NOT_OBJECT],
  ['readPieces', 'pieces', [[bytes], sink], 0, NOT_ARRAY],
  ['readPieces', 'sink', [[bytes], sink], 1, NOT_OBJECT],
  ['classifyEvent', 'data', ['a'], 0, NOT_STRING],
  ['parseJson', 'text', ['{}'], 0, NOT_STRING],
  // The HTML standard's reader
  ['readStandard', 'stream', ['data: a\n\n'], 0, [...NOT_STRING, bytes]],
  ['readStandardEvents', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['StandardParser', 'onEvent', [() => {}], 0, NOT_FUNCTION],
  ['StandardStream', 'readStandardStream: body', [null], 0, NOT_BODY], // the class behind readStandardStream
  ['traceStandard', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['isFieldNameLine', 'line', [{}], 0, NOT_OBJECT],
  // The host's replica
  ['createChatbotHost', 'options', [{}], 0, NOT_OBJECT],
  ['createInPageHost', 'options', [{}], 0, ['x'.repeat(10_000_000), null, [1]]],
  ['refuseRequest', 'path', [lessons.CHAT_PATH, 'POST', 'application/json'], 0, NOT_STRING],
  ['refuseRequest', 'method', [lessons.CHAT_PATH, 'POST', 'application/json'], 1, NOT_STRING],
  [
    'refuseRequest',
    'contentType',
    [lessons.CHAT_PATH, 'POST', 'application/json'],
    2,
    defined(NOT_STRING).filter((v) => v !== null),
  ],
  // The lesson's program
  ['runLesson6', 'host', [host], 0, NOT_FUNCTION],
  ['eventKind', 'data', ['a'], 0, NOT_STRING],
  ['answerWithLf', 'answer', ['a'], 0, NOT_STRING],
  ['checkHostStream', 'stream', ['', 'a'], 0, NOT_STRING],
  ['checkHostStream', 'answer', ['', 'a'], 1, NOT_STRING],
  ['countLines', 'text', ['a'], 0, NOT_STRING],
  ['countBreaks', 'text', ['a'], 0, NOT_STRING],
  ['compare', 'original', ['x', 'x'], 0, NOT_STRING],
  ['compare', 'got', ['x', 'x'], 1, NOT_STRING],
  ['show', 'text', ['a'], 0, NOT_STRING],
  // Writer × reader pairs
  ['streamOf', 'write', [(c: string) => c, []], 0, [null, 'data: ']],
  ['streamOf', 'chunks', [(c: string) => c, []], 1, [null, 'a chunk']],
  ['runPair', 'writer', [lessons.WRITERS[0], lessons.READERS[0], lessons.SPLITS[0], 'a'], 0, NOT_OBJECT],
  ['runPair', 'reader', [lessons.WRITERS[0], lessons.READERS[0], lessons.SPLITS[0], 'a'], 1, NOT_OBJECT],
  ['runPair', 'split', [lessons.WRITERS[0], lessons.READERS[0], lessons.SPLITS[0], 'a'], 2, NOT_OBJECT],
  ['runPair', 'answer', [lessons.WRITERS[0], lessons.READERS[0], lessons.SPLITS[0], 'a'], 3, NOT_STRING],
  ['writerReaderTable', 'answer', ['a'], 0, NOT_STRING],
  ['writerReaderTable', 'writers', ['a', lessons.WRITERS], 1, defined(NOT_ARRAY)],
  ['writerReaderTable', 'readers', ['a', lessons.WRITERS, lessons.READERS], 2, defined(NOT_ARRAY)],
  ['writerReaderTable', 'splits', ['a', lessons.WRITERS, lessons.READERS, lessons.SPLITS], 3, defined(NOT_ARRAY)],
  ['readFailure', 'stream', [''], 0, NOT_STRING],
  ['readStandardText', 'stream', [''], 0, NOT_STRING],
  ['readOrThrow', 'read', [lessons.readPage, ''], 0, NOT_FUNCTION],
  ['readOrThrow', 'stream', [lessons.readPage, ''], 1, NOT_STRING],
  // Readers as a chat page uses them (the ones over a body are in BODY_READERS)
  ['decodingEachPiece', 'pieces', [[bytes]], 0, NOT_ARRAY],
  ['parsingEachPiece', 'pieces', [[bytes]], 0, NOT_ARRAY],
  ['pageOverPieces', 'pieces', [[bytes]], 0, NOT_ARRAY],
  ['standardOverPieces', 'pieces', [[bytes]], 0, NOT_ARRAY],
  // Cuts
  ['bodyOf', 'pieces', [[bytes]], 0, [null, 'bytes', [1]]],
  ['piecesInTwo', 'bytes', [bytes, 1], 0, NOT_BYTES],
  ['piecesInTwo', 'cut', [bytes, 1], 1, NOT_NUMBER],
  ['readInTwo', 'reader', [cutReader.read, bytes, 1], 0, NOT_FUNCTION],
  ['readInTwo', 'bytes', [cutReader.read, bytes, 1], 1, NOT_BYTES],
  ['readInTwo', 'cut', [cutReader.read, bytes, 1], 2, NOT_NUMBER],
  ['readWhole', 'reader', [cutReader.read, bytes], 0, NOT_FUNCTION],
  ['readWhole', 'bytes', [cutReader.read, bytes], 1, NOT_BYTES],
  ['readByteByByte', 'reader', [cutReader.read, bytes], 0, NOT_FUNCTION],
  ['readByteByByte', 'bytes', [cutReader.read, bytes], 1, NOT_BYTES],
  ['sameResult', 'a', [{}, {}], 0, NOT_OBJECT],
  ['sameResult', 'b', [{}, {}], 1, NOT_OBJECT],
  ['mapStream', 'bytes', [bytes], 0, NOT_BYTES],
  ['describeCut', 'map', [lessons.mapStream(bytes), 1], 0, NOT_OBJECT],
  ['describeCut', 'at', [lessons.mapStream(bytes), 1], 1, NOT_NUMBER],
  ['cutContext', 'bytes', [bytes, 1], 0, NOT_BYTES],
  ['cutContext', 'at', [bytes, 1], 1, NOT_NUMBER],
  ['cutContext', 'span', [bytes, 1, 4], 2, defined(NOT_NUMBER)],
  ['scanCuts', 'bytes', [bytes, cutReader], 0, NOT_BYTES],
  ['scanCuts', 'reader', [bytes, cutReader], 1, NOT_OBJECT],
  ['scanEveryReader', 'bytes', [bytes], 0, NOT_BYTES],
  ['firstDifference', 'expected', ['a', 'b'], 0, NOT_STRING],
  ['firstDifference', 'got', ['a', 'b'], 1, NOT_STRING],
  // Streams that stop short, paced hosts, batched paints, a turn on a clock
  ['dropAt', 'bytes', [bytes, 1], 0, NOT_BYTES],
  ['dropAt', 'at', [bytes, 1], 1, NOT_NUMBER],
  ['settleTurn', 'result', [{}], 0, NOT_OBJECT],
  ['recordTurn', 'history', [[], 'q', {}], 0, NOT_ARRAY],
  ['recordTurn', 'question', [[], 'q', {}], 1, NOT_STRING],
  ['recordTurn', 'outcome', [[], 'q', {}], 2, NOT_OBJECT],
  ['droppingHost', 'bytes', [bytes, 1], 0, NOT_BYTES],
  ['droppingHost', 'at', [bytes, 1], 1, NOT_NUMBER],
  ['submitCarefully', 'host', [host, 'q', []], 0, NOT_FUNCTION],
  ['submitCarefully', 'question', [host, 'q', []], 1, NOT_STRING],
  ['submitCarefully', 'history', [host, 'q', []], 2, NOT_ARRAY],
  ['createFakeClock', 'start', [0], 0, defined(NOT_NUMBER)],
  ['createPaintBatcher', 'options', [{}], 0, NOT_OBJECT],
  ['createPacedHost', 'options', [{}], 0, defined(NOT_OBJECT)],
  ['createBurstHost', 'options', [{}], 0, NOT_OBJECT],
  ['wordPieces', 'text', ['a b'], 0, NOT_STRING],
  ['runStreamTurn', 'options', [{}], 0, NOT_OBJECT],
  // Provider streams
  ['field', 'key', [{}, 'k'], 1, NOT_STRING],
  ['stringField', 'key', [{}, 'k'], 1, NOT_STRING],
  ['ProviderChannels', 'provider', ['openai'], 0, NOT_PROVIDER],
  ['ProviderChannels', 'on', ['openai', {}], 1, defined(NOT_OBJECT)],
  ['routeProviderEvent', 'provider', ['openai', '{}'], 0, NOT_PROVIDER],
  ['routeProviderEvent', 'data', ['openai', '{}'], 1, NOT_STRING],
  ['readProviderStream', 'provider', ['openai', new ReadableStream()], 0, NOT_PROVIDER],
  ['readProviderStream', 'body', ['openai', null], 1, NOT_BODY],
  ['readProviderStream', 'on', ['openai', new ReadableStream(), {}], 2, defined(NOT_OBJECT)],
  ['readProviderPieces', 'provider', ['openai', [bytes]], 0, NOT_PROVIDER],
  ['readProviderPieces', 'pieces', ['openai', [bytes]], 1, NOT_ARRAY],
  ['createProviderPipeline', 'provider', ['openai'], 0, NOT_PROVIDER],
  ['createProviderPipeline', 'observers', ['openai', {}], 1, defined(NOT_OBJECT)],
  ['pipeGrowingText', 'source', [{}], 0, NOT_OBJECT],
  ['xhrGrowingText', 'xhr', [{}], 0, NOT_OBJECT],
  ['splitReads', 'provider', ['openai', bytes, 'event'], 0, NOT_PROVIDER],
  ['splitReads', 'bytes', ['openai', bytes, 'event'], 1, NOT_BYTES],
  ['splitReads', 'size', ['openai', bytes, 'event'], 2, [...NOT_NUMBER, 'events']],
  ['endOfLastSentence', 'text', ['a.'], 0, NOT_STRING],
  ['applySentencePolicy', 'answer', ['a.', 'sentences', true], 0, NOT_STRING],
  ['applySentencePolicy', 'policy', ['a.', 'sentences', true], 1, [null, undefined, 'sentence']],
  ['createStreamPlayer', 'options', [{}], 0, NOT_OBJECT],
  [
    'createStreamPlayer',
    'options.reads',
    [{ provider: 'openai' }],
    0,
    [{ provider: 'openai' }, { provider: 'openai', reads: 'x' }],
  ],
  // named by createProviderPipeline
  ['createStreamPlayer', 'provider', [{ provider: 'openai', reads: [] }], 0, [{ provider: 'x', reads: [] }]],
  ['cutProviderRecording', 'recording', [recording, 1], 0, NOT_OBJECT],
  ['cutProviderRecording', 'at', [recording, 1], 1, NOT_NUMBER],
  ['cutProviderRecording', 'reader', [recording, 1, lessons.PROVIDER_CUT_READERS[0]], 2, defined(NOT_OBJECT)],
  ['scanProviderCuts', 'recording', [recording], 0, NOT_OBJECT],
  ['scanProviderCuts', 'reader', [recording, lessons.PROVIDER_CUT_READERS[0]], 1, defined(NOT_OBJECT)],
  ['describeProviderCut', 'bytes', [bytes, 1], 0, NOT_BYTES],
  ['describeProviderCut', 'at', [bytes, 1], 1, NOT_NUMBER],
  ['readProviderDecodingEachRead', 'provider', ['openai', [bytes]], 0, NOT_PROVIDER],
  ['readProviderDecodingEachRead', 'pieces', ['openai', [bytes]], 1, NOT_ARRAY],
  ['sameProviderResult', 'a', [{}, {}], 0, NOT_OBJECT],
  ['sameProviderResult', 'b', [{}, {}], 1, NOT_OBJECT],
  ['recordingById', 'id', ['openai'], 0, [null, undefined, 'OpenAI', 42]],
  ['truncateRecording', 'from', [recording], 0, NOT_OBJECT],
  ['failRecording', 'from', [recording], 0, NOT_OBJECT],
  ['endRecording', 'from', [recording, 'token-limit'], 0, NOT_OBJECT],
  ['endRecording', 'ending', [recording, 'token-limit'], 1, [null, undefined, 'cut', 42]],
  ['routeGeminiTail', 'tail', [''], 0, NOT_STRING],
  ['sameEnding', 'a', [{}, {}], 0, NOT_OBJECT],
  ['sameEnding', 'b', [{}, {}], 1, NOT_OBJECT],
  ['validateProviderEvents', 'provider', ['openai', []], 0, NOT_PROVIDER],
  ['validateProviderEvents', 'events', ['openai', []], 1, NOT_ARRAY],
  ['checkShape', 'shape', [{}, {}], 1, NOT_OBJECT],
  ['checkShape', 'path', [{}, {}, '$'], 2, defined(NOT_STRING)],
  // One streamed call per round
  ['sseData', 'data', ['{}'], 0, NOT_STRING],
  ['textTokens', 'text', ['a'], 0, NOT_STRING],
  ['argumentTokens', 'json', ['{}'], 0, NOT_STRING],
  ['promptTokens', 'request', [{}], 0, NOT_OBJECT],
  ['planRound', 'request', [{}, () => 'id'], 0, NOT_OBJECT],
  ['planRound', 'newCallId', [{}, () => 'id'], 1, NOT_FUNCTION],
  ['startModelReplica', 'options', [{}], 0, defined(NOT_OBJECT)],
  ['replicaChunks', 'request', [{}], 0, NOT_OBJECT],
  ['replicaChunks', 'epochSeconds', [{}, 0], 1, defined(NOT_NUMBER)],
  ['readChatChunks', 'body', [null], 0, NOT_BODY],
  ['assembleToolCalls', 'chunks', [[chunk]], 0, NOT_ARRAY],
  ['assembleToolCallsByPosition', 'chunks', [[chunk]], 0, NOT_ARRAY],
  ['readRound', 'chunks', [[chunk]], 0, NOT_ARRAY],
  ['readRoundSkippingEmptyDeltas', 'chunks', [[chunk]], 0, NOT_ARRAY],
  ['readRoundBlindly', 'chunks', [[chunk]], 0, NOT_ARRAY],
  ['paragraphBreak', 'shown', ['a'], 0, NOT_STRING],
  ['joinRounds', 'texts', [['a']], 0, [...NOT_ARRAY, [1]]],
  ['joinRoundsAsTheyCome', 'texts', [['a']], 0, [...NOT_ARRAY, [null]]],
  ['runTurn', 'harness', ['poll-then-stream', {}], 0, [null, undefined, 'poll', 1]],
  ['runTurn', 'options', ['poll-then-stream', {}], 1, NOT_OBJECT],
  ['startTurn', 'harness', ['poll-then-stream', {}], 0, [null, undefined, 'poll', 1]],
  ['startTurn', 'options', ['poll-then-stream', {}], 1, NOT_OBJECT],
  ['runPollThenStreamTurn', 'options', [{}], 0, NOT_OBJECT],
  ['runStreamEveryRoundTurn', 'options', [{}], 0, NOT_OBJECT],
  ['runOnFakeClock', 'clock', [lessons.createFakeClock(), Promise.resolve()], 0, NOT_OBJECT],
  ['runOnFakeClock', 'work', [lessons.createFakeClock(), Promise.resolve()], 1, NOT_OBJECT],
  ['roundRequest', 'question', ['q'], 0, NOT_STRING],
  ['roundRequest', 'options', ['q', {}], 1, defined(NOT_OBJECT)],
  ['recordRound', 'question', ['q'], 0, NOT_STRING],
  ['recordRound', 'options', ['q', {}], 1, defined(NOT_OBJECT)],
  ['roundChunks', 'question', ['q'], 0, NOT_STRING],
  ['roundChunks', 'options', ['q', {}], 1, defined(NOT_OBJECT)],
  ['wireOf', 'chunks', [[]], 0, NOT_ARRAY],
  ['chunksOfWire', 'wire', [''], 0, NOT_STRING],
  ['shortChunkLine', 'line', [''], 0, NOT_STRING],
  ['callOnFakeClock', 'clock', [{}, {}, {}, 't'], 0, NOT_OBJECT],
  ['callOnFakeClock', 'replica', [{}, {}, {}, 't'], 1, NOT_OBJECT],
  ['callOnFakeClock', 'request', [{}, {}, {}, 't'], 2, NOT_OBJECT],
  ['callOnFakeClock', 'turn', [{}, {}, {}, 't'], 3, NOT_STRING],
  // The trace as a page lists it
  ['traceView', 'stream', ['data: a\n\n'], 0, NOT_STRING],
  ['viewOfTrace', 'trace', [lessons.traceStandard(''), 0], 0, NOT_OBJECT],
  ['viewOfTrace', 'length', [lessons.traceStandard(''), 0], 1, NOT_NUMBER],
  ['cutText', 'text', ['abc', 2], 0, NOT_STRING],
  ['cutText', 'max', ['abc', 2], 1, NOT_NUMBER],
  // The stream inspector
  ['runInspect', 'request', [{ op: 'inspect', source: { kind: 'text', text: 'data: a\n\n' } }], 0, NOT_OBJECT],
  ['inspectBody', 'body', ['data: a\n\n'], 0, NOT_STRING],
  ['inspectBody', 'options', ['data: a\n\n', {}], 1, defined(NOT_OBJECT)],
  ['readBlob', 'blob', [new Blob(['a'])], 0, NOT_OBJECT],
  ['exampleStream', 'id', ['anthropic'], 0, [null, undefined, 'Anthropic', 42]],
  ['hasProblem', 'report', [{ findings: [] }], 0, NOT_OBJECT],
  ['readInput', 'source', [{ kind: 'text', text: 'data: a\n\n' }], 0, NOT_OBJECT],
  ['formatName', 'tr', ['gemini', () => ''], 1, NOT_FUNCTION],
  ['reportMarkdown', 'report', [{}, () => '', {}], 0, NOT_OBJECT],
  ['reportMarkdown', 'tr', [{}, () => '', {}], 1, NOT_FUNCTION],
  ['reportMarkdown', 'options', [{}, () => '', {}], 2, NOT_OBJECT],
  ['responseMarkdown', 'v', [{}, () => ''], 0, NOT_OBJECT],
  ['responseMarkdown', 'tr', [{}, () => ''], 1, NOT_FUNCTION],
  ['harMarkdown', 'entries', [[], 0, () => ''], 0, NOT_ARRAY],
  ['harMarkdown', 'total', [[], 0, () => ''], 1, NOT_NUMBER],
  ['harMarkdown', 'tr', [[], 0, () => ''], 2, NOT_FUNCTION],
];

/** Readers of a body: they reject the same TypeError, for a bad body and for a locked one. */
const BODY_READERS: Name[] = [
  'readStandardStream',
  'readPageStream',
  'readChatServiceStream',
  'pumpBody',
  'readStandardStreamResult',
  'readStandardEventsResult',
  'readDecodingEachPiece',
  'readParsingEachPiece',
  'readPageStreamResult',
  'readChatServiceStreamResult',
];

/** Exports that check nothing, and why. */
const EXEMPT: Partial<Record<Name, string>> = {
  expectString: 'an argument check itself: its value may be anything, that is what it checks',
  expectOptions: 'an argument check itself: its value may be anything, that is what it checks',
  routeOpenAIEvent:
    "the payload is any parsed JSON value by design; what is not the provider's event is routed as ignored",
  routeAnthropicEvent:
    "the payload is any parsed JSON value by design; what is not the provider's event is routed as ignored",
  routeGeminiEvent:
    "the payload is any parsed JSON value by design; what is not the provider's event is routed as ignored",
  runLesson6d: 'takes no argument',
  BillingLedger: 'its constructor takes no argument',
  CallLog: 'its constructor takes no argument',
  ChatServiceStreamState: 'its constructor takes no argument',
  EventSorter: 'its constructor takes no argument',
  RoundReader: 'its constructor takes no argument',
  Transcript: 'its constructor takes no argument',
  ModelStreamError:
    "an Error the course's readers throw: a kind of ModelStreamProblem and a message, never learner input",
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shown = (value: unknown) =>
  typeof value === 'string' && value.length > 20
    ? 'a long string'
    : Array.isArray(value)
      ? `[${value.map(String)}]`
      : String(value);

describe('every exported function and class checks its arguments', () => {
  it('every function and class export has a row, is a body reader or is exempt with a reason', () => {
    const exported = Object.keys(lessons)
      .filter((name) => typeof lessons[name as Name] === 'function')
      .sort();
    const covered = [...new Set([...ROWS.map(([name]) => name), ...BODY_READERS, ...Object.keys(EXEMPT)])].sort();
    expect(covered).toEqual(exported);
    for (const name of Object.keys(EXEMPT))
      expect(
        ROWS.some(([row]) => row === name),
        `${name} is both checked and exempt`,
      ).toBe(false);
  });

  for (const [name, argument, good, at, bad] of ROWS) {
    it(`${name}: ${argument}`, async () => {
      const prefix = new RegExp(`^${escape(argument.includes(':') ? argument : `${name}: ${argument}`)}\\b`);
      for (const value of bad) {
        const args = good.map((arg, i) => (i === at ? value : arg));
        if (at >= good.length) args[at] = value;
        const error = await invoke(name, args).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        const call = `${name}(${args.map(shown).join(', ')})`;
        expect(error, call).toBeInstanceOf(TypeError);
        // createStreamPlayer's provider is checked by the pipeline it builds
        const expected =
          name === 'createStreamPlayer' && argument === 'provider' ? /^createProviderPipeline: provider\b/ : prefix;
        expect((error as TypeError).message, call).toMatch(expected);
      }
    });
  }

  it('the body readers refuse what is not a stream, and a locked one', async () => {
    for (const name of BODY_READERS) {
      for (const bad of NOT_BODY) {
        const error = await invoke(name, [bad, () => false]).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error, `${name}(${shown(bad)})`).toBeInstanceOf(TypeError);
        expect((error as TypeError).message).toMatch(new RegExp(`^${name}: body must be a ReadableStream, got `));
      }
      const locked = new ReadableStream<Uint8Array>();
      locked.getReader();
      await expect(invoke(name, [locked, () => false]), name).rejects.toThrow(new RegExp(`^${name}: body is locked`));
    }
  });

  it("splitPinned and splitAfter743 keep GA's rule: null, undefined and whitespace give no chunks", () => {
    // SseChunker.SplitIntoChunks starts with string.IsNullOrWhiteSpace(text): a null answer is no answer, not an error.
    for (const split of [lessons.splitPinned, lessons.splitAfter743]) {
      for (const blank of [null, undefined, '', ' \n\t']) expect(split(blank)).toEqual([]);
    }
  });

  it('a message says what was expected and what came', () => {
    expect(() => lessons.splitAfter743(1 as never)).toThrow(
      /^splitAfter743: answer must be a string, got a number \(1\)$/,
    );
    expect(() => lessons.routeProviderEvent('OpenAI' as never, '{}')).toThrow(
      /^routeProviderEvent: provider must be one of openai, anthropic, gemini, got the string "OpenAI"$/,
    );
    expect(() => lessons.mapStream(null as never)).toThrow(/^mapStream: bytes must be a Uint8Array, got null$/);
    expect(() => lessons.createInPageHost('x'.repeat(10_000_000) as never)).toThrow(
      /^createInPageHost: options must be an object, got a string of 10000000 characters$/,
    );
  });

  it('the methods a learner or a demo calls on lessons-code objects check their arguments too', () => {
    const chunk = {
      id: 'c',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }],
    };
    const batcher = () => lessons.createPaintBatcher({ paint: () => undefined, clock: lessons.createFakeClock() });
    const methods: [string, string, unknown[], (bad: unknown) => unknown][] = [
      ['RoundReader.take', 'chunk', NOT_OBJECT, (bad) => new lessons.RoundReader().take(bad as never)],
      [
        'RoundReader.take',
        'chunk.choices',
        NOT_ARRAY,
        (bad) => new lessons.RoundReader().take({ ...chunk, choices: bad } as never),
      ],
      ['PageStreamState.push', 'text', NOT_STRING, (bad) => new lessons.PageStreamState().push(bad as never)],
      [
        'ChatServiceStreamState.push',
        'text',
        NOT_STRING,
        (bad) => new lessons.ChatServiceStreamState().push(bad as never),
      ],
      ['EventSorter.take', 'data', NOT_STRING, (bad) => new lessons.EventSorter().take(bad as never)],
      ['PaintBatcher.delta', 'aggregate', NOT_STRING, (bad) => batcher().delta(bad as never)],
      ['PaintBatcher.clear', 'text', defined(NOT_STRING), (bad) => batcher().clear(bad as never)],
      ['PaintBatcher.finish', 'final', NOT_STRING, (bad) => batcher().finish(bad as never)],
      ['FakeClock.setTimeout', 'run', NOT_FUNCTION, (bad) => lessons.createFakeClock().setTimeout(bad as never, 1)],
      [
        'FakeClock.setTimeout',
        'ms',
        NOT_NUMBER,
        (bad) => lessons.createFakeClock().setTimeout(() => undefined, bad as never),
      ],
      ['FakeClock.advanceTo', 't', NOT_NUMBER, (bad) => lessons.createFakeClock().advanceTo(bad as never)],
      ['FakeClock.advance', 'ms', NOT_NUMBER, (bad) => lessons.createFakeClock().advance(bad as never)],
    ];
    for (const [where, name, bads, call] of methods) {
      for (const bad of bads)
        expect(() => call(bad), `${where}(${shown(bad)})`).toThrow(
          new RegExp(`^${where.replace('.', '\\.')}: ${name.replace('.', '\\.')} must be `),
        );
    }
    // Good calls are unchanged.
    expect(new lessons.RoundReader().take(chunk as never)).toBe('Hi');
    expect(new lessons.PageStreamState().push('data: [DONE]\n\n')).toBe(true);
    const clock = lessons.createFakeClock();
    let ran = false;
    clock.setTimeout(() => (ran = true), 5);
    clock.advance(5);
    expect(ran).toBe(true);
  });

  it('the checks do not change good calls', async () => {
    expect(lessons.writeGaApiEvent('a')).toBe('data: a\n\n');
    expect(lessons.compare('a\n', 'a\n')).toBe('exact');
    expect(typeof lessons.createInPageHost()).toBe('function');
    expect(lessons.wordPieces('a b')).toEqual(['a ', 'b']);
    expect(lessons.refuseRequest(lessons.CHAT_PATH, 'POST', null)?.status).toBe(415);
    expect(lessons.recordingById('gemini').id).toBe('gemini');
    expect(lessons.joinRounds([])).toBe('');
    expect(await lessons.readChatServiceStreamResult(lessons.bodyOf([bytes]))).toMatchObject({ error: null });
  });
});
