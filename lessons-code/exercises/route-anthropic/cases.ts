// Exercise (06c): Anthropic's events into the two channels. The learner's router is called, in
// their worker, on the data of every event of the course's Anthropic recording and on events the
// recording lacks; the channels are put together here, and compared with what lessons-code's own
// parser (providers/anthropic.ts) makes of the same events.

import {
  ANTHROPIC_MESSAGES_STREAM,
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
 * A turn whose request did not ask for thinking: its only block is text, so it is block 0, the
 * index the recording's thinking block has. Written by the course in the reference's shapes.
 */
const NO_THINKING: readonly string[] = [
  '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Play E Phrygian: E F G A B C D."}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" ¡Olé! 🎸"}}',
  '{"type":"content_block_stop","index":0}',
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
 * type, and an answer that names the reasoning's. A model asked about Anthropic's stream writes such
 * texts; inside the JSON they sit beside the delta's own type.
 */
const NAMES_A_TYPE: readonly string[] = [
  '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta",' +
    '"thinking":"They ask how Anthropic streams an answer."}}',
  '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta",' +
    '"thinking":" The answer comes as text_delta events."}}',
  '{"type":"content_block_delta","index":1,"delta":{"type":"text_delta",' +
    '"text":"The reasoning comes in thinking_delta events, the answer in text_delta events."}}',
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
      ],
    } satisfies ExerciseCase<string>,
    {
      id: 'reasoning',
      uses: ['routeAnthropic'],
      run: async (learner) => (await channels(learner, RECORDING)).reasoning,
      expected: EXPECTED.reasoning,
      input: (tools) => ({ kind: 'note', text: tools.text('input.recording') }),
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
          // A text delta sent to the reasoning: the router went by the block's index (0 was the
          // thinking block in the recording), not by the delta's type.
          id: 'index-not-type',
          recognize: (outcome) => {
            const found = value(outcome);
            return (
              Array.isArray(found) &&
              NO_THINKING.some(
                (data, i) => typesOf(data)[1] === 'text_delta' && isRoute(found[i]) && found[i].channel === 'reasoning',
              )
            );
          },
        },
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
    } satisfies ExerciseCase<Route>,
  ],
};

export default definition;
