// Exercise (06c): the growing-text transport. The learner's relay is played, in their worker, the
// texts an XMLHttpRequest would offer at each `progress`: three short ones first, then the course's
// recordings arriving in reads of 64 bytes. What it passes on is recorded, compared part by part
// with what each `progress` added, and read here by lessons-code's provider layers
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
  type Outcome,
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

/** What each text added to the one before it: the parts a right relay passes on ('' left out). */
const addedBy = (growths: readonly string[]): string[] =>
  growths.map((text, i) => text.slice(i === 0 ? 0 : growths[i - 1]!.length)).filter((text) => text !== '');

/** What the learner's relay passes on, in order ('' left out: it changes nothing). */
async function passedParts(learner: Learner, growths: readonly string[]): Promise<string[]> {
  const pass = learner.recorder();
  await learner.call('relayAll', growths, pass);
  return pass.calls.map((args) => String(args[0] ?? '')).filter((text) => text !== '');
}

const encoder = new TextEncoder();

type Channels = { answer: string; reasoning: string; complete: boolean };

/** The channels the parser gets from what the relay passed on. */
async function channelsThrough(learner: Learner, provider: Provider, bytes: Uint8Array): Promise<Channels> {
  const parts = await passedParts(learner, growthsOf(bytes, provider));
  const { answer, reasoning, complete } = readProviderPieces(
    provider,
    parts.map((part) => encoder.encode(part)),
  );
  return { answer, reasoning, complete };
}

const channelsOf = (result: ProviderStreamResult): Channels => ({
  answer: result.answer,
  reasoning: result.reasoning,
  complete: result.complete,
});

/** A text in code notation, cut after `limit` characters with the engine's mark (`…(+N)`). */
function shortened(text: string, limit: number, tools: CheckTools): string {
  return text.length <= limit
    ? tools.showValue(text)
    : `${tools.showValue(text.slice(0, limit))} …(+${text.length - limit})`;
}

const showChannels = (value: Channels, tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('answer'), text: shortened(value.answer, 400, tools) },
    { label: tools.text('reasoning'), text: shortened(value.reasoning, 400, tools) },
    { label: tools.text('complete'), text: tools.showValue(value.complete) },
  ],
});

/** What a case hands the relay, said in a sentence: a recording's texts so far. */
const recordingInput =
  (provider: Provider, growths: readonly string[]) =>
  (tools: CheckTools): Shown => ({
    kind: 'note',
    text: tools.text('input.recording', { recording: tools.text(`recording.${provider}`), events: growths.length }),
  });

function channelsCase(id: string, provider: Provider): ExerciseCase<Channels> {
  const recording = recordingById(provider);
  return {
    id,
    uses: ['relayAll'],
    run: (learner) => channelsThrough(learner, provider, recording.bytes),
    expected: channelsOf(readProviderPieces(provider, [recording.bytes])),
    show: showChannels,
    input: recordingInput(provider, growthsOf(recording.bytes, provider)),
  };
}

/**
 * Three texts so far, each the one before plus a few characters, cut inside an event; what the
 * second adds holds two characters of two bytes each in UTF-8 (`¡`, `é`).
 */
const THREE_START = 'event: content_block_delta\ndata: {"type":"content_block_delta",';
const THREE_MIDDLE = '"index":1,"delta":{"type":"text_delta","text":"¡Olé';
const THREE: readonly string[] = [THREE_START, THREE_START + THREE_MIDDLE, THREE_START + THREE_MIDDLE + '! 🎸"}}\n\n'];
const THREE_ADDED = addedBy(THREE);

const ANTHROPIC = recordingById('anthropic');
const ANTHROPIC_GROWTHS = growthsOf(ANTHROPIC.bytes, 'anthropic');
/** What each `progress` added to the text: the parts a right relay passes on. */
const ADDED = addedBy(ANTHROPIC_GROWTHS);

/** Two `progress` events with the same text (it happens: the event fires on a timer), then the rest. */
const NOTHING_NEW: readonly string[] = ['event: ping\n', 'event: ping\n', 'event: ping\ndata: {"type": "ping"}\n\n'];

const TRUNCATED = truncateRecording(ANTHROPIC);
const TRUNCATED_GROWTHS = growthsOf(TRUNCATED.bytes, 'anthropic');

const sameParts = (a: readonly unknown[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((part, i) => part === b[i]);

const partsOf = (outcome: Outcome<string[]>): string[] | null =>
  outcome.kind === 'value' && Array.isArray(outcome.value) && outcome.value.every((p) => typeof p === 'string')
    ? outcome.value
    : null;

/** What a relay passes on when `next` gives the part it takes from each text, and `after` the count it keeps. */
function playedBy(
  growths: readonly string[],
  next: (text: string, count: number) => string,
  after: (text: string, count: number, part: string) => number,
): string[] {
  let count = 0;
  const parts: string[] = [];
  for (const text of growths) {
    const part = next(text, count);
    count = after(text, count, part);
    if (part !== '') parts.push(part);
  }
  return parts;
}

const utf8Length = (text: string): number => encoder.encode(text).length;

/**
 * The parts of a relay that starts each slice one character off: one too far (each new part loses
 * its first character), or one too soon (each repeats the last character passed; the first, sliced
 * from -1, is the first text's last character).
 */
const OFF_BY_ONE = [
  playedBy(
    THREE,
    (text, count) => text.slice(count + 1),
    (text) => text.length,
  ),
  playedBy(
    THREE,
    (text, count) => text.slice(count - 1),
    (text) => text.length,
  ),
];

/** The parts of a relay that counts what it passed in bytes (UTF-8) but slices the text in characters. */
const COUNTED_IN_BYTES = [
  playedBy(
    THREE,
    (text, count) => text.slice(count),
    (text) => utf8Length(text),
  ),
  playedBy(
    THREE,
    (text, count) => text.slice(count),
    (_text, count, part) => count + utf8Length(part),
  ),
];

/** Each part the relay passed on beside what that `progress` added, from the first that differs. */
function showParts(expected: readonly string[]) {
  return (parts: string[], tools: CheckTools): Shown => {
    const wrong = Math.max(parts.length, expected.length);
    let first = 0;
    while (first < wrong && parts[first] === expected[first]) first++;
    const fields = [
      { label: tools.text('progressEvents'), text: String(expected.length) },
      { label: tools.text('parts'), text: String(parts.length) },
      { label: tools.text('firstWrong'), text: first === wrong ? tools.text('none') : String(first + 1) },
    ];
    if (first < wrong)
      fields.push(
        {
          label: tools.text('newText'),
          text: first < expected.length ? tools.showValue(expected[first]) : tools.text('nothingNew'),
        },
        {
          label: tools.text('yourPart'),
          text: first < parts.length ? shortened(parts[first]!, 100, tools) : tools.text('nothingPassed'),
        },
      );
    return { kind: 'fields', fields };
  };
}

const definition: ExerciseDefinition = {
  exports: { createRelay: 'function', relayAll: 'function' },
  cases: [
    {
      id: 'three-texts',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, THREE),
      expected: THREE_ADDED,
      input: (tools) => ({ kind: 'code', text: tools.showValue(THREE) }),
      diagnoses: [
        {
          // Each text so far passed on whole: the parser reads the start of the stream again.
          id: 'whole-text',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && sameParts(parts, THREE);
          },
        },
        {
          // Nothing passed on: the count moved to the text's length before the slice was taken.
          id: 'count-too-soon',
          recognize: (outcome) => partsOf(outcome)?.length === 0,
        },
        {
          id: 'off-by-one',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && OFF_BY_ONE.some((wrong) => sameParts(parts, wrong));
          },
        },
        {
          id: 'bytes-not-characters',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && COUNTED_IN_BYTES.some((wrong) => sameParts(parts, wrong));
          },
        },
        {
          // Fewer, later parts, each ending with a blank line: the relay held text back until an
          // event was whole.
          id: 'holds-back',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return (
              parts !== null &&
              parts.length > 0 &&
              parts.length < THREE_ADDED.length &&
              parts.every((part) => /(\n\n|\r\n\r\n|\r\r)$/.test(part)) &&
              THREE.at(-1)!.startsWith(parts.join(''))
            );
          },
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'each-part',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, ANTHROPIC_GROWTHS),
      expected: ADDED,
      show: showParts(ADDED),
      input: recordingInput('anthropic', ANTHROPIC_GROWTHS),
      diagnoses: [
        {
          // The recording's end, from somewhere after its start: a count that began where the
          // previous relay's had stopped, as one kept outside createRelay does.
          id: 'count-outside-relay',
          recognize: (outcome) => {
            const joined = partsOf(outcome)?.join('') ?? '';
            return joined !== '' && joined.length < ANTHROPIC.text.length && ANTHROPIC.text.endsWith(joined);
          },
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'nothing-new',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, NOTHING_NEW),
      expected: addedBy(NOTHING_NEW),
      input: (tools) => ({ kind: 'code', text: tools.showValue(NOTHING_NEW) }),
    } satisfies ExerciseCase<string[]>,
    channelsCase('openai', 'openai'),
    channelsCase('anthropic', 'anthropic'),
    channelsCase('gemini', 'gemini'),
    {
      id: 'cut',
      uses: ['relayAll'],
      run: (learner) => channelsThrough(learner, 'anthropic', TRUNCATED.bytes),
      expected: channelsOf(readProviderPieces('anthropic', [TRUNCATED.bytes])),
      show: showChannels,
      input: (tools) => ({ kind: 'note', text: tools.text('input.cut', { events: TRUNCATED_GROWTHS.length }) }),
    } satisfies ExerciseCase<Channels>,
  ],
};

export default definition;
