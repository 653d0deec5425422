// Exercise (06c): Anthropic's events into the two channels. The learner's router is called, in
// their worker, on the data of every event of the course's Anthropic recording and on events the
// recording lacks; the channels are put together here, and compared with what lessons-code's own
// parser (providers/anthropic.ts) makes of the same events.

import {
  ANTHROPIC_MESSAGES_STREAM,
  readProviderPieces,
  readStandardEvents,
  recordingById,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
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

/** Anthropic pads its JSON with spaces before the closing brace: JSON.parse does not mind. */
const PADDED = '{"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": "¡Olé!"}      }';
const EMPTY_THINKING = '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}    }';

/** The learner's routes of the recording's events, as one text per channel. */
async function channels(learner: Learner): Promise<{ answer: string; reasoning: string }> {
  const route = await learner.memo(
    'routeAnthropic',
    RECORDING.map((data) => [data]),
  );
  const texts = { answer: '', reasoning: '' };
  for (const data of RECORDING) {
    const found = route(data) as Route;
    if (found !== null && typeof found === 'object' && (found.channel === 'answer' || found.channel === 'reasoning'))
      texts[found.channel] += String(found.text);
  }
  return texts;
}

/** The reasoning's sentences, for telling which of them leaked into the answer. */
const REASONING_SENTENCES = EXPECTED.reasoning.split(/(?<=\.)\s+/).filter((sentence) => sentence !== '');

const typeOf = (data: string): string => {
  const event = JSON.parse(data) as { type: string; delta?: { type?: string } };
  return event.delta?.type ? `${event.type} ${event.delta.type}` : event.type;
};

const definition: ExerciseDefinition = {
  exports: { routeAnthropic: 'function' },
  cases: [
    {
      id: 'answer',
      uses: ['routeAnthropic'],
      run: async (learner) => (await channels(learner)).answer,
      expected: EXPECTED.answer,
    } satisfies ExerciseCase<string>,
    {
      id: 'reasoning',
      uses: ['routeAnthropic'],
      run: async (learner) => (await channels(learner)).reasoning,
      expected: EXPECTED.reasoning,
    } satisfies ExerciseCase<string>,
    {
      id: 'no-leak',
      uses: ['routeAnthropic'],
      run: async (learner) => {
        const { answer } = await channels(learner);
        return REASONING_SENTENCES.filter((sentence) => answer.includes(sentence));
      },
      expected: [],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'neither',
      uses: ['routeAnthropic'],
      run: async (learner) => {
        const route = await learner.memo(
          'routeAnthropic',
          NEITHER.map((data) => [data]),
        );
        return NEITHER.map((data) => route(data) as Route);
      },
      expected: NEITHER.map(() => null),
      show: (routes: Route[], tools: CheckTools): Shown => ({
        kind: 'table',
        header: [tools.text('neither.event'), tools.text('neither.route')],
        rows: NEITHER.map((data, i) => [typeOf(data), tools.showValue(routes[i])]),
      }),
    } satisfies ExerciseCase<Route[]>,
    {
      id: 'padded',
      uses: ['routeAnthropic'],
      run: (learner) => learner.call('routeAnthropic', PADDED) as Promise<Route>,
      expected: { channel: 'answer', text: '¡Olé!' },
    } satisfies ExerciseCase<Route>,
    {
      id: 'empty-thinking',
      uses: ['routeAnthropic'],
      run: (learner) => learner.call('routeAnthropic', EMPTY_THINKING) as Promise<Route>,
      // The course's recording adds an empty thinking delta (content/docs/ga-ai/06c-model-stream.mdx says so);
      // routed anywhere but the answer, or dropped, it changes nothing.
      accept: (route) =>
        route === null || (typeof route === 'object' && route.channel === 'reasoning' && route.text === ''),
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('emptyThinking.expected') }),
    } satisfies ExerciseCase<Route>,
  ],
};

export default definition;
