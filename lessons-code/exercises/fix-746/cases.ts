// Exercise 2: GaApi's half of #746's fix and a chatService that joins every data line. The writer
// and the reader are each checked on their own first (a chunk with a blank line and a final line
// break, a chunk with a CRLF, an event with every form of `data:` line, two of #743's chunks), then
// what the fix leaves as chatService has it (lines that are not data, JSON events, the end of the
// stream that no blank line closes, an error event); the last case is the lesson's six-pair table
// with the learner's writer and reader in place of GaApi's and chatService's: the learner's
// functions are called, in their worker, on every chunk and every stream the table needs; the table
// itself is built here, by lessons-code.

import {
  IMPROVISATION_ANSWER,
  READERS,
  SPLITS,
  WRITERS,
  readChatService,
  splitAfter743,
  streamOf,
  writeGaChatbotEvent,
  writerReaderTable,
  type Reader,
  type Writer,
  type Arbitrary,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
  type Learner,
  type Outcome,
  type Shown,
} from 'lessons-code';
// The file of the exercise is its reference solution: what a right answer gives on any input.
import * as reference from './exercise.ts';

/** The table's header, as the program prints it (program output: never translated). */
export const TABLE_HEADER = ['writer', 'reader', ...SPLITS.map((split) => split.label)];

/** The table #746's fix must print: every pair loses the same 6 line breaks to the pinned chunker, none to #743's. */
export const EXPECTED_TABLE: string[][] = WRITERS.flatMap((writer) =>
  READERS.map((reader) => [writer.label, reader.label, '6 line breaks missing', 'exact']),
);

const [GACHATBOT_WRITER, GAAPI_WRITER] = WRITERS as [Writer, Writer];
const [STANDARD_READER, PAGE_READER, CHAT_SERVICE_READER] = READERS as [Reader, Reader, Reader];

/** A chunk as #743 cuts one: a blank line inside it, and the line break after its last sentence kept at its end. */
const CHUNK = 'a\n\nb\n';

/** A chunk with a Windows line end, as AppendLine ends a line on Windows (exercise 1's chunk). */
const CRLF_CHUNK = 'a\r\nb';

/**
 * One event with every form a `data:` line takes: a value, nothing, two spaces, no space (and a
 * space inside the value); then `[DONE]`.
 */
const EVENT_STREAM = 'data: a\ndata:\ndata:  b\ndata:c d\n\ndata: [DONE]\n\n';

/**
 * The first two chunks of #743's split of the improvisation answer, each ending with its line
 * break, and the stream a writer that gives every line its own `data: ` line sends for them
 * (GaChatbot.Api's, which for chunks without a CR is the fixed GaApi writer).
 */
const TWO_CHUNKS = splitAfter743(IMPROVISATION_ANSWER).slice(0, 2);
const TWO_CHUNKS_STREAM = streamOf(writeGaChatbotEvent, TWO_CHUNKS);

/**
 * A stream of what #746's fix leaves alone: an `event:` field before a `data:` line that has no space
 * after its colon, a comment, the routing event, a text event, then a line that no blank line closes.
 * Each event has one `data:` line, and no value has whitespace at its ends but the optional space, so
 * chatService at the pin (lessons-code's readChatService, which keeps the first `data:` line, trimmed)
 * reads it as the fix does: that port gives the expected value.
 */
const FIRST_TEXT = 'x y';
const ROUTING_DATA = '{"type": "routing"}';
const LAST_TEXT = 'z';
const UNCLOSED = 'rest \n';
const OTHER_LINES_STREAM =
  `event: message\ndata:${FIRST_TEXT}\n\n` +
  ': keep-alive\n\n' +
  `data: ${ROUTING_DATA}\n\n` +
  `data: ${LAST_TEXT}\n\n` +
  UNCLOSED;

/** A text that starts with a brace and is not JSON: chatService's JSON.parse throws a SyntaxError on it. */
const NOT_JSON = '{C, E, G}';

/**
 * The same set in a sentence, as #743 cuts it: the chunk ends with its line break, so the text the
 * fixed reader joins does not end with `}` either; only its first character makes chatService parse it.
 */
const NOT_JSON_SENTENCE = `data: ${NOT_JSON} is C major.\ndata: `;

/** A text event, then an error event as a host that failed sends it: no `[DONE]` after it. */
const ERROR_STREAM = 'data: a\n\ndata: {"error": "Model unavailable"}\n\n';

/** What a reader did with a stream: what it returned, or the message of the Error it threw. */
type ReadResult = { returned: unknown } | { threw: string };

/** What lessons-code's chatService (the pin's) does with a stream; the fix does not touch its errors. */
function chatServiceResult(stream: string): ReadResult {
  try {
    return { returned: readChatService(stream) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** What the reference solution's reader does with a stream. */
function referenceResult(stream: string): ReadResult {
  try {
    return { returned: reference.readChatService(stream) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** A reader's result: what it returned, or the message of what it threw. */
const showResult = (value: ReadResult, tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    'threw' in value
      ? { label: tools.text('result.threw'), text: tools.showValue(value.threw) }
      : { label: tools.text('result.returned'), text: tools.showValue(value.returned) },
  ],
});

/**
 * What the learner's reader does with a stream. Only an Error that the learner's code threw becomes
 * a result; anything else (a value thrown that is not an Error, the page stopping the check) goes on
 * and is the case's verdict.
 */
async function learnerResult(learner: Learner, stream: string): Promise<ReadResult> {
  try {
    return { returned: await learner.call('readChatService', stream) };
  } catch (error) {
    if (error instanceof Error && 'wasError' in error && error.wasError === true) return { threw: error.message };
    throw error;
  }
}

/** True when the learner's function returned exactly one of these strings. */
const returned =
  (...wrong: string[]) =>
  (outcome: Outcome): boolean =>
    outcome.kind === 'value' && typeof outcome.value === 'string' && wrong.includes(outcome.value);

/** A call as the learner can type it to try it: the function's name, then its argument in code notation. */
const call = (name: string, argument: string, tools: CheckTools): Shown => ({
  kind: 'code',
  text: `${name}(${tools.showValue(argument)})`,
});

/**
 * A chunk the writer must send as it is, line by line: letters, spaces, LF, CR, CRLF, a colon, characters
 * beyond ASCII (a 2-byte é and a 4-byte 🎸), so that every line end and every `data:` form occurs;
 * an é written as an e and a combining accent (NFD text, which no writer may normalize); U+2028
 * LINE SEPARATOR (a line terminator for JavaScript, but not for an event stream, whose lines end
 * with CRLF, LF or CR alone:
 * https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream); and `$$`
 * (markdown's display-math fence; in a replacement string of `replace`, `$$` stands for one `$`);
 * and NUL, which a JSON string can carry (`\u0000`) and a `data:` line may hold like any character
 * but CR and LF (the stream's grammar, `any-char`, in the section linked above).
 */
const writerChunk = (gen: Gen): Arbitrary<string> =>
  gen.string({
    unit: gen.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', ':', 'é', '🎸', 'e\u0301', '\u2028', '$$', '\u0000'),
    maxLength: 12,
  });

/**
 * A chunk of many lines: a chord chart or a tab, with no `.`, `!` or `?` in it, which #743's split
 * leaves whole (it cuts after a sentence end only), so every one of its lines needs its `data: `.
 * A tab's six strings repeat for as many bars as the answer has, so the chunk may have up to 150
 * lines and often has more than 20 (a writer that stops after some number of lines is wrong); then
 * come a few lines of any content. Both parts shrink to nothing, so a failure that one short line
 * shows is shown on that line alone.
 */
const TAB_STRINGS = ['e|-', 'B|-', 'G|-', 'D|-', 'A|-', 'E|-'];
const manyLinesChunk = (gen: Gen): Arbitrary<string> =>
  gen
    .tuple(
      gen.integer({ min: 0, max: 140 }),
      gen.array(gen.string({ unit: gen.constantFrom('a', ' ', '|', '-'), maxLength: 3 }), { maxLength: 10 }),
    )
    .map(([bars, lines]) =>
      [...Array.from({ length: bars }, (_, i) => TAB_STRINGS[i % TAB_STRINGS.length]!), ...lines].join('\n'),
    );

/** One line of an event: a `data:` line with or without its space, another field, or a comment. */
const eventLine = (gen: Gen): Arbitrary<string> =>
  gen.oneof(
    // The value may be anything but JSON (handled below): no `{` at its start.
    gen.tuple(gen.constantFrom('data: ', 'data:', 'data:  '), chunkOfLine(gen)).map(([field, value]) => field + value),
    // A value that starts with `data:` or with a space and a `{` (text, not JSON: only a `{` right
    // after the optional space makes JSON), after a `data:` line's one space.
    gen
      .tuple(gen.constantFrom('data: ', 'data:  '), gen.constantFrom('data: ', 'data:', ' {'), chunkOfLine(gen))
      .map(([field, start, value]) => field + start + value),
    // `database:` is a field of its own, not a `data:` line; nor are `DATA:` and `Data:`: field names
    // are compared literally, with no case folding
    // (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation),
    // and chatService tests `startsWith('data:')`.
    gen.constantFrom(
      'event: message',
      'id: 7',
      ': keep-alive',
      'retry: 1000',
      'data: [DONE]',
      'database: a',
      'DATA: a',
      'Data: a',
      // A line that starts with U+FEFF, after another line: only one BOM at the very start of the
      // stream is ignored (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream),
      // so this line's field is `\ufeffdata`, not `data`; chatService's `startsWith('data:')` agrees.
      'event: message\n\ufeffdata: a',
    ),
  );

/** A line's worth of text: no LF (it would end the line). */
const chunkOfLine = (gen: Gen): Arbitrary<string> =>
  gen.string({ unit: gen.constantFrom('a', 'b', ' ', '\r', ':', 'é', '🎸'), maxLength: 6 });

/**
 * A stream chatService may be given: events of one to three lines, each closed by a blank line, a
 * JSON event now and then (the routing event, an error as a failing host sends it, or a chunk whose
 * `error` is falsy), and perhaps a last line that no blank line closes.
 */
const streamOf746 = (gen: Gen): Arbitrary<string> =>
  gen
    .tuple(
      gen.array(
        gen.oneof(
          gen.array(eventLine(gen), { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')),
          gen.constantFrom(
            `data: ${ROUTING_DATA}`,
            'data: {"error": "Model unavailable"}',
            // chatService throws for any truthy `error`, a status code too,
            'data: {"error": 503}',
            // or an object, as OpenAI-compatible servers send an error in the middle of a stream
            // (https://openrouter.ai/docs/api-reference/streaming, "Handling Errors During Streaming"):
            // its message is the object turned into a string, `[object Object]`, as
            // `new Error(parsed.error)` makes it (Apps/ga-client/src/services/chatService.ts line 63 at
            // a826864); chatService does not look inside it.
            'data: {"error": {"message": "Model unavailable"}}',
            // and skips JSON whose `error` is falsy (`if (parsed.error)`, Apps/ga-client/src/services/
            // chatService.ts line 62 at a826864): servers that write an `error` key on every chunk
            // send `"error": null` on the healthy ones
            // (https://github.com/pollinations/pollinations/pull/14487 makes a client ignore them).
            'data: {"error": null}',
            'data: {"error": ""}',
            'data: {"error": false}',
            // 0 is falsy too: `if (parsed.error)` skips it like the others.
            'data: {"error": 0}',
            // An empty list is truthy (any object is: ECMA-262, section 7.1.2 ToBoolean), so chatService throws,
            // with the empty message `String([])` gives: the test is on `error`, not on its message.
            'data: {"error": []}',
            // The event the fixed GaApi writer sends for a chunk that is a line break alone (as a
            // server that streams token by token sends a paragraph's end): two `data:` lines with
            // empty values, which make the text `\n`
            // (each value and an LF go into the data buffer, then its last LF is removed:
            // https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
            // An event is skipped when it has no `data:` line, not when its values are empty.
            'data: \ndata: ',
            'data:\ndata:\ndata:',
            // A chunk of the answer that opens with a brace (a chord's notes as a set, or code), which
            // the fixed GaApi writer sends as it is: chatService hands it to JSON.parse and lets the
            // SyntaxError through (Apps/ga-client/src/services/chatService.ts lines 59–68 at
            // a826864), so the read ends there; whether the text ends with `}` does not matter.
            `data: ${NOT_JSON}`,
            NOT_JSON_SENTENCE,
          ),
        ),
        { maxLength: 5 },
      ),
      // The unclosed last line may be a `data:` line too (a stream cut before its blank line):
      // chatService adds it as it is, `data:` included, trimmed (chatService.ts lines 156–159 at a826864).
      gen.option(
        gen.oneof(
          chunkOfLine(gen),
          chunkOfLine(gen).map((value) => 'data: ' + value),
        ),
        { nil: undefined },
      ),
    )
    .map(([events, rest]) => events.map((event) => event + '\n\n').join('') + (rest ?? ''));

/** Where a mistaken reader differs from the reference's: which lines it reads, their values, JSON, errors. */
type ReaderVariant = {
  isData?: (line: string) => boolean;
  value?: (line: string) => string;
  skips?: (values: string[]) => boolean;
  isJson?: (payload: string) => boolean;
  throws?: (error: unknown) => boolean;
  message?: (error: unknown) => string;
  rest?: (rest: string) => string;
};

/** Whether a text is JSON. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The reference's reader with one of its steps done as a mistake does it: the generated diagnoses' model. */
function variantResult(stream: string, variant: ReaderVariant): ReadResult {
  const {
    isData = (line) => line.startsWith('data:'),
    value = (line) => line.slice(5).replace(/^ /, ''),
    skips = (values) => values.length === 0,
    isJson = (payload) => payload.startsWith('{'),
    throws = (error) => Boolean(error),
    message = (error) => String(error),
    rest: restText = (text) => text.trim(),
  } = variant;
  try {
    let response = '';
    const events = stream.split('\n\n');
    const rest = events.pop() ?? '';
    for (const event of events) {
      const values = event.split('\n').filter(isData).map(value);
      if (skips(values)) continue;
      const payload = values.join('\n');
      if (payload === '' || payload === '[DONE]') continue;
      if (isJson(payload)) {
        const parsed = JSON.parse(payload);
        if (throws(parsed.error)) throw new Error(message(parsed.error));
        continue;
      }
      response += payload;
    }
    return { returned: response + restText(rest) };
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

/** The mistake files' writers, as the generated diagnoses recognise them. */
const dataLines = (chunk: string) => chunk.split('\n').map((line) => 'data: ' + line);

const generatedCases = [
  {
    kind: 'generated',
    id: 'writer-generated',
    uses: ['writeGaApiEvent'],
    inputs: (gen) => gen.oneof(writerChunk(gen), manyLinesChunk(gen)),
    run: async (learner, chunk) => learner.call('writeGaApiEvent', chunk),
    expected: (chunk) => reference.writeGaApiEvent(chunk),
    input: (chunk, tools) => call('writeGaApiEvent', chunk, tools),
    diagnoses: [
      { id: 'writer-no-blank-line', like: (chunk) => dataLines(chunk).join('\n') + '\n' },
      { id: 'writer-removes-cr', like: (chunk) => writeGaChatbotEvent(chunk) },
      // The chunk NFC-normalized first: `e` and a combining accent sent as one `é`.
      { id: 'writer-normalizes', like: (chunk) => reference.writeGaApiEvent(chunk.normalize('NFC')) },
      // The chunk put into the replacement string of `replace`, where `$$` stands for one `$`.
      { id: 'writer-replacement-patterns', like: (chunk) => reference.writeGaApiEvent(chunk.replaceAll('$$', '$')) },
      // `split` given a limit of 16 lines: the lines past it dropped.
      {
        id: 'writer-split-limit',
        like: (chunk) =>
          chunk
            .split('\n', 16)
            .map((line) => 'data: ' + line + '\n')
            .join('') + '\n',
      },
      // NUL deleted from the chunk, as if it could not be sent.
      { id: 'writer-deletes-nul', like: (chunk) => reference.writeGaApiEvent(chunk.replaceAll('\u0000', '')) },
      // The chunk split on U+2028 and U+2029 as well as on LF.
      {
        id: 'writer-splits-unicode-lines',
        like: (chunk) =>
          chunk
            .split(/[\n\u2028\u2029]/)
            .map((line) => 'data: ' + line + '\n')
            .join('') + '\n',
      },
      {
        id: 'writer-no-space',
        like: (chunk) =>
          dataLines(chunk)
            .map((line) => line.replace('data: ', 'data:'))
            .join('\n') + '\n\n',
      },
    ],
  } satisfies GeneratedCase<string, unknown>,
  {
    kind: 'generated',
    id: 'reader-generated',
    uses: ['readChatService'],
    inputs: streamOf746,
    // One call per stream, and streams of many shapes: 300 reach the rarer ones (a value of
    // whitespace alone, a CR right after the colon) that 100 did not.
    runs: 300,
    run: (learner, stream) => learnerResult(learner, stream),
    expected: (stream) => referenceResult(stream),
    show: showResult,
    input: (stream, tools) => call('readChatService', stream, tools),
    diagnoses: [
      // Every line that starts with `data`, colon or not: `database: a` read as `ase: a`.
      {
        id: 'reader-data-without-colon',
        like: (stream) => variantResult(stream, { isData: (l) => l.startsWith('data') }),
      },
      // `data: `, then `data:`, replaced wherever they first occur: a value that starts with `data:` loses it.
      {
        id: 'reader-replaces-data-twice',
        like: (stream) => variantResult(stream, { value: (l) => l.replace('data: ', '').replace('data:', '') }),
      },
      // An event skipped when every value is empty: `data: \ndata: ` (a chunk that is one line break) lost.
      {
        id: 'reader-skips-empty-values',
        like: (stream) => variantResult(stream, { skips: (values) => values.every((value) => value === '') }),
      },
      // A U+FEFF taken off the start of every line: `\ufeffdata: a` read as a `data:` line.
      {
        id: 'reader-strips-bom',
        like: (stream) =>
          variantResult(stream, {
            isData: (l) => l.replace(/^\ufeff/, '').startsWith('data:'),
            value: (l) =>
              l
                .replace(/^\ufeff/, '')
                .slice(5)
                .replace(/^ /, ''),
          }),
      },
      // Spaces skipped before the test for JSON: the text ` {` parsed as JSON.
      {
        id: 'reader-json-after-spaces',
        like: (stream) => variantResult(stream, { isJson: (payload) => payload.trimStart().startsWith('{') }),
      },
      // A text that starts with `{` parsed only if it is JSON, and shown otherwise: `{C, E, G}` shown.
      {
        id: 'reader-shows-text-not-json',
        like: (stream) => variantResult(stream, { isJson: (payload) => payload.startsWith('{') && parses(payload) }),
      },
      // Only a string `error` thrown: `{"error": 503}` skipped.
      {
        id: 'reader-error-not-thrown',
        like: (stream) => variantResult(stream, { throws: (error) => typeof error === 'string' }),
      },
      // Any `error` property thrown (`'error' in parsed`), a falsy one too: `{"error": null}` throws `null`.
      {
        id: 'reader-throws-falsy-error',
        like: (stream) => variantResult(stream, { throws: (error) => error !== undefined }),
      },
      // An error thrown only when its message is not empty: `{"error": []}` skipped.
      {
        id: 'reader-needs-message',
        like: (stream) => variantResult(stream, { throws: (error) => Boolean(error) && String(error) !== '' }),
      },
      // A list of the falsy values skipped that leaves 0 out: `{"error": 0}` throws `0`.
      {
        id: 'reader-throws-on-zero',
        like: (stream) =>
          variantResult(stream, { throws: (error) => ![undefined, null, false, ''].includes(error as never) }),
      },
      // Every line that starts with `data:` in any case: `DATA: a` read as a `data:` line.
      {
        id: 'reader-data-any-case',
        like: (stream) => variantResult(stream, { isData: (l) => l.slice(0, 5).toLowerCase() === 'data:' }),
      },
      // A text parsed only when it also ends with `}`: `{C, E, G} is C major.` shown.
      {
        id: 'reader-json-needs-closing-brace',
        like: (stream) =>
          variantResult(stream, { isJson: (payload) => payload.startsWith('{') && payload.endsWith('}') }),
      },
      // The message of an object `error` looked for inside it: `Model unavailable` for `[object Object]`.
      {
        id: 'reader-error-message-inside',
        like: (stream) =>
          variantResult(stream, {
            message: (error) =>
              typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error),
          }),
      },
      // `data:` and its space taken off the unclosed last line too: `data: x` ends the answer as `x`.
      {
        id: 'reader-parses-rest',
        like: (stream) => variantResult(stream, { rest: (text) => text.trim().replace(/^data: ?/, '') }),
      },
    ],
  } satisfies GeneratedCase<string, ReadResult>,
];

const definition: ExerciseDefinition = {
  exports: { writeGaApiEvent: 'function', readChatService: 'function' },
  cases: [
    {
      id: 'writer',
      uses: ['writeGaApiEvent'],
      run: (learner) => learner.call('writeGaApiEvent', CHUNK),
      expected: 'data: a\ndata: \ndata: b\ndata: \n\n',
      input: (tools) => call('writeGaApiEvent', CHUNK, tools),
      diagnoses: [
        // The lines joined with LF: the last `data:` line ends, but no blank line follows it.
        { id: 'writer-no-blank-line', recognize: returned('data: a\ndata: \ndata: b\ndata: \n') },
        // The empty pieces left out: the blank line inside the chunk, and the one after its final LF.
        { id: 'writer-skips-empty-lines', recognize: returned('data: a\ndata: b\n\n') },
        // Only the empty piece after the final LF left out (the chunk trimmed, or the last piece popped).
        { id: 'writer-drops-final-line-break', recognize: returned('data: a\ndata: \ndata: b\n\n') },
        // `data: ` put after the first LF only (replace given a string, where replaceAll was meant).
        { id: 'writer-replaces-first-break', recognize: returned('data: a\ndata: \nb\n\n\n') },
        // `data:` without its space.
        { id: 'writer-no-space', recognize: returned('data:a\ndata:\ndata:b\ndata:\n\n') },
      ],
    },
    {
      id: 'writer-crlf',
      uses: ['writeGaApiEvent'],
      run: (learner) => learner.call('writeGaApiEvent', CRLF_CHUNK),
      expected: 'data: a\r\ndata: b\n\n',
      input: (tools) => call('writeGaApiEvent', CRLF_CHUNK, tools),
      diagnoses: [
        // What GaChatbot.Api's writer sends: its replaceAll of CR, or a split on CRLF as well as LF.
        { id: 'writer-removes-cr', recognize: returned(writeGaChatbotEvent(CRLF_CHUNK)) },
      ],
    },
    {
      id: 'reader',
      uses: ['readChatService'],
      run: (learner) => learner.call('readChatService', EVENT_STREAM),
      expected: 'a\n\n b\nc d',
      input: (tools) => call('readChatService', EVENT_STREAM, tools),
      diagnoses: [
        // find: the first `data:` line of the event only.
        { id: 'reader-first-line', recognize: returned('a') },
        // `data: ` taken off with its space whether it is there or not: slice(6) cuts the `c` off
        // `data:c d`, replace('data: ', '') leaves `data:` and `data:c d` as they are.
        { id: 'reader-assumes-space', recognize: returned('a\n\n b\n d', 'a\ndata:\n b\ndata:c d') },
        // The first space of the value taken out wherever it is (replace(' ', '')): `c d` becomes `cd`.
        { id: 'reader-space-anywhere', recognize: returned('a\n\n b\ncd') },
        // Every leading space taken off (trim or trimStart on each value): ` b` becomes `b`.
        { id: 'reader-strips-spaces', recognize: returned('a\n\nb\nc d') },
        // The values concatenated with nothing between them.
        { id: 'reader-joins-without-lf', recognize: returned('a bc d') },
        // An LF after every value, the last one included (rule 3 removes the last).
        { id: 'reader-keeps-final-lf', recognize: returned('a\n\n b\nc d\n') },
      ],
    },
    {
      id: 'reader-trim',
      uses: ['readChatService'],
      run: (learner) => learner.call('readChatService', TWO_CHUNKS_STREAM),
      expected: TWO_CHUNKS.join(''),
      input: (tools) => call('readChatService', TWO_CHUNKS_STREAM, tools),
      diagnoses: [
        // Each event's text trimmed: the line break at the end of each chunk is gone.
        { id: 'reader-trims', recognize: returned(TWO_CHUNKS.map((chunk) => chunk.trim()).join('')) },
      ],
    },
    {
      id: 'reader-other-lines',
      uses: ['readChatService'],
      run: (learner) => learner.call('readChatService', OTHER_LINES_STREAM),
      expected: readChatService(OTHER_LINES_STREAM),
      input: (tools) => call('readChatService', OTHER_LINES_STREAM, tools),
      diagnoses: [
        // The routing event's JSON added to the answer: JSON events handled as text (readStandard
        // joined, for instance).
        {
          id: 'reader-appends-json',
          recognize: (outcome) =>
            outcome.kind === 'value' && typeof outcome.value === 'string' && outcome.value.includes(ROUTING_DATA),
        },
        // The line after the last blank line left out, as the standard discards an unfinished event.
        {
          id: 'reader-drops-rest',
          recognize: (outcome) =>
            outcome.kind === 'value' && typeof outcome.value === 'string' && outcome.value.endsWith(LAST_TEXT),
        },
        // The mistakes that the reader case shows first, as they show on `data:x y`.
        {
          id: 'reader-assumes-space',
          recognize: returned(
            FIRST_TEXT.slice(1) + LAST_TEXT + UNCLOSED.trim(),
            `data:${FIRST_TEXT}` + LAST_TEXT + UNCLOSED.trim(),
          ),
        },
        { id: 'reader-space-anywhere', recognize: returned(FIRST_TEXT.replace(' ', '') + LAST_TEXT + UNCLOSED.trim()) },
        { id: 'reader-keeps-final-lf', recognize: returned(`${FIRST_TEXT}\n${LAST_TEXT}\n${UNCLOSED.trim()}`) },
      ],
    },
    {
      id: 'reader-error',
      uses: ['readChatService'],
      run: (learner) => learnerResult(learner, ERROR_STREAM),
      expected: chatServiceResult(ERROR_STREAM),
      show: showResult,
      input: (tools) => call('readChatService', ERROR_STREAM, tools),
      diagnoses: [
        // The error event read as text, or skipped: the reader returned.
        {
          id: 'reader-error-not-thrown',
          recognize: (outcome) => outcome.kind === 'value' && 'returned' in outcome.value,
        },
        // A value thrown that is not an Error (the message as a string, `throw String(parsed.error)`).
        { id: 'reader-throws-non-error', recognize: (outcome) => outcome.kind === 'threw' && outcome.name === null },
      ],
    } satisfies ExerciseCase<ReadResult>,
    {
      id: 'table',
      uses: ['writeGaApiEvent', 'readChatService'],
      run: async (learner) => {
        const chunkLists = SPLITS.map((split) => split.split(IMPROVISATION_ANSWER));
        const write = await learner.memo(
          'writeGaApiEvent',
          chunkLists.flat().map((chunk) => [chunk]),
        );
        const writer: Writer = { ...GAAPI_WRITER, write: (chunk) => write(chunk) as string };
        // Every stream the learner's reader will be given: both writers, both splits.
        const streams: string[] = [];
        for (const w of [GACHATBOT_WRITER, writer]) {
          for (const chunks of chunkLists) {
            try {
              streams.push(streamOf(w.write, chunks));
            } catch {
              // the learner's writer threw on a chunk: that row shows it
            }
          }
        }
        const read = await learner.memo(
          'readChatService',
          streams.map((stream) => [stream]),
        );
        const reader: Reader = { ...CHAT_SERVICE_READER, read: (stream) => read(stream) as string };
        return writerReaderTable(
          IMPROVISATION_ANSWER,
          [GACHATBOT_WRITER, writer],
          [STANDARD_READER, PAGE_READER, reader],
        ).map((row) => [row.writer.label, row.reader.label, ...row.cells.map((cell) => cell.verdict)]);
      },
      expected: EXPECTED_TABLE,
      show: (rows, tools): Shown => ({
        kind: 'table',
        header: TABLE_HEADER,
        rows,
        caption: tools.text('table.caption'),
      }),
      input: (tools): Shown => ({
        kind: 'fields',
        fields: SPLITS.map((split) => ({
          label: tools.text(`input.${split.id}`),
          text: tools.showValue(split.split(IMPROVISATION_ANSWER)),
        })),
      }),
    } satisfies ExerciseCase<string[][]>,
    ...generatedCases,
  ],
};

export default definition;
