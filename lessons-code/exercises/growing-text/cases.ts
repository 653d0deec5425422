// Exercise (06c): the growing-text transport. The learner's relay is played, in their worker, the
// texts an XMLHttpRequest would offer at each `progress` while a recording arrives in reads of 64
// bytes; what it passes on is recorded, and read here by lessons-code's provider layers
// (readProviderPieces), as the parser would read it.

import {
  readProviderPieces,
  recordingById,
  splitReads,
  truncateRecording,
  type Provider,
  type ProviderStreamResult,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
  type Shown,
} from 'lessons-code';

/** The texts responseText would hold after each read, decoded as browsers do (whole characters only). */
export function growthsOf(bytes: Uint8Array, provider: Provider, size = 64): string[] {
  const decoder = new TextDecoder();
  const growths: string[] = [];
  let text = '';
  for (const read of splitReads(provider, bytes, size)) {
    text += decoder.decode(read, { stream: true });
    growths.push(text);
  }
  const rest = decoder.decode();
  if (rest !== '') growths.push(text + rest);
  return growths;
}

/** What the learner's relay passes on, in order ('' left out: it changes nothing). */
async function passedParts(learner: Learner, growths: readonly string[]): Promise<string[]> {
  const pass = learner.recorder();
  await learner.call('relayAll', growths, pass);
  return pass.calls.map((args) => String(args[0] ?? '')).filter((text) => text !== '');
}

const encoder = new TextEncoder();

/** The channels the parser gets from what the relay passed on. */
async function channelsThrough(learner: Learner, provider: Provider, bytes: Uint8Array) {
  const parts = await passedParts(learner, growthsOf(bytes, provider));
  const { answer, reasoning, complete } = readProviderPieces(
    provider,
    parts.map((part) => encoder.encode(part)),
  );
  return { answer, reasoning, complete };
}

const expectedOf = (result: ProviderStreamResult) => ({
  answer: result.answer,
  reasoning: result.reasoning,
  complete: result.complete,
});

const showChannels = (value: { answer: string; reasoning: string; complete: boolean }, tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('answer'), text: tools.showValue(value.answer) },
    { label: tools.text('reasoning'), text: tools.showValue(value.reasoning) },
    { label: tools.text('complete'), text: tools.showValue(value.complete) },
  ],
});

function channelsCase(
  id: string,
  provider: Provider,
): ExerciseCase<{ answer: string; reasoning: string; complete: boolean }> {
  const recording = recordingById(provider);
  return {
    id,
    uses: ['relayAll'],
    run: (learner) => channelsThrough(learner, provider, recording.bytes),
    expected: expectedOf(readProviderPieces(provider, [recording.bytes])),
    show: showChannels,
  };
}

/**
 * Each part passed on must be what one `progress` added: the parser then reads as the text arrives, not all at the end.
 */
interface PartsCheck {
  progressEvents: number;
  parts: number;
  firstWrong: number | null;
}

const ANTHROPIC = recordingById('anthropic');
const ANTHROPIC_GROWTHS = growthsOf(ANTHROPIC.bytes, 'anthropic');
/** What each `progress` added to the text: the parts a right relay passes on. */
const ADDED = ANTHROPIC_GROWTHS.map((text, i) => text.slice(i === 0 ? 0 : ANTHROPIC_GROWTHS[i - 1]!.length)).filter(
  (text) => text !== '',
);

const definition: ExerciseDefinition = {
  exports: { createRelay: 'function', relayAll: 'function' },
  cases: [
    channelsCase('openai', 'openai'),
    channelsCase('anthropic', 'anthropic'),
    channelsCase('gemini', 'gemini'),
    {
      id: 'each-part',
      uses: ['relayAll'],
      run: async (learner) => {
        const parts = await passedParts(learner, ANTHROPIC_GROWTHS);
        const wrong = ADDED.findIndex((text, i) => parts[i] !== text);
        return {
          progressEvents: ADDED.length,
          parts: parts.length,
          firstWrong: wrong !== -1 ? wrong : parts.length !== ADDED.length ? ADDED.length : null,
        };
      },
      expected: { progressEvents: ADDED.length, parts: ADDED.length, firstWrong: null },
      show: (value: PartsCheck, tools: CheckTools): Shown => ({
        kind: 'fields',
        fields: [
          { label: tools.text('progressEvents'), text: String(value.progressEvents) },
          { label: tools.text('parts'), text: String(value.parts) },
          {
            label: tools.text('firstWrong'),
            text: value.firstWrong === null ? tools.text('none') : String(value.firstWrong + 1),
          },
        ],
      }),
    } satisfies ExerciseCase<PartsCheck>,
    {
      id: 'nothing-new',
      uses: ['relayAll'],
      // Two `progress` events with the same text (it happens: the event fires on a timer), then the rest.
      run: async (learner) =>
        (
          await passedParts(learner, ['event: ping\n', 'event: ping\n', 'event: ping\ndata: {"type": "ping"}\n\n'])
        ).join(''),
      expected: 'event: ping\ndata: {"type": "ping"}\n\n',
    } satisfies ExerciseCase<string>,
    {
      id: 'cut',
      uses: ['relayAll'],
      run: (learner) => channelsThrough(learner, 'anthropic', truncateRecording(ANTHROPIC).bytes),
      expected: expectedOf(readProviderPieces('anthropic', [truncateRecording(ANTHROPIC).bytes])),
      show: showChannels,
    } satisfies ExerciseCase<{ answer: string; reasoning: string; complete: boolean }>,
  ],
};

export default definition;
