// Exercise (06c): Anthropic's events into the two channels. The learner's router is called, in
// their worker, on the data of every event of the course's Anthropic recording and on events the
// recording lacks; the channels are put together here, and compared with what lessons-code's own
// parser (providers/anthropic.ts) makes of the same events.

import {
  ANTHROPIC_MESSAGES_STREAM,
  type Arbitrary,
  type Gen,
  type GeneratedCase,
  readProviderPieces,
  readStandardEvents,
  recordingById,
  routeAnthropicEvent,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
  type Outcome,
  type Shown,
} from 'lessons-code';

type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

/** The data of every event of the recording, in order (20 events). */
const RECORDING = readStandardEvents(ANTHROPIC_MESSAGES_STREAM).map((event) => event.data);
const EXPECTED = readProviderPieces('anthropic', [recordingById('anthropic').bytes]);

/**
 * Events that reach neither channel: the deltas the reference documents besides text and thinking
 * (a signature, a tool's input, a citation), a delta type it may add later (one with a `text`
 * field), and events that carry no delta. Written by the course in the reference's shapes.
 */
export const NEITHER: readonly string[] = [
  '{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"QSBzaWduYXR1cmU="}}',
  '{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\\"scale\\": ' +
    '\\"E Phry"}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"citations_delta",' +
    '"citation":{"type":"char_location","cited_text":"E Phrygian"' +
    ',"document_index":0,"document_title":"Scales","start_char_index":0,"end_char_index":10}}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"tone_delta","text":"a delta type from the future"}}',
  '{"type": "ping"}',
  '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":61}}',
  '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}',
];

/**
 * A turn whose request did not ask for thinking: its first block is text, so it is block 0, the
 * index the recording's thinking block has; the answer goes on in a second text block, block 1, as
 * a turn that cites a document splits it. Written by the course in the reference's shapes.
 */
const NO_THINKING: readonly string[] = [
  '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Play E Phrygian: E F G A B C D."}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" ¡Olé! 🎸"}}',
  '{"type":"content_block_stop","index":0}',
  '{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" Start on the open E string."}}',
  '{"type":"content_block_stop","index":1}',
];

/**
 * The same text delta twice: written compactly, then as Anthropic writes some of its JSON, with a
 * space after each colon and comma and spaces before the last brace (the recording's `ping`, and
 * the padding of its other events). JSON.parse reads both alike; a search of the raw text for
 * `"type":"text_delta"` finds only the first.
 */
const PADDED: readonly string[] = [
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"¡Olé!"}}',
  '{"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": "¡Olé!"}      }',
];
/** A text with a line break and quotes, which JSON writes as `\n` and `\"` (RFC 8259, section 7). */
const ESCAPED =
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta",' +
  '"text":"Try \\"E Phrygian\\":\\n\\nE F G A B C D"}}';
/**
 * Texts that name a delta type: a reasoning that names none, a reasoning that names the answer's
 * type, an answer that names the reasoning's, and an answer that names none. A model asked about
 * Anthropic's stream writes such texts; inside the JSON they sit beside the delta's own type.
 */
const NAMES_A_TYPE: readonly string[] = [
  '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta",' +
    '"thinking":"They ask how Anthropic streams an answer."}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta",' +
    '"thinking":" The answer comes as text_delta events."}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta",' +
    '"text":"The reasoning comes in thinking_delta events, the answer in text_delta events."}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" Each event is one line of JSON."}}',
];
const EMPTY_THINKING = '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}    }';

/** Where lessons-code's parser sends the text of one event: the route a right answer returns. */
function expectedRoute(data: string): Route {
  for (const piece of routeAnthropicEvent(JSON.parse(data)))
    if (piece.kind === 'answer' || piece.kind === 'reasoning') return { channel: piece.kind, text: piece.delta };
  return null;
}

/** Whether the text of each NAMES_A_TYPE event names the other channel's delta type. */
const OTHER_TYPE_NAMED = NAMES_A_TYPE.map((data) => {
  const right = expectedRoute(data);
  const other = right?.channel === 'answer' ? 'thinking_delta' : 'text_delta';
  return right !== null && right.text.includes(other);
});

const isRoute = (value: unknown): value is NonNullable<Route> =>
  typeof value === 'object' &&
  value !== null &&
  ((value as { channel?: unknown }).channel === 'answer' || (value as { channel?: unknown }).channel === 'reasoning');

/** The learner's routes of these events, put together as one text per channel. */
async function channels(learner: Learner, events: readonly string[]): Promise<{ answer: string; reasoning: string }> {
  const route = await learner.memo(
    'routeAnthropic',
    events.map((data) => [data]),
  );
  const texts = { answer: '', reasoning: '' };
  for (const data of events) {
    const found = route(data);
    if (isRoute(found)) texts[found.channel] += String(found.text);
  }
  return texts;
}

/** The learner's route of each of these events. */
async function routes(learner: Learner, events: readonly string[]): Promise<Route[]> {
  const route = await learner.memo(
    'routeAnthropic',
    events.map((data) => [data]),
  );
  return events.map((data) => route(data) as Route);
}

/** The reasoning's sentences, for telling which of them leaked into the answer. */
const REASONING_SENTENCES = EXPECTED.reasoning.split(/(?<=\.)\s+/).filter((sentence) => sentence !== '');

/** An event's type, and its delta's type when it has one ('—' otherwise). */
const typesOf = (data: string): [string, string] => {
  const event = JSON.parse(data) as { type: string; delta?: { type?: string } };
  return [event.type, event.delta?.type ?? '—'];
};

/** One row per event (its type, its delta's type, a route), headed "your route" or, for a right answer, "route". */
const routeTable =
  (events: readonly string[], routeHeader: string) =>
  (values: Route[], tools: CheckTools): Shown => ({
    kind: 'table',
    header: [tools.text('table.event'), tools.text('table.delta'), tools.text(routeHeader)],
    rows: events.map((data, i) => [...typesOf(data), tools.showValue(values[i])]),
  });

/** What the case hands the router: the data of each event, in order, as code. */
const eventsInput =
  (events: readonly string[]) =>
  (tools: CheckTools): Shown => ({
    kind: 'code',
    text: tools.showValue(events),
  });

const value = <V>(outcome: Outcome<V>): V | undefined => (outcome.kind === 'value' ? outcome.value : undefined);

/** An event's data as the mistakes below read it: any JSON value, its fields unchecked. */
type Loose = any;

/**
 * Wrong routers, written out so that a diagnosis names one only when the learner's routes are
 * exactly its routes. Each is one of the mistakes/ files, as a function of the event's data.
 */
const WRONG = {
  /** A switch on the delta's type whose text_delta case has no break: it runs on into thinking_delta's. */
  fallsThrough(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    const type = event.delta.type;
    return type === 'text_delta' || type === 'thinking_delta'
      ? { channel: 'reasoning', text: event.delta.text ?? event.delta.thinking }
      : null;
  },
  /** Every delta but text_delta sent to the reasoning, with its `thinking` field. */
  elseReasoning(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    return event.delta.type === 'text_delta'
      ? { channel: 'answer', text: event.delta.text }
      : { channel: 'reasoning', text: event.delta.thinking };
  },
  /** A thinking_delta's text read from `text`, as a text_delta's is. */
  thinkingFromText(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type === 'text_delta') return { channel: 'answer', text: event.delta.text };
    if (event.delta.type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.text };
    return null;
  },
  /** Every delta's text (or thinking) to the answer (mistakes/all-to-answer.ts). */
  allToAnswer(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    const text = event.delta.text ?? event.delta.thinking;
    return typeof text === 'string' ? { channel: 'answer', text } : null;
  },
  /** A delta type that starts with `text` to the answer, `thinking` to the reasoning (mistakes/type-prefix.ts). */
  typePrefix(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type.startsWith('text')) return { channel: 'answer', text: event.delta.text };
    if (event.delta.type.startsWith('thinking')) return { channel: 'reasoning', text: event.delta.thinking };
    return null;
  },
  /**
   * A delta type that ends with `text_delta` to the answer, `thinking_delta` to the reasoning
   * (mistakes/type-suffix.ts).
   */
  typeSuffix(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type.endsWith('thinking_delta')) return { channel: 'reasoning', text: event.delta.thinking };
    if (event.delta.type.endsWith('text_delta')) return { channel: 'answer', text: event.delta.text };
    return null;
  },
  /** Any event whose delta is a text_delta or a thinking_delta, whatever its own type (mistakes/any-event-type.ts). */
  anyEventType(data: string): Route {
    const delta: Loose = JSON.parse(data).delta;
    if (delta?.type === 'text_delta') return { channel: 'answer', text: delta.text };
    if (delta?.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
    return null;
  },
  /** The types found by a regex that expects each object's `type` first (mistakes/regex-key-order.ts). */
  keyOrder(data: string): Route {
    const found = /"delta"\s*:\s*\{\s*"type"\s*:\s*"(text_delta|thinking_delta)"/.exec(data);
    if (!found || !/^\{\s*"type"\s*:\s*"content_block_delta"/.test(data)) return null;
    const delta: Loose = JSON.parse(data).delta;
    return found[1] === 'text_delta'
      ? { channel: 'answer', text: delta.text }
      : { channel: 'reasoning', text: delta.thinking };
  },
  /** The text picked with `delta.text || delta.thinking`: an empty text gives undefined (mistakes/or-fallback.ts). */
  orFallback(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    const type = event.delta.type;
    if (type !== 'text_delta' && type !== 'thinking_delta') return null;
    return { channel: type === 'text_delta' ? 'answer' : 'reasoning', text: event.delta.text || event.delta.thinking };
  },
  /** Every text's `\r\n` made `\n` before it is routed (mistakes/normalizes-line-ends.ts). */
  lineEnds(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type === 'text_delta')
      return { channel: 'answer', text: event.delta.text.replaceAll('\r\n', '\n') };
    if (event.delta.type === 'thinking_delta')
      return { channel: 'reasoning', text: event.delta.thinking.replaceAll('\r\n', '\n') };
    return null;
  },
  /** A text_delta's text without the `\r` it may end with (mistakes/trailing-cr-dropped.ts). */
  trailingCrDropped(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type === 'text_delta') return { channel: 'answer', text: event.delta.text.replace(/\r$/, '') };
    if (event.delta.type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.thinking };
    return null;
  },
  /** Every text normalized to NFC before it is routed (mistakes/text-normalized.ts). */
  normalized(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type === 'text_delta') return { channel: 'answer', text: event.delta.text.normalize('NFC') };
    if (event.delta.type === 'thinking_delta')
      return { channel: 'reasoning', text: event.delta.thinking.normalize('NFC') };
    return null;
  },
  /** The delta of any event whose type ends with `_delta` routed (mistakes/event-type-suffix.ts). */
  eventTypeSuffix(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (typeof event.type !== 'string' || !event.type.endsWith('_delta')) return null;
    if (event.delta?.type === 'text_delta') return { channel: 'answer', text: event.delta.text };
    if (event.delta?.type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.thinking };
    return null;
  },
  /** The delta of any event whose type starts with `content_block` routed (mistakes/block-event-prefix.ts). */
  eventTypePrefix(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (typeof event.type !== 'string' || !event.type.startsWith('content_block')) return null;
    if (event.delta?.type === 'text_delta') return { channel: 'answer', text: event.delta.text };
    if (event.delta?.type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.thinking };
    return null;
  },
  /**
   * The type checked, then the channel taken from the field the delta has: a `text` field makes it
   * the answer's, whatever its type says.
   */
  channelByField(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    const delta = event.delta;
    if (delta.type !== 'text_delta' && delta.type !== 'thinking_delta') return null;
    return 'text' in delta ? { channel: 'answer', text: delta.text } : { channel: 'reasoning', text: delta.thinking };
  },
  /** Block 0 to the reasoning, block 1 to the answer, as the recording numbers them (mistakes/by-index.ts). */
  byIndex(data: string): Route {
    const event: Loose = JSON.parse(data);
    if (event.type !== 'content_block_delta') return null;
    const text = event.delta.text ?? event.delta.thinking ?? '';
    if (event.index === 0) return { channel: 'reasoning', text };
    if (event.index === 1) return { channel: 'answer', text };
    return null;
  },
};

/** The channels a router makes of these events, put together as `channels` does with the learner's. */
function channelsWith(
  route: (data: string) => Route,
  events: readonly string[],
): { answer: string; reasoning: string } {
  const texts = { answer: '', reasoning: '' };
  for (const data of events) {
    const found = route(data);
    if (isRoute(found)) texts[found.channel] += String(found.text);
  }
  return texts;
}

/** True when the learner's routes of these events are exactly those of a wrong router. */
const routesOf =
  (route: (data: string) => Route, events: readonly string[]) =>
  (outcome: Outcome<Route[]>): boolean =>
    outcome.kind === 'value' && deepEqualRoutes(outcome.value, events.map(route));

/** Two lists of routes (or two routes) alike: the same channels and texts, field for field. */
function deepEqualRoutes(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqualRoutes(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => keysB.includes(key) && Object.is((a as Loose)[key], (b as Loose)[key]))
  );
}

// Generated turns. A turn as Anthropic streams it: message_start; then one to three content blocks,
// text, thinking or tool_use, numbered in any order, each opened, given its deltas (text_delta,
// perhaps a citations_delta or a delta type from the future; thinking_delta then signature_delta;
// input_json_delta) and closed; then message_delta and message_stop, an error event, or nothing (a
// cut stream); a ping anywhere. Texts hold quotes, backslashes, line breaks, characters beyond
// ASCII and the names of delta types, or nothing; the JSON is compact, spaced or padded as
// Anthropic's is, its keys in the order Anthropic writes them or the other way round. A delta with
// an empty text may go to its own channel or nowhere (as empty-thinking accepts).

/**
 * How the JSON of a turn is written: compactly, with a space after each colon and comma, or padded
 * with spaces before its last brace.
 */
type JsonStyle = 'compact' | 'spaced' | 'padded';

function writeJson(value: unknown, style: JsonStyle): string {
  if (style === 'compact') return JSON.stringify(value);
  if (style === 'padded') return JSON.stringify(value).slice(0, -1) + '     }';
  if (Array.isArray(value)) return '[' + value.map((item) => writeJson(item, style)).join(', ') + ']';
  if (value !== null && typeof value === 'object')
    return (
      '{' +
      Object.entries(value)
        .map(([key, item]) => `${JSON.stringify(key)}: ${writeJson(item, style)}`)
        .join(', ') +
      '}'
    );
  return JSON.stringify(value);
}

/**
 * The same value with the keys of every object in the opposite order: JSON's objects are unordered
 * (RFC 8259, section 4), so `{"text":"hi","type":"text_delta"}` is the same delta.
 */
function keysReversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, keysReversed(item)]),
  );
}

type BlockKind = 'text' | 'thinking' | 'tool_use';
/**
 * What a block holds besides its own deltas: nothing, a citation, or a delta type from the future
 * with a text, named like none of today's (`tone_delta`), like one of them at its start
 * (`text_annotation_delta`, `thinking_summary_delta`), or at its end: `cited_text_delta`, after the
 * `cited_text` of the reference's citations, with that field; `redacted_thinking_delta`, after the
 * reference's `redacted_thinking` blocks, with their `data` field. A thinking block may also hold a
 * thinking_delta that carries a `text` field besides its `thinking`, that one empty or not (Anthropic
 * may add values to its output, https://platform.claude.com/docs/en/api/versioning), or a
 * text_delta: the task routes
 * a delta by its own type alone, wherever it comes, so that text is the answer, as lessons-code's
 * parser takes it (providers/anthropic.ts), though Anthropic sends text deltas in text blocks.
 */
type Extra =
  | 'none'
  | 'citation'
  | 'tone_delta'
  | 'text_annotation_delta'
  | 'thinking_summary_delta'
  | 'cited_text_delta'
  | 'redacted_thinking_delta'
  | 'thinking_with_text'
  | 'empty_thinking_with_text'
  | 'text_delta';

/** The extras each kind of block may hold; the first, none, is the one a shrunk input keeps. */
const EXTRAS: Readonly<Record<BlockKind, readonly Extra[]>> = {
  text: ['none', 'citation', 'tone_delta', 'text_annotation_delta', 'thinking_summary_delta', 'cited_text_delta'],
  thinking: ['none', 'redacted_thinking_delta', 'thinking_with_text', 'empty_thinking_with_text', 'text_delta'],
  tool_use: ['none'],
};

interface GeneratedBlock {
  kind: BlockKind;
  index: number;
  pieces: string[];
  extra: Extra;
}

/** The events of one block, as objects. */
function blockEvents({ kind, index, pieces, extra }: GeneratedBlock): object[] {
  const delta = (d: object) => ({ type: 'content_block_delta', index, delta: d });
  const contentBlock =
    kind === 'text'
      ? { type: 'text', text: '' }
      : kind === 'thinking'
        ? { type: 'thinking', thinking: '', signature: '' }
        : { type: 'tool_use', id: 'toolu_06c', name: 'show_scale', input: {} };
  const deltas: object[] = [];
  if (kind === 'text') {
    for (const text of pieces) deltas.push(delta({ type: 'text_delta', text }));
    if (extra === 'citation')
      deltas.push(
        delta({
          type: 'citations_delta',
          citation: { type: 'char_location', cited_text: pieces[0], document_index: 0, start_char_index: 0 },
        }),
      );
    else if (extra === 'thinking_summary_delta') deltas.push(delta({ type: extra, thinking: pieces[0] }));
    else if (extra === 'cited_text_delta') deltas.push(delta({ type: extra, cited_text: pieces[0] }));
    else if (extra !== 'none') deltas.push(delta({ type: extra, text: pieces[0] }));
  } else if (kind === 'thinking') {
    for (const thinking of pieces) deltas.push(delta({ type: 'thinking_delta', thinking }));
    if (extra === 'redacted_thinking_delta')
      deltas.push(delta({ type: extra, data: 'UmVkYWN0ZWQgYnkgdGhlIGNvdXJzZQ==' }));
    else if (extra === 'thinking_with_text' || extra === 'empty_thinking_with_text')
      deltas.push(
        delta({
          type: 'thinking_delta',
          thinking: extra === 'thinking_with_text' ? pieces[0] : '',
          text: 'a text beside the thinking',
        }),
      );
    else if (extra === 'text_delta') deltas.push(delta({ type: extra, text: pieces[0] }));
    deltas.push(delta({ type: 'signature_delta', signature: 'QSBzaWduYXR1cmU=' }));
  } else {
    // The tool's input as JSON, cut into as many pieces as the block has texts, after an empty one.
    const input = JSON.stringify({ scale: pieces.join('') });
    const cuts = pieces.map((_, i) => Math.round((input.length * i) / pieces.length));
    deltas.push(delta({ type: 'input_json_delta', partial_json: '' }));
    cuts.forEach((from, i) =>
      deltas.push(delta({ type: 'input_json_delta', partial_json: input.slice(from, cuts[i + 1] ?? input.length) })),
    );
  }
  return [
    { type: 'content_block_start', index, content_block: contentBlock },
    ...deltas,
    { type: 'content_block_stop', index },
  ];
}

type TurnEnd = 'end_turn' | 'tool_use' | 'max_tokens' | 'error' | 'cut';

const MESSAGE_START = {
  type: 'message_start',
  message: {
    id: 'msg_06c',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 24, output_tokens: 3 },
  },
};

function endEvents(end: TurnEnd): object[] {
  if (end === 'cut') return [];
  if (end === 'error') return [{ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }];
  return [
    { type: 'message_delta', delta: { stop_reason: end, stop_sequence: null }, usage: { output_tokens: 42 } },
    { type: 'message_stop' },
  ];
}

/**
 * A text of a delta, perhaps empty (an empty delta may reach its channel or nowhere: see rowsOf),
 * with line breaks written `\n` or `\r\n` (a model that quotes a text with Windows line ends, or
 * writes them itself, returns them as they are; JSON writes them `\r\n`, RFC 8259 section 7), and
 * an é written in one code point or in two, e then U+0301, the combining acute accent (a model
 * that quotes a text in that form, Unicode's NFD, as macOS writes file names, returns it as it is).
 */
const deltaText = (gen: Gen): Arbitrary<string> =>
  gen.string({
    unit: gen.constantFrom(
      'a',
      ' ',
      'é',
      'e\u0301',
      '🎸',
      '"',
      '\\',
      '\n',
      '\r\n',
      '}',
      'text_delta',
      'thinking_delta',
    ),
    minLength: 0,
    maxLength: 4,
  });

const generatedBlock = (gen: Gen): Arbitrary<GeneratedBlock> =>
  gen
    .tuple(
      gen.constantFrom<BlockKind>('text', 'thinking', 'tool_use'),
      gen.nat(3),
      gen.array(deltaText(gen), { minLength: 1, maxLength: 3 }),
      // An extra of the block's kind, by its place in EXTRAS; past the last, none.
      gen.nat(8),
      // Whether the first two deltas split a \r\n: a delta ends where a token of the model does,
      // and nothing keeps a \r and the \n after it in one token, so one delta may end with the \r
      // and the next start with the \n. Each is routed as it is.
      gen.boolean(),
    )
    .map(([kind, index, texts, extra, splitLineEnd]) => {
      const pieces = splitLineEnd && texts.length > 1 ? [`${texts[0]}\r`, `\n${texts[1]}`, ...texts.slice(2)] : texts;
      return { kind, index, pieces, extra: EXTRAS[kind][extra] ?? 'none' };
    });

/**
 * An event of a type the reference does not list yet, which it says may come and a client must
 * handle (https://platform.claude.com/docs/en/build-with-claude/streaming, "Other events";
 * https://platform.claude.com/docs/en/api/versioning: new streaming event types may be added),
 * carrying a delta of today's text_delta type: a tool that Anthropic runs on its side, such as
 * web search, telling how it is getting on, or a change to a block already sent, named like
 * today's block events (`content_block_update`). Written by the course; no channel is its own.
 */
const futureEvent = (gen: Gen): Arbitrary<object> =>
  gen
    .tuple(
      gen.constantFrom('tool_progress_delta', 'content_block_update'),
      gen.constantFrom('Searching the web…', 'Running the code…'),
    )
    .map(([type, text]) => ({ type, index: 0, delta: { type: 'text_delta', text } }));

/** The data of every event of a generated turn, in order. */
const generatedTurn = (gen: Gen): Arbitrary<string[]> =>
  gen
    .tuple(
      gen.uniqueArray(generatedBlock(gen), { minLength: 1, maxLength: 3, selector: (block) => block.index }),
      gen.constantFrom<TurnEnd>('end_turn', 'tool_use', 'max_tokens', 'error', 'cut'),
      gen.constantFrom<JsonStyle>('compact', 'spaced', 'padded'),
      gen.array(gen.nat(40), { maxLength: 2 }),
      gen.boolean(),
      gen.array(gen.tuple(gen.nat(40), futureEvent(gen)), { maxLength: 1 }),
    )
    .map(([blocks, end, style, pings, reversed, future]) => {
      const write = (event: object) => writeJson(reversed ? keysReversed(event) : event, style);
      const events = [MESSAGE_START, ...blocks.flatMap(blockEvents), ...endEvents(end)].map(write);
      // An event of a future type anywhere after message_start, as a new event may come.
      for (const [at, event] of future) events.splice(1 + (at % events.length), 0, write(event));
      // A ping where Anthropic sends one, between any two events after message_start.
      for (const at of pings) events.splice(1 + (at % events.length), 0, '{"type": "ping"}');
      return events;
    });

/** One row per event: its type, its delta's type, and the route given. */
type RouteRow = [string, string, Route];

const rowsOf = (events: readonly string[], routesGiven: readonly Route[]): RouteRow[] =>
  events.map((data, i) => [...typesOf(data), settled(data, routesGiven[i] ?? null)]);

/**
 * A route of an empty text to the channel the event's delta belongs to, shown as null: it adds
 * nothing, so a router may give it or skip it (as the empty-thinking case accepts either).
 */
function settled(data: string, route: Route): Route {
  return isRoute(route) && route.text === '' && route.channel === expectedRoute(data)?.channel ? null : route;
}

/** What a wrong router gives for a generated turn, row by row. */
const rowsWith = (route: (data: string) => Route) => (events: string[]) => rowsOf(events, events.map(route));

/**
 * The routes of a router that remembers each block's type from its `content_block_start` and
 * refuses a text_delta in a block that started as thinking (mistakes/block-type-kept.ts), or with
 * `'reasoning'` sends it to the reasoning (mistakes/block-type-to-reasoning.ts). Every
 * generated turn starts each block before its deltas, so one turn's routes are the same whatever
 * an earlier turn left in the router.
 */
function routesByBlock(events: readonly string[], thinkingText: 'held back' | 'reasoning' = 'held back'): Route[] {
  const blocks = new Map<number, string>();
  return events.map((data) => {
    const event: Loose = JSON.parse(data);
    if (event.type === 'content_block_start') blocks.set(event.index, event.content_block.type);
    if (event.type !== 'content_block_delta') return null;
    if (event.delta.type === 'text_delta')
      return blocks.get(event.index) !== 'thinking'
        ? { channel: 'answer', text: event.delta.text }
        : thinkingText === 'reasoning'
          ? { channel: 'reasoning', text: event.delta.text }
          : null;
    if (event.delta.type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.thinking };
    return null;
  });
}

const generatedCase = {
  kind: 'generated',
  id: 'any-anthropic-turn',
  uses: ['routeAnthropic'],
  inputs: generatedTurn,
  run: async (learner, events) => rowsOf(events, await routes(learner, events)),
  // lessons-code's parser (providers/anthropic.ts), as every case of this exercise expects.
  expected: (events) => rowsOf(events, events.map(expectedRoute)),
  input: (events, tools) => eventsInput(events)(tools),
  show: (rows, tools): Shown => ({
    kind: 'table',
    header: [tools.text('table.event'), tools.text('table.delta'), tools.text('table.route')],
    rows: rows.map(([event, delta, route]) => [event, delta, tools.showValue(route)]),
  }),
  diagnoses: [
    { id: 'answer-in-reasoning', like: rowsWith(WRONG.fallsThrough) },
    { id: 'other-deltas-to-reasoning', like: rowsWith(WRONG.elseReasoning) },
    { id: 'thinking-text-field', like: rowsWith(WRONG.thinkingFromText) },
    { id: 'reasoning-in-answer', like: rowsWith(WRONG.allToAnswer) },
    { id: 'index-not-type', like: rowsWith(WRONG.byIndex) },
    { id: 'type-prefix', like: rowsWith(WRONG.typePrefix) },
    { id: 'type-suffix', like: rowsWith(WRONG.typeSuffix) },
    { id: 'event-type-unchecked', like: rowsWith(WRONG.anyEventType) },
    { id: 'key-order', like: rowsWith(WRONG.keyOrder) },
    { id: 'empty-text-falls-through', like: rowsWith(WRONG.orFallback) },
    { id: 'line-ends-changed', like: rowsWith(WRONG.lineEnds) },
    // The \r of a \r\n that two deltas split, dropped: never the same routes as lineEnds's on an
    // input where either differs from the reference, so the diagnosis is never named twice.
    { id: 'line-ends-changed', like: rowsWith(WRONG.trailingCrDropped) },
    { id: 'text-normalized', like: rowsWith(WRONG.normalized) },
    { id: 'event-type-suffix', like: rowsWith(WRONG.eventTypeSuffix) },
    { id: 'event-type-prefix', like: rowsWith(WRONG.eventTypePrefix) },
    { id: 'field-not-type', like: rowsWith(WRONG.channelByField) },
    { id: 'block-type-not-delta-type', like: (events: string[]) => rowsOf(events, routesByBlock(events)) },
    // The same idea, a text_delta of a thinking block sent to the reasoning rather than held back:
    // it differs from the one above on every input where either differs from the reference.
    {
      id: 'block-type-not-delta-type',
      like: (events: string[]) => rowsOf(events, routesByBlock(events, 'reasoning')),
    },
  ],
} satisfies GeneratedCase<string[], RouteRow[]>;

const definition: ExerciseDefinition = {
  exports: { routeAnthropic: 'function' },
  cases: [
    {
      id: 'answer',
      uses: ['routeAnthropic'],
      run: async (learner) => (await channels(learner, RECORDING)).answer,
      expected: EXPECTED.answer,
      input: (tools) => ({ kind: 'note', text: tools.text('input.recording') }),
      diagnoses: [
        {
          // The reasoning's sentences in the answer: thinking deltas sent to the answer.
          id: 'reasoning-in-answer',
          recognize: (outcome) => {
            const answer = value(outcome);
            return typeof answer === 'string' && REASONING_SENTENCES.some((sentence) => answer.includes(sentence));
          },
        },
        {
          // `event.delta.type` read on an event that has no delta (message_start comes first): the
          // engines word it "Cannot read properties of undefined (reading 'type')" (V8),
          // "can't access property "type", event.delta is undefined" (SpiderMonkey), "undefined is
          // not an object (evaluating 'event.delta.type')" (JavaScriptCore).
          id: 'no-delta',
          recognize: (outcome) =>
            outcome.kind === 'threw' &&
            outcome.name === 'TypeError' &&
            /\b(undefined|null)\b/.test(outcome.message) &&
            /\b(type|text|thinking)\b/.test(outcome.message),
        },
        // Not one text_delta reached the answer: they went to the reasoning, or nowhere.
        { id: 'no-answer-text', recognize: (outcome) => value(outcome) === '' },
      ],
    } satisfies ExerciseCase<string>,
    {
      id: 'reasoning',
      uses: ['routeAnthropic'],
      run: async (learner) => (await channels(learner, RECORDING)).reasoning,
      expected: EXPECTED.reasoning,
      input: (tools) => ({ kind: 'note', text: tools.text('input.recording') }),
      diagnoses: [
        // The reasoning exactly as each wrong router makes it.
        {
          id: 'answer-in-reasoning',
          recognize: (outcome) => value(outcome) === channelsWith(WRONG.fallsThrough, RECORDING).reasoning,
        },
        {
          id: 'thinking-text-field',
          recognize: (outcome) => value(outcome) === channelsWith(WRONG.thinkingFromText, RECORDING).reasoning,
        },
        {
          // The thinking block's signature_delta routed to the reasoning, with no text (undefined):
          // what a router gives that sends every non-text delta there, or that goes by the type of
          // the block the delta belongs to; the recording alone cannot tell those two apart.
          id: 'signature-to-reasoning',
          recognize: (outcome) => value(outcome) === channelsWith(WRONG.elseReasoning, RECORDING).reasoning,
        },
      ],
    } satisfies ExerciseCase<string>,
    {
      id: 'no-leak',
      uses: ['routeAnthropic'],
      run: async (learner) => {
        const { answer } = await channels(learner, RECORDING);
        return REASONING_SENTENCES.filter((sentence) => answer.includes(sentence));
      },
      expected: [],
      input: (tools) => ({ kind: 'note', text: tools.text('input.recording') }),
    } satisfies ExerciseCase<string[]>,
    {
      id: 'no-thinking',
      uses: ['routeAnthropic'],
      run: (learner) => routes(learner, NO_THINKING),
      expected: NO_THINKING.map(expectedRoute),
      show: routeTable(NO_THINKING, 'table.yourRoute'),
      expectedShown: (tools) => routeTable(NO_THINKING, 'table.route')(NO_THINKING.map(expectedRoute), tools),
      input: eventsInput(NO_THINKING),
      diagnoses: [
        {
          // Text deltas of block 0 sent to the reasoning and those of block 1 to the answer: the
          // router went by the block's index (0 was the thinking block in the recording), not by the
          // delta's type, which is the same for both.
          id: 'index-not-type',
          recognize: (outcome) => {
            const found = value(outcome);
            const channelsAt = (index: number): unknown[] =>
              NO_THINKING.flatMap((data, i) =>
                typesOf(data)[1] === 'text_delta' && (JSON.parse(data) as { index: number }).index === index
                  ? [isRoute(found?.[i]) ? found[i].channel : null]
                  : [],
              );
            return (
              Array.isArray(found) &&
              channelsAt(0).includes('reasoning') &&
              channelsAt(1).length > 0 &&
              channelsAt(1).every((channel) => channel === 'answer')
            );
          },
        },
        // Every text delta sent to the reasoning, whatever its block.
        { id: 'answer-in-reasoning', recognize: routesOf(WRONG.fallsThrough, NO_THINKING) },
      ],
    } satisfies ExerciseCase<Route[]>,
    {
      id: 'neither',
      uses: ['routeAnthropic'],
      run: (learner) => routes(learner, NEITHER),
      expected: NEITHER.map(() => null),
      show: routeTable(NEITHER, 'table.yourRoute'),
      expectedShown: (tools) =>
        routeTable(NEITHER, 'table.route')(
          NEITHER.map(() => null),
          tools,
        ),
      input: eventsInput(NEITHER),
      diagnoses: [
        {
          // The delta type from the future routed by its `text` field, while the documented deltas
          // that have no text field get no route: the router looked for a field, not at the
          // delta's type.
          id: 'field-not-type',
          recognize: (outcome) => {
            const found = value(outcome);
            if (!Array.isArray(found)) return false;
            const at = (deltaType: string): unknown =>
              found[NEITHER.findIndex((data) => typesOf(data)[1] === deltaType)];
            const future = at('tone_delta');
            return (
              isRoute(future) &&
              future.text === 'a delta type from the future' &&
              ['signature_delta', 'input_json_delta', 'citations_delta'].every((deltaType) => at(deltaType) === null)
            );
          },
        },
        // Every delta that is not a text_delta sent to the reasoning.
        { id: 'other-deltas-to-reasoning', recognize: routesOf(WRONG.elseReasoning, NEITHER) },
      ],
    } satisfies ExerciseCase<Route[]>,
    {
      id: 'padded',
      uses: ['routeAnthropic'],
      run: (learner) => routes(learner, PADDED),
      expected: PADDED.map(expectedRoute),
      input: eventsInput(PADDED),
      diagnoses: [
        {
          // The compact event routed, the padded one not: the router searched the raw text for
          // `"type":"text_delta"`, which the space after the colon defeats.
          id: 'string-search',
          recognize: (outcome) => {
            const found = value(outcome);
            return Array.isArray(found) && isRoute(found[0]) && found[0].channel === 'answer' && found[1] === null;
          },
        },
        { id: 'answer-in-reasoning', recognize: routesOf(WRONG.fallsThrough, PADDED) },
      ],
    } satisfies ExerciseCase<Route[]>,
    {
      id: 'escaped',
      uses: ['routeAnthropic'],
      run: (learner) => learner.call('routeAnthropic', ESCAPED) as Promise<Route>,
      expected: expectedRoute(ESCAPED),
      input: (tools) => ({ kind: 'code', text: tools.showValue(ESCAPED) }),
      diagnoses: [
        {
          // The text cut at the first escaped quote, or with JSON's escapes still in it: the text
          // was taken out of the raw data by a search, not read from the parsed value.
          id: 'json-escapes',
          recognize: (outcome) => {
            const route = value(outcome);
            return (
              isRoute(route) &&
              route.channel === 'answer' &&
              typeof route.text === 'string' &&
              route.text.includes('\\')
            );
          },
        },
        {
          id: 'answer-in-reasoning',
          recognize: (outcome) =>
            outcome.kind === 'value' && deepEqualRoutes(outcome.value, WRONG.fallsThrough(ESCAPED)),
        },
      ],
    } satisfies ExerciseCase<Route>,
    {
      id: 'names-a-type',
      uses: ['routeAnthropic'],
      run: (learner) => routes(learner, NAMES_A_TYPE),
      expected: NAMES_A_TYPE.map(expectedRoute),
      input: eventsInput(NAMES_A_TYPE),
      diagnoses: [
        {
          // A text that names the other channel's type sent to that channel, the texts that name
          // no other type routed right: the router looked for a type's name anywhere in the raw
          // data, and found it in the text.
          id: 'type-in-text',
          recognize: (outcome) => {
            const found = value(outcome);
            if (!Array.isArray(found)) return false;
            const rightChannel = (i: number): boolean =>
              isRoute(found[i]) &&
              (found[i] as NonNullable<Route>).channel === expectedRoute(NAMES_A_TYPE[i]!)?.channel;
            return (
              OTHER_TYPE_NAMED.some((named, i) => named && isRoute(found[i]) && !rightChannel(i)) &&
              OTHER_TYPE_NAMED.every((named, i) => named || rightChannel(i))
            );
          },
        },
        { id: 'answer-in-reasoning', recognize: routesOf(WRONG.fallsThrough, NAMES_A_TYPE) },
        { id: 'thinking-text-field', recognize: routesOf(WRONG.thinkingFromText, NAMES_A_TYPE) },
      ],
    } satisfies ExerciseCase<Route[]>,
    {
      id: 'empty-thinking',
      uses: ['routeAnthropic'],
      run: (learner) => learner.call('routeAnthropic', EMPTY_THINKING) as Promise<Route>,
      // The course's recording adds an empty thinking delta (content/docs/ga-ai/06c-model-stream.mdx says so);
      // routed anywhere but the answer, or dropped, it changes nothing.
      accept: (route) =>
        route === null || (typeof route === 'object' && route.channel === 'reasoning' && route.text === ''),
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('emptyThinking.expected') }),
      input: (tools) => ({ kind: 'code', text: tools.showValue(EMPTY_THINKING) }),
      diagnoses: [
        {
          id: 'thinking-text-field',
          recognize: (outcome) =>
            outcome.kind === 'value' && deepEqualRoutes(outcome.value, WRONG.thinkingFromText(EMPTY_THINKING)),
        },
      ],
    } satisfies ExerciseCase<Route>,
    generatedCase,
  ],
};

export default definition;
