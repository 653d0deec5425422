// Exercise 3: the page's consumeSseStream throws on an error event. The check runs the page's own
// submit handler (lessons-code's createPageChat) against the in-page host, here on the checker's
// side; only the learner's consumeSseStream runs in the learner's worker, given the response body
// as a stream and onText as a callback whose calls are replayed to the page in order. json-in-answer
// serves the page an answer that a search for "error", or a test for JSON alone, takes for an error;
// keep-alive-then-failure puts a comment line before the error event; empty-message follows the
// failure with an error event whose message is empty; broken-then-next breaks a body inside a
// character before the next question, whose body must read as if it were the first. page-stream
// calls consumeSseStream alone, with no onText, on a stream cut anywhere: everything but the error
// check must read as the page's own reader reads it (lessons-code/ga/page-reader.ts).

import {
  DONE_EVENT,
  IMPROVISATION_QUESTION,
  STREAM_FAILURE_MESSAGE,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  createPageChat,
  readPagePieces,
  splitAfter743,
  splitPinned,
  streamOf,
  writeGaChatbotEvent,
  type CheckTools,
  type FetchLike,
  type Outcome,
  type PageBubble,
  type PageConsume,
  type PageConsumeResult,
  type PageRouting,
  type Arbitrary,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
  type HistoryTurn,
  type Learner,
  type LearnerError,
  type Shown,
} from 'lessons-code';
// The file of the exercise is its reference solution: what a right answer gives on any input.
import * as reference from './exercise.ts';

/** What the page shows when the failure stream ends the read with an exception. */
export const FAILURE_BUBBLE = `Request failed: ${STREAM_FAILURE_MESSAGE}`;

/**
 * The data of the failure stream's one event, as the host writes it
 * (Apps/GaChatbot.Api/Controllers/ChatbotController.cs lines 91–95 at a826864).
 */
const ERROR_DATA = JSON.stringify({ error: STREAM_FAILURE_MESSAGE });

/** The failure stream, byte for byte. */
export const FAILURE_STREAM = writeGaChatbotEvent(ERROR_DATA);

/**
 * The voicing stream as the lesson's program prints it: the routing event cut after its first
 * fields, then the answer's events and `[DONE]` byte for byte.
 */
export const VOICING_STREAM_SHOWN =
  'data: {"type":"routing","agentId":"voicing",…\n\n' + streamOf(writeGaChatbotEvent, splitPinned(VOICING_ANSWER));

/**
 * An answer that is no error, though a search takes it for one: its first sentence says "error" in
 * quotes, and its last chunk is JSON (the first voicing of VOICING_ANSWER) with no `error` property.
 */
export const JSON_ANSWER =
  'An "x" in a voicing is a muted string, not an "error". Here is the first voicing as JSON.\n' +
  '{"chord":"Cmaj7","frets":"3-0-x-2-3-x"}';
const JSON_QUESTION = 'Show me the first Cmaj7 voicing as JSON';
const JSON_CHUNKS = splitAfter743(JSON_ANSWER);

/** JSON_ANSWER as GaChatbot.Api's writer sends #743's chunks of it, then `[DONE]`; no routing event. */
const JSON_ANSWER_STREAM = streamOf(writeGaChatbotEvent, JSON_CHUNKS);

/** A comment line, as a host may send to keep a connection open: no `data: ` line, so no event (rule 4). */
const KEEP_ALIVE = ': keep-alive\n\n';

/**
 * The message of an `error` property in data that starts with a space: the page looks at data as
 * JSON only when it starts with `{` (its routing check, lessons-code/ga/page-reader.ts), and the
 * exercise asks the same of the error check, so this event is answer text.
 */
const SPACED_ERROR_MESSAGE = 'after a space';

/**
 * A stream the page may meet besides the host's: a status event (JSON whose `type` is not routing),
 * data that starts with a space (`data: ` and one more space), the routing event, an event with
 * another field than `data`, an empty line too many, and a second routing event; no `[DONE]`.
 */
const PAGE_EVENTS = [
  'data: {"type":"status","text":"thinking"}\n\n',
  'data:  {"type":"routing","agentId":"spaced"}\n\n',
  'data: {"type":"routing","agentId":"theory","routingMethod":"keyword"}\n\n',
  'event: delta\ndata: Olé\n\n',
  '\n\n',
  `data:  ${JSON.stringify({ error: SPACED_ERROR_MESSAGE })}\n\n`,
  'data: {"type":"routing","agentId":"other"}\n\n',
];
const PAGE_TEXT = PAGE_EVENTS.join('');
const PAGE_BYTES = new TextEncoder().encode(PAGE_TEXT);
/** The first cut: after the first two events. */
const FIRST_CUT = new TextEncoder().encode(PAGE_EVENTS[0]! + PAGE_EVENTS[1]!).length;
/** The second cut: between the two bytes of `é` (0xC3 0xA9). */
const SECOND_CUT = PAGE_BYTES.indexOf(0xc3) + 1;
/** PAGE_EVENTS in three reads, cut after the first two events and inside `é`. */
export const PAGE_READS = [
  PAGE_BYTES.slice(0, FIRST_CUT),
  PAGE_BYTES.slice(FIRST_CUT, SECOND_CUT),
  PAGE_BYTES.slice(SECOND_CUT),
];

/**
 * What the page's own reader returns for those reads: lessons-code's port of it (consumePageStream
 * reads a body with the same state machine and the same decoder as readPagePieces reads pieces).
 */
const PAGE_READ = readPagePieces(PAGE_READS);
const PAGE_RESULT: PageConsumeResult = { answer: PAGE_READ.answer, routing: PAGE_READ.routing };

/** What a consume returned, as the page reads it: its `answer` and `routing` (or the value, if no object). */
const answerAndRouting = (result: unknown): unknown =>
  result !== null && typeof result === 'object'
    ? { answer: (result as PageConsumeResult).answer, routing: (result as PageConsumeResult).routing }
    : result;

/** A host that answers every request with `events`, each in a read of its own, as the replica sends its burst. */
function hostSending(events: readonly (string | Uint8Array)[]): FetchLike {
  const encoder = new TextEncoder();
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const event of events) controller.enqueue(typeof event === 'string' ? encoder.encode(event) : event);
          controller.close();
        },
      }),
      { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    );
}

/** What a host sends for one request: its reads, then the end of the body or, with `error`, a broken connection. */
interface HostTurn {
  reads: readonly (string | Uint8Array)[];
  error?: string;
}

/**
 * A host that answers its first request with the first turn, its second with the second, and so
 * on: each read in a read of its own, then the body closes, or errors with a TypeError of `error`
 * as the body of a response whose connection broke does (https://fetch.spec.whatwg.org/#http-network-fetch).
 */
function hostAnswering(turns: readonly HostTurn[]): FetchLike {
  const encoder = new TextEncoder();
  let requests = 0;
  return async () => {
    const turn = turns[Math.min(requests++, turns.length - 1)]!;
    let next = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        // One read at each pull, so that an error comes after every read (an error discards what is queued).
        pull(controller) {
          const read = turn.reads[next++];
          if (read !== undefined) controller.enqueue(typeof read === 'string' ? encoder.encode(read) : read);
          else if (turn.error !== undefined) controller.error(new TypeError(turn.error));
          else controller.close();
        },
      }),
      { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    );
  };
}

/** An error event whose `error` is empty: the turn fails all the same, with an empty message. */
const EMPTY_ERROR_DATA = JSON.stringify({ error: '' });
const EMPTY_ERROR_STREAM = writeGaChatbotEvent(EMPTY_ERROR_DATA);
/** What the page shows for it: `Request failed: ` and nothing after. */
const EMPTY_MESSAGE_BUBBLE = 'Request failed: ';
const EMPTY_QUESTION = 'Which mode fits E G A B?';

/** The message of the TypeError a body whose connection broke errors with (Chromium's words). */
const NETWORK_ERROR = 'network error';
/**
 * A first turn whose connection breaks inside a character: one read of an event cut after the
 * first byte of `é` (0xC3 0xA9), then the body errors. The page shows the failure; nothing of that
 * turn may reach the next, whose body starts afresh.
 */
const BROKEN_READ = Uint8Array.of(...new TextEncoder().encode('data: Ol'), 0xc3);
const NEXT_QUESTION = 'Which mode starts on E?';
const NEXT_ANSWER = 'Try E Phrygian.';
const NEXT_STREAM = writeGaChatbotEvent(NEXT_ANSWER) + DONE_EVENT;
const BROKEN_TURNS: HostTurn[] = [{ reads: [BROKEN_READ], error: NETWORK_ERROR }, { reads: [NEXT_STREAM] }];
const BROKEN_EXPECTED = [[`Request failed: ${NETWORK_ERROR}`], [NEXT_ANSWER]];

/** The reads of a body, and the message of the error it ended with if its connection broke. */
async function readAll(body: ReadableStream<Uint8Array>): Promise<{ chunks: Uint8Array[]; error?: string }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { chunks };
      chunks.push(value);
    }
  } catch (error) {
    return { chunks, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The learner's consumeSseStream as the page calls it: the same reads, the same onText calls, the same result or
 * exception.
 */
function learnerConsume(learner: Learner): PageConsume {
  return async (body, onText) => {
    const { chunks, error: broken } = await readAll(body);
    const onTextCalls = learner.recorder();
    const stream = learner.stream(chunks, broken === undefined ? undefined : { error: broken });
    try {
      return (await learner.call('consumeSseStream', stream, onTextCalls)) as PageConsumeResult;
    } catch (error) {
      const thrown = error as Partial<LearnerError>;
      throw thrown.wasError === false ? thrown.thrown : error;
    } finally {
      for (const args of onTextCalls.calls) onText?.(args[0] as string, (args[1] ?? null) as PageRouting | null);
    }
  };
}

/** The page with the learner's consume after the given questions, asked of `host` (by default a fresh in-page host). */
async function pageAfter(learner: Learner, questions: string[], host?: FetchLike) {
  // A fixed clock and trace id: nothing in the check depends on the time or on crypto.randomUUID.
  const chat = createPageChat(
    host ?? createInPageHost({ now: () => 0, newId: () => 'exercise' }),
    learnerConsume(learner),
  );
  const submissions = [];
  for (const question of questions) submissions.push(await chat.submit(question));
  return { chat, submissions };
}

const assistantBubbles = (bubbles: readonly PageBubble[]): string[] =>
  bubbles.filter((b) => b.role === 'assistant').map((b) => b.text);

/** True when the page's assistant bubbles are exactly one of these lists. */
const bubblesAre =
  (...wrong: (readonly string[])[]) =>
  (outcome: Outcome<string[]>): boolean =>
    outcome.kind === 'value' &&
    Array.isArray(outcome.value) &&
    wrong.some((list) => list.length === outcome.value.length && list.every((text, i) => outcome.value[i] === text));

/** True when `value` is a list of exactly these strings. */
const sameList = (value: unknown, list: readonly string[]): boolean =>
  Array.isArray(value) && value.length === list.length && list.every((text, i) => value[i] === text);

/** True when the first of two turns showed the GA failure's bubble and the second's bubbles pass `test`. */
const secondTurnIs =
  (test: (bubbles: unknown[]) => boolean) =>
  (outcome: Outcome<string[][]>): boolean =>
    outcome.kind === 'value' &&
    Array.isArray(outcome.value) &&
    sameList(outcome.value[0], [FAILURE_BUBBLE]) &&
    Array.isArray(outcome.value[1]) &&
    test(outcome.value[1]);

/** The page's bubble when what was thrown is no Error: a string or a plain object has no `message`. */
const THROWN_NOT_AN_ERROR = 'Request failed: undefined';

/** The page's bubble for an `Error` with no message (`new Error(parsed.error)` where there is no such property). */
const NO_MESSAGE_BUBBLES = ['Request failed: ', 'Request failed: undefined'];

const code = (text: string, tools: CheckTools) => tools.showValue(text);

const failureInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.question'), text: code(IMPROVISATION_QUESTION, tools) },
    { label: tools.text('input.failureStream'), text: code(FAILURE_STREAM, tools) },
  ],
});

const bothInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.questions'), text: tools.showValue([IMPROVISATION_QUESTION, VOICING_QUESTION]) },
    { label: tools.text('input.failureStream'), text: code(FAILURE_STREAM, tools) },
    { label: tools.text('input.voicingStream'), text: code(VOICING_STREAM_SHOWN, tools) },
  ],
});

/** The three reads of PAGE_EVENTS as text: the second ends before `é`, the third starts after it. */
const PAGE_READS_SHOWN = [
  PAGE_EVENTS[0]! + PAGE_EVENTS[1]!,
  PAGE_TEXT.slice((PAGE_EVENTS[0]! + PAGE_EVENTS[1]!).length, PAGE_TEXT.indexOf('é')),
  PAGE_TEXT.slice(PAGE_TEXT.indexOf('é') + 1),
];

const pageStreamInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.call'), text: 'consumeSseStream(body)' },
    ...PAGE_READS_SHOWN.map((read, i) => ({ label: tools.text(`input.read${i + 1}`), text: code(read, tools) })),
  ],
});

/** A `{ answer, routing }` whose answer or routing these recognize. */
const resultWith =
  (test: (answer: unknown, routing: unknown) => boolean) =>
  (outcome: Outcome<unknown>): boolean =>
    outcome.kind === 'value' &&
    outcome.value !== null &&
    typeof outcome.value === 'object' &&
    test((outcome.value as PageConsumeResult).answer, (outcome.value as PageConsumeResult).routing);

// Generated streams. The page is asked one question, and its host answers with a stream of events
// the lesson's hosts and providers send, in any order, cut into reads anywhere: error events with
// `error` anywhere among other fields, written compactly, with spaces, or over several `data:`
// lines; JSON events that are no error (the routing event, a status, an object that says "error"
// in a string or nests it); text, text that starts with `{` (over two `data:` lines too), comments,
// `event:` lines, LF and CRLF line ends, `[DONE]`; a body that closes inside its last event, or
// whose connection breaks, inside a character or after `[DONE]`. What the page shows (its assistant
// bubbles and its history) with the learner's consumeSseStream must be what it shows with the
// reference's (exercise.ts).

/** The question of every generated turn; what the page does with it does not depend on it. */
const GENERATED_QUESTION = 'Which scale fits Am F C G?';

/** One JSON object as a list of fields, so that their order is part of the input. */
type Fields = [string, unknown][];

/**
 * How a host writes JSON: as JSON.stringify does (.NET's System.Text.Json alike), with a space
 * after each colon and comma (Python's json.dumps), with spaces inside the braces too, or
 * pretty-printed over several lines (JSON.stringify with an indent), one `data:` line each.
 */
type JsonStyle = 'compact' | 'spaced' | 'braces' | 'pretty';

function writeJson(fields: Fields, style: JsonStyle): string {
  if (style === 'pretty') return JSON.stringify(Object.fromEntries(fields), null, 2);
  if (style === 'compact') return JSON.stringify(Object.fromEntries(fields));
  const body = fields.map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ');
  return style === 'braces' ? `{ ${body} }` : `{${body}}`;
}

/**
 * What an error event's `error` holds: GA's message, a provider's, one beyond ASCII, one with
 * white space at its ends (an exception's text as a host may pass it on); then values
 * that are no message (empty, null, a status code, 0, false). The property being there is what
 * makes the error event, and the Error's message is the value as a string
 * (`new Error(parsed.error)`): an empty `error` gives an empty message (the empty-message case
 * states it). Never an object: the hosts of this page write the message itself (GaChatbot.Api's
 * error event, ChatbotController.cs lines 91–95 at a826864), and a provider's error object
 * (`{"error": {"message": …}}`) reaches a host, never the page; the task text says so, and leaves
 * what an Error makes of such an object to the learner (the reference gives `[object Object]`, as
 * `new Error(parsed.error)` does in ga-client's chatService,
 * Apps/ga-client/src/services/chatService.ts line 63 at a826864;
 * alternatives/message-of-an-error-object.ts takes its `message`).
 */
const ERROR_VALUES: unknown[] = [
  STREAM_FAILURE_MESSAGE,
  'Overloaded',
  'Olé 🎸',
  // A message with a space before it and a line break after it: the Error keeps both.
  ' Rate limited, retry in 20 s.\n',
  '',
  null,
  503,
  0,
  false,
];

/**
 * Fields other hosts put beside `error`; never a routing `type`, which no host sends with an error
 * (GaChatbot.Api's routing payload, ChatbotController.cs lines 55–70 at a826864, has no `error`): on
 * the streams hosts send, the error check may stand before the page's routing check or after it
 * (alternatives/check-after-routing.ts).
 */
const ERROR_EXTRAS: Fields = [
  ['code', 503],
  ['type', 'error'],
  ['retryable', true],
];

/** JSON that is no error event: no `error` property at the top of the object. */
const NOT_ERRORS: Fields[] = [
  [
    ['type', 'routing'],
    ['agentId', 'theory'],
    ['routingMethod', 'keyword'],
  ],
  [
    ['type', 'status'],
    ['text', 'thinking'],
  ],
  [['message', 'no "error" here']],
  // An error's `type` with no `error` property: no error event, by the lesson's rule.
  [
    ['type', 'error'],
    ['message', 'Overloaded'],
  ],
  [['errors', []]],
  [['detail', { error: 'nested' }]],
];

/**
 * How an event ends its lines: LF; CRLF (its blank line too); or CRLF, then a blank line of a lone
 * LF, as a host that writes each line with .NET's AppendLine on Windows, then `\n`, sends it.
 */
type LineEnds = 'lf' | 'crlf' | 'crlf-then-lf';

/**
 * One event as its lines (before the blank line that ends it): `data:` lines, perhaps after an
 * `event:`, `id:` or comment line, and how it ends its lines.
 */
interface GeneratedEvent {
  before: string[];
  data: string;
  ends: LineEnds;
}

/**
 * The stream of the events, each closed by a blank line; with `open`, the last event (if not a
 * comment) without its blank line, as a host that closes the body in the middle of an event sends
 * it. The standard drops such an event (HTML, "Interpreting an event stream": at the end of the
 * stream, an incomplete event is not dispatched), and so does the page's reader, error or not.
 */
function streamText(events: readonly (GeneratedEvent | string)[], open = false): string {
  return events
    .map((event, i) => {
      if (typeof event === 'string') return event;
      const end = event.ends === 'lf' ? '\n' : '\r\n';
      const lines = [...event.before, ...event.data.split('\n').map((line) => 'data: ' + line)];
      if (open && i === events.length - 1) return lines.join(end) + end;
      return lines.join(end) + end + (event.ends === 'crlf-then-lf' ? '\n' : end);
    })
    .join('');
}

const errorFields = (gen: Gen): Arbitrary<Fields> =>
  gen
    .tuple(gen.constantFrom(...ERROR_VALUES), gen.shuffledSubarray(ERROR_EXTRAS), gen.nat(3))
    .map(([message, extras, at]): Fields => {
      const fields = [...extras];
      fields.splice(Math.min(at, fields.length), 0, ['error', message]);
      return fields;
    });

/**
 * Text over two `data:` lines that reads as an error event only if its lines are joined with nothing
 * between them. The standard joins them with a line feed (HTML, "Interpreting an event stream":
 * the data buffer gets a U+000A after each `data` field), as the page's `dataLines.join('\n')` does,
 * and a raw line break inside a string is not JSON (RFC 8259 section 7): this event is answer text.
 */
const NOT_JSON_OVER_TWO_LINES = '{"error":"Rate\nlimited"}';

/** The data of an event: JSON (an error or not, perhaps after a space), or text. */
const eventData = (gen: Gen): Arbitrary<string> => {
  const style = gen.constantFrom<JsonStyle>('compact', 'spaced', 'braces', 'pretty');
  const json = (fields: Arbitrary<Fields>) =>
    gen.tuple(fields, style, gen.boolean()).map(([f, s, spaced]) => (spaced ? ' ' : '') + writeJson(f, s));
  const text = gen.string({ unit: gen.constantFrom('a', ' ', ':', 'é', '🎸', '{', '"error"', '\n'), maxLength: 5 });
  return gen.oneof(
    json(errorFields(gen)),
    json(errorFields(gen)),
    json(gen.constantFrom(...NOT_ERRORS)),
    text,
    gen.constantFrom('{"error": oops', NOT_JSON_OVER_TWO_LINES, '[DONE]'),
  );
};

const generatedEvent = (gen: Gen): Arbitrary<GeneratedEvent | string> => {
  const event = gen
    .tuple(
      gen.shuffledSubarray(['event: error', 'id: 7', ': ping'], { maxLength: 1 }),
      eventData(gen),
      gen.constantFrom<LineEnds>('lf', 'lf', 'crlf', 'crlf-then-lf'),
    )
    .map(([before, data, ends]): GeneratedEvent => ({ before, data, ends }));
  // Two events with data for each comment or empty line: an error event is reached in most streams.
  return gen.oneof<GeneratedEvent | string>(event, event, gen.constantFrom(': keep-alive\n\n', '\n\n'));
};

/** A generated stream: its events, and where its bytes are cut into reads. */
interface GeneratedStream {
  events: (GeneratedEvent | string)[];
  /**
   * Where reads end: a byte of the stream (`n` modulo its length), or, for `-1 - n`, the byte after
   * the first of the stream's `n`th character beyond ASCII (modulo their number), if it has one.
   */
  cuts: number[];
  /**
   * The connection breaks, and the body's next read rejects with `TypeError: network error`;
   * then the page is asked NEXT_QUESTION, whose body is NEXT_STREAM. With `inside`, the body ends
   * after the first byte of the stream's last character beyond ASCII (after its last byte if it
   * has none): nothing of the broken body may reach the next one (a decoder or a buffer kept
   * between calls). With `after-done`, the stream is followed by `[DONE]`, then it breaks: a proxy
   * that closes the connection without the last chunk of a chunked response does this, and
   * Chromium then errors the body with ERR_INCOMPLETE_CHUNKED_ENCODING
   * (https://source.chromium.org/chromium/chromium/src/+/main:net/base/net_error_list.h). The page
   * has returned at `[DONE]` and never reads again: the turn is a success. Cancelling the body on
   * the way out (the `return()` a `for await` over it calls, or `reader.cancel()`) rejects with the
   * body's error once it has errored (https://streams.spec.whatwg.org/#readable-stream-cancel).
   */
  broken: false | 'inside' | 'after-done';
  /** The body closes before the last event's blank line (streamText's `open`), unless `[DONE]` follows. */
  open: boolean;
}

/** A read: its bytes, and its text as the characters that start in it (one cut in a character at most). */
interface Read {
  bytes: Uint8Array;
  text: string;
  /** The character a cut at the read's end falls inside, and how many of its bytes the read holds. */
  endsInside?: { char: string; bytes: number };
  /** The character a cut at the read's start falls inside (its other bytes begin the read). */
  startsInside?: string;
}

const utf8 = new TextEncoder();

/**
 * The reads of a generated stream. A cut lands between two bytes of the stream, inside a character
 * or not; a second cut inside the same character is left out, so that each read shows as text.
 */
function readsOf(stream: GeneratedStream): Read[] {
  const text =
    stream.broken === 'after-done' ? streamText(stream.events) + DONE_EVENT : streamText(stream.events, stream.open);
  const chars = [...text];
  const starts: number[] = [];
  let offset = 0;
  for (const char of chars) {
    starts.push(offset);
    offset += utf8.encode(char).length;
  }
  const bytes = utf8.encode(text);
  const wide = starts.filter((_, i) => utf8.encode(chars[i]!).length > 1);
  // Where the body ends: its last byte, or inside its last wide character when the connection breaks.
  const end = stream.broken === 'inside' && wide.length > 0 ? wide.at(-1)! + 1 : bytes.length;
  const charAt = (byte: number) => {
    let i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= byte) i++;
    return i;
  };
  const cuts: number[] = [];
  for (const raw of stream.cuts) {
    if (bytes.length < 2) break;
    const cut =
      raw < 0 && wide.length > 0 ? wide[(-1 - raw) % wide.length]! + 1 : 1 + (Math.abs(raw) % (bytes.length - 1));
    if (!cuts.some((other) => other === cut || (charAt(other) === charAt(cut) && starts[charAt(cut)] !== cut)))
      cuts.push(cut);
  }
  const bounds = [0, ...cuts.filter((cut) => cut < end).sort((a, b) => a - b), end];
  const reads: Read[] = [];
  for (let r = 0; r + 1 < bounds.length; r++) {
    const [from, to] = [bounds[r]!, bounds[r + 1]!];
    const read: Read = { bytes: bytes.slice(from, to), text: '' };
    const first = charAt(from);
    if (starts[first] !== from) read.startsInside = chars[first];
    for (let i = 0; i < chars.length; i++) if (starts[i]! >= from && starts[i]! < to) read.text += chars[i];
    const last = charAt(to - 1);
    const lastEnd = starts[last]! + utf8.encode(chars[last]!).length;
    if (to < bytes.length && lastEnd > to && starts[last]! >= from) {
      read.text = read.text.slice(0, -chars[last]!.length);
      read.endsInside = { char: chars[last]!, bytes: to - starts[last]! };
    }
    reads.push(read);
  }
  return reads;
}

const generatedStream = (gen: Gen): Arbitrary<GeneratedStream> =>
  gen
    .tuple(
      gen.array(generatedEvent(gen), { minLength: 1, maxLength: 5 }),
      gen.array(gen.oneof(gen.nat(400), gen.integer({ min: -20, max: -1 })), { maxLength: 3 }),
      // One stream in two breaks off, inside a character or after `[DONE]` (false first, what a
      // shrunk input keeps).
      gen.constantFrom<GeneratedStream['broken']>(false, false, 'inside', 'after-done'),
      // One stream in four ends in the middle of its last event.
      gen.constantFrom(false, false, false, true),
    )
    .map(([events, cuts, broken, open]) => ({ events, cuts, broken, open }));

/**
 * What the page shows after the turn: its assistant bubbles (text, and the routing line under it),
 * those of the next question when the connection broke, and its history.
 */
interface PageShows {
  bubbles: { text: string; meta: string | null }[];
  next?: { text: string; meta: string | null }[];
  history: HistoryTurn[];
}

async function pageShows(consume: PageConsume, stream: GeneratedStream): Promise<PageShows> {
  const host = hostAnswering([
    { reads: readsOf(stream).map((read) => read.bytes), ...(stream.broken ? { error: NETWORK_ERROR } : {}) },
    { reads: [NEXT_STREAM] },
  ]);
  const chat = createPageChat(host, consume);
  const assistant = (submission: { bubbles: readonly PageBubble[] } | null) =>
    (submission?.bubbles ?? [])
      .filter((bubble) => bubble.role === 'assistant')
      .map(({ text, meta }) => ({ text, meta }));
  const bubbles = assistant(await chat.submit(GENERATED_QUESTION));
  if (!stream.broken) return { bubbles, history: chat.history };
  const next = assistant(await chat.submit(NEXT_QUESTION));
  return { bubbles, next, history: chat.history };
}

/** A read's label: its number, and the bytes of a character cut at either end. */
function readLabel(read: Read, n: number, tools: CheckTools): string {
  const part = read.endsInside
    ? tools.text(read.endsInside.bytes === 1 ? 'input.firstByte' : 'input.firstBytes', { count: read.endsInside.bytes })
    : '';
  if (read.startsInside && read.endsInside)
    return tools.text('input.readCutBoth', { n, rest: read.startsInside, part, char: read.endsInside.char });
  if (read.startsInside) return tools.text('input.readCutStart', { n, rest: read.startsInside });
  if (read.endsInside) return tools.text('input.readCutEnd', { n, part, char: read.endsInside.char });
  return tools.text('input.readN', { n });
}

/** How a mistake's consumeSseStream differs from the page's besides its error check. */
interface ConsumeHow {
  /** Throws the message its own way. */
  raise?: (message: string) => never;
  /** Reads the unfinished event the body ends inside of for an error too. */
  readsTheTail?: boolean;
  /** Cancels the body at `[DONE]`, as leaving a `for await` over it does. */
  cancelsAtDone?: boolean;
}

/**
 * The page's consumeSseStream with the error check given, placed where the reference has it: the
 * model of a mistake that tests for the error another way, or (`how`) reads or throws another way.
 */
const consumeWith =
  (errorOf: (data: string) => string | undefined, how: ConsumeHow = {}): PageConsume =>
  async (body, onText) => {
    const raise =
      how.raise ??
      ((message: string) => {
        throw new Error(message);
      });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let answer = '';
    let routing: PageRouting | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let sep: number;
      while ((sep = buffer.indexOf('\n\n')) >= 0) {
        const rawEvent = buffer.slice(0, sep);
        buffer = buffer.slice(sep + 2);
        const lines = rawEvent.split('\n').filter((line) => line.startsWith('data: '));
        if (lines.length === 0) continue;
        const data = lines.map((line) => line.slice(6)).join('\n');
        if (data === '[DONE]') {
          if (how.cancelsAtDone) await reader.cancel();
          return { answer, routing };
        }
        const error = errorOf(data);
        if (error !== undefined) raise(error);
        if (routing === null && data.startsWith('{') && data.includes('"type"')) {
          const parsed = objectOf(data);
          if (parsed !== undefined && parsed.type === 'routing') {
            routing = parsed as PageRouting;
            continue;
          }
        }
        answer += data;
        onText?.(answer, routing);
      }
    }
    if (how.readsTheTail) {
      // What the body ended inside of, read as one more event: its error thrown.
      const lines = (buffer + decoder.decode()).split('\n').filter((line) => line.startsWith('data: '));
      const data = lines.map((line) => line.slice(6)).join('\n');
      const error = lines.length > 0 ? errorOf(data) : undefined;
      if (error !== undefined) raise(error);
    }
    return { answer, routing };
  };

/** The object JSON data parses to, if it is one. */
function objectOf(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `error` property of data that passes `test` and parses to an object that has one and passes
 * `also`.
 */
const errorWhen =
  (test: (data: string) => boolean, also: (parsed: Record<string, unknown>) => boolean = () => true) =>
  (data: string): string | undefined => {
    const parsed = test(data) ? objectOf(data) : undefined;
    return parsed !== undefined && 'error' in parsed && also(parsed) ? String(parsed.error) : undefined;
  };

/** What the page shows with the error check given (and `how` the rest differs): a mistake's results. */
const pageWith = (errorOf: (data: string) => string | undefined, how?: ConsumeHow) => (stream: GeneratedStream) =>
  pageShows(consumeWith(errorOf, how), stream);

/** The reference's test for an error event: data that starts with `{` and parses to an object with `error`. */
const referenceErrorOf = errorWhen((data) => data.startsWith('{'));

const generatedCase = {
  kind: 'generated',
  id: 'any-error-event',
  uses: ['consumeSseStream'],
  inputs: generatedStream,
  // Each input is one call of the learner's function in its worker, and a page's turn on either side.
  runs: 60,
  run: (learner, stream) => pageShows(learnerConsume(learner), stream),
  expected: (stream) => pageShows(reference.consumeSseStream, stream),
  input: (stream, tools): Shown => ({
    kind: 'fields',
    fields: [
      stream.broken
        ? { label: tools.text('input.questions'), text: tools.showValue([GENERATED_QUESTION, NEXT_QUESTION]) }
        : { label: tools.text('input.question'), text: code(GENERATED_QUESTION, tools) },
      ...readsOf(stream).map((read, i) => ({ label: readLabel(read, i + 1, tools), text: code(read.text, tools) })),
      ...(stream.broken
        ? [
            { label: tools.text('input.brokenAfter'), text: `TypeError: ${NETWORK_ERROR}` },
            { label: tools.text('input.nextStream'), text: code(NEXT_STREAM, tools) },
          ]
        : []),
    ],
  }),
  show: (shows, tools): Shown => ({
    kind: 'fields',
    fields: [
      { label: tools.text('result.bubbles'), text: tools.showValue(shows.bubbles) },
      ...(shows.next ? [{ label: tools.text('result.nextBubbles'), text: tools.showValue(shows.next) }] : []),
      { label: tools.text('result.history'), text: tools.showValue(shows.history) },
    ],
  }),
  diagnoses: [
    // No error check at all, or one whose Error is caught again: the page's own lines.
    { id: 'error-shown-as-answer', like: pageWith(() => undefined) },
    // The error found by the start of the raw text (`{"error"`, `{"error":` or `{"error`), then parsed.
    { id: 'error-found-by-prefix', like: pageWith(errorWhen((data) => data.startsWith('{"error'))) },
    // An error recognised only when it has no `type` field, as GA's has none: `{"type":"error","error":…}` is text.
    {
      id: 'error-with-type-missed',
      like: pageWith(
        errorWhen(
          (data) => data.startsWith('{'),
          (parsed) => !('type' in parsed),
        ),
      ),
    },
    // `error` tested for truth: an `error` that is empty, null, 0 or false lets the event through as text.
    {
      id: 'error-tested-for-truth',
      like: pageWith(
        errorWhen(
          (data) => data.startsWith('{'),
          (parsed) => Boolean(parsed.error),
        ),
      ),
    },
    // Only an `error` that is a string makes an error event: a status code, null or false is text.
    {
      id: 'error-only-if-string',
      like: pageWith(
        errorWhen(
          (data) => data.startsWith('{'),
          (parsed) => typeof parsed.error === 'string',
        ),
      ),
    },
    // The message made with `error.toString()`: an `error` of null throws a TypeError of its own.
    {
      id: 'error-message-by-tostring',
      like: pageWith((data) => {
        const parsed = data.startsWith('{') ? objectOf(data) : undefined;
        return parsed !== undefined && 'error' in parsed ? (parsed.error as object).toString() : undefined;
      }),
    },
    // The message thrown as it is, a string and no Error: the page shows its `message`, `undefined`.
    {
      id: 'thrown-not-an-error',
      like: pageWith(referenceErrorOf, {
        raise: (message) => {
          throw message;
        },
      }),
    },
    // `"type":"error"` taken for an error event too, its message `error`, else `message`.
    {
      id: 'threw-on-error-type',
      like: pageWith((data) => {
        const parsed = data.startsWith('{') ? objectOf(data) : undefined;
        return parsed !== undefined && ('error' in parsed || parsed.type === 'error')
          ? String(parsed.error ?? parsed.message)
          : undefined;
      }),
    },
    // The message trimmed: white space at its ends is lost.
    { id: 'message-trimmed', like: pageWith((data) => referenceErrorOf(data)?.trim()) },
    // The error check given the data lines joined with nothing between them.
    { id: 'data-lines-joined-flat', like: pageWith((data) => referenceErrorOf(data.replaceAll('\n', ''))) },
    // At the end of the body, the event it ended inside of (no blank line after it) read for an error too.
    { id: 'unfinished-event-read', like: pageWith(referenceErrorOf, { readsTheTail: true }) },
    // The body cancelled at `[DONE]` (a for await's return(), reader.cancel()): after a break, the
    // cancel rejects with the network error, which reaches the page.
    { id: 'cancelled-a-broken-body', like: pageWith(referenceErrorOf, { cancelsAtDone: true }) },
  ],
} satisfies GeneratedCase<GeneratedStream, PageShows>;

const definition: ExerciseDefinition = {
  exports: { consumeSseStream: 'function' },
  cases: [
    {
      id: 'failure-bubble',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles((await pageAfter(learner, [IMPROVISATION_QUESTION])).submissions[0]?.bubbles ?? []),
      expected: [FAILURE_BUBBLE],
      input: failureInput,
      diagnoses: [
        // consumeSseStream returned: nothing threw, or what threw was caught inside it.
        { id: 'error-shown-as-answer', recognize: bubblesAre([ERROR_DATA]) },
        // The message returned as the answer: shown as a reply, pushed into the history.
        { id: 'returned-error-as-answer', recognize: bubblesAre([STREAM_FAILURE_MESSAGE]) },
        // The event skipped, or a return with an empty answer: no bubble, `(empty response)` in the history.
        { id: 'error-dropped', recognize: bubblesAre([]) },
        // Appended and reported with onText, then thrown: the raw JSON's bubble stays above the failure's.
        { id: 'shown-before-thrown', recognize: bubblesAre([ERROR_DATA, FAILURE_BUBBLE]) },
        // The Error given the event's data, or the parsed object, for its message.
        {
          id: 'message-not-error-property',
          recognize: bubblesAre([`Request failed: ${ERROR_DATA}`], ['Request failed: [object Object]']),
        },
        // The message (or the parsed object) thrown, not an Error: the page's catch shows
        // `${error.message}` (index.html line 992 at a826864), which such a value does not have.
        { id: 'thrown-not-an-error', recognize: bubblesAre([THROWN_NOT_AN_ERROR]) },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'failure-history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION])).chat.history,
      expected: [],
      input: failureInput,
    },
    {
      id: 'keep-alive-then-failure',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const host = hostSending([KEEP_ALIVE, FAILURE_STREAM]);
        return assistantBubbles(
          (await pageAfter(learner, [IMPROVISATION_QUESTION], host)).submissions[0]?.bubbles ?? [],
        );
      },
      expected: [FAILURE_BUBBLE],
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.question'), text: code(IMPROVISATION_QUESTION, tools) },
          { label: tools.text('input.stream'), text: code(KEEP_ALIVE + FAILURE_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // The comment taken for an event with empty data: onText('') drew an empty bubble above the failure.
        { id: 'empty-bubble-first', recognize: bubblesAre(['', FAILURE_BUBBLE]) },
        { id: 'thrown-not-an-error', recognize: bubblesAre([THROWN_NOT_AN_ERROR]) },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'empty-message',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const host = hostAnswering([{ reads: [FAILURE_STREAM] }, { reads: [EMPTY_ERROR_STREAM] }]);
        const { submissions } = await pageAfter(learner, [IMPROVISATION_QUESTION, EMPTY_QUESTION], host);
        return submissions.map((submission) => assistantBubbles(submission?.bubbles ?? []));
      },
      expected: [[FAILURE_BUBBLE], [EMPTY_MESSAGE_BUBBLE]],
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.questions'), text: tools.showValue([IMPROVISATION_QUESTION, EMPTY_QUESTION]) },
          { label: tools.text('input.failureStream'), text: code(FAILURE_STREAM, tools) },
          { label: tools.text('input.emptyStream'), text: code(EMPTY_ERROR_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // The first failure right, the empty one shown as the answer: `error` tested for truth.
        { id: 'error-tested-for-truth', recognize: secondTurnIs((bubbles) => sameList(bubbles, [EMPTY_ERROR_DATA])) },
        // The first failure right, the empty one with a message of the code's own (`|| 'Unknown error'`).
        {
          id: 'message-replaced',
          recognize: secondTurnIs(
            (bubbles) =>
              bubbles.length === 1 &&
              typeof bubbles[0] === 'string' &&
              bubbles[0].startsWith(EMPTY_MESSAGE_BUBBLE) &&
              !['', 'undefined', '[object Object]', EMPTY_ERROR_DATA].includes(
                bubbles[0].slice(EMPTY_MESSAGE_BUBBLE.length),
              ),
          ),
        },
      ],
    } satisfies ExerciseCase<string[][]>,
    {
      id: 'voicing-answer',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles(
          (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).submissions[1]?.bubbles ?? [],
        ),
      expected: [VOICING_ANSWER],
      input: bothInput,
      diagnoses: [
        // Thrown on the routing event, JSON without an `error` property: new Error(undefined).
        { id: 'threw-on-routing', recognize: bubblesAre(...NO_MESSAGE_BUBBLES.map((bubble) => [bubble])) },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).chat.history,
      expected: [
        { role: 'user', content: VOICING_QUESTION },
        { role: 'assistant', content: VOICING_ANSWER },
      ],
      input: bothInput,
    },
    {
      id: 'json-in-answer',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const host = hostSending([...JSON_CHUNKS.map(writeGaChatbotEvent), DONE_EVENT]);
        return assistantBubbles((await pageAfter(learner, [JSON_QUESTION], host)).submissions[0]?.bubbles ?? []);
      },
      expected: [JSON_ANSWER],
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.question'), text: code(JSON_QUESTION, tools) },
          { label: tools.text('input.stream'), text: code(JSON_ANSWER_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // Thrown at the first event, the sentence that mentions "error": a search in the text found it.
        {
          id: 'threw-on-mention',
          recognize: (outcome) =>
            outcome.kind === 'value' &&
            Array.isArray(outcome.value) &&
            outcome.value.length === 1 &&
            String(outcome.value[0]).startsWith('Request failed: '),
        },
        // Thrown at the last event, JSON with no `error` property, after the first two were shown.
        {
          id: 'threw-on-json-answer',
          recognize: bubblesAre(...NO_MESSAGE_BUBBLES.map((bubble) => [JSON_CHUNKS.slice(0, -1).join(''), bubble])),
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'page-stream',
      uses: ['consumeSseStream'],
      run: async (learner) => answerAndRouting(await learner.call('consumeSseStream', learner.stream(PAGE_READS))),
      expected: PAGE_RESULT,
      input: pageStreamInput,
      diagnoses: [
        // The error check parsed data that starts with a space: `data:  {"error":…}`.
        {
          id: 'threw-on-spaced-json',
          recognize: (outcome) => outcome.kind === 'threw' && outcome.message === SPACED_ERROR_MESSAGE,
        },
        // A decoder without `{ stream: true }`, or a new one for each read: the cut `é` became U+FFFD.
        {
          id: 'decoded-each-read',
          recognize: resultWith((answer) => typeof answer === 'string' && answer.includes('\uFFFD')),
        },
        // The status event, the spaced one or the second routing event taken for the routing.
        {
          id: 'other-routing',
          recognize: resultWith(
            (_, routing) =>
              routing !== null &&
              typeof routing === 'object' &&
              (routing as PageRouting).agentId !== PAGE_RESULT.routing?.agentId,
          ),
        },
      ],
    } satisfies ExerciseCase<unknown>,
    {
      id: 'broken-then-next',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const { submissions } = await pageAfter(
          learner,
          [IMPROVISATION_QUESTION, NEXT_QUESTION],
          hostAnswering(BROKEN_TURNS),
        );
        return submissions.map((submission) => assistantBubbles(submission?.bubbles ?? []));
      },
      expected: BROKEN_EXPECTED,
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.questions'), text: tools.showValue([IMPROVISATION_QUESTION, NEXT_QUESTION]) },
          { label: tools.text('input.brokenStream'), text: code('data: Ol', tools) },
          { label: tools.text('input.nextStream'), text: code(NEXT_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // The broken turn right, the next one not: something of the first turn (the first byte of
        // `é` in a decoder, a buffer's text) was kept outside the function and read into the second.
        {
          id: 'state-kept-between-turns',
          recognize: (outcome) =>
            outcome.kind === 'value' &&
            Array.isArray(outcome.value) &&
            sameList(outcome.value[0], BROKEN_EXPECTED[0]!) &&
            !sameList(outcome.value[1], BROKEN_EXPECTED[1]!),
        },
      ],
    } satisfies ExerciseCase<string[][]>,
    generatedCase,
  ],
};

export default definition;
