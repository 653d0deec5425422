// Exercise 1, a prediction: what the standard reader gets from each writer for the chunk "a\r\nb".
// The expected values are computed from lessons-code's writers and reader, never written down;
// the proof traces the standard's line rules (HTML Living Standard, § 9.2.6 "Interpreting an event
// stream") over both writers' bytes.

import {
  readStandard,
  show,
  traceStandard,
  writeGaApiEvent,
  writeGaChatbotEvent,
  type TracedLine,
  type CheckTools,
  type ExerciseDefinition,
  type Outcome,
  type ProofBlock,
  type Shown,
} from 'lessons-code';

/** The chunk of the exercise: two lines with a Windows line end between them. */
export const PREDICT_CHUNK = 'a\r\nb';

/** The four answers `dependsOnSystem` may take. */
const SYSTEM_CHOICES = ['GaChatbot.Api', 'GaApi', 'both', 'neither'];

/** The learner's prediction, when it is a list of strings (the only shape a diagnosis reads). */
function predicted(outcome: Outcome): string[] | null {
  if (outcome.kind !== 'value' || !Array.isArray(outcome.value)) return null;
  return outcome.value.every((item) => typeof item === 'string') ? (outcome.value as string[]) : null;
}

/** True when the prediction is exactly these events' data, in this order. */
const predictedExactly =
  (...events: string[]) =>
  (outcome: Outcome): boolean => {
    const list = predicted(outcome);
    return list !== null && list.length === events.length && list.every((data, i) => data === events[i]);
  };

/** True when the prediction is at least one event, each keeping the LF that ends its last data line. */
const keepsFinalLineFeed = (outcome: Outcome): boolean => {
  const list = predicted(outcome);
  return list !== null && list.length > 0 && list.every((data) => data.endsWith('\n'));
};

/**
 * True when the prediction writes an escape out: a backslash then `r` or `n` in the value itself,
 * as `'a\\nb'` or String.raw`a\nb` give, where `'a\nb'` holds the LF the escape stands for.
 */
const escapeWrittenOut = (outcome: Outcome): boolean =>
  predicted(outcome)?.some((data) => /\\[rn]/.test(data)) ?? false;

/** What a prediction is about: the chunk through a writer, then through the standard reader, as code to try. */
const through = (writer: string, tools: CheckTools): Shown => ({
  kind: 'code',
  text: `readStandard(${writer}(${tools.showValue(PREDICT_CHUNK)}))`,
});

/** One sentence per traced line: which of the standard's rules it met. */
function explain(line: TracedLine, tools: CheckTools): string {
  const vars = { value: show(line.value), field: show(line.field), n: (line.event ?? 0) + 1 };
  switch (line.tag) {
    case 'data':
    case 'dispatch':
    case 'blank':
    case 'no-colon':
    case 'unfinished':
    case 'comment':
      return tools.text(`line.${line.tag}`, vars);
    default:
      return tools.text('line.field', vars);
  }
}

function writerBlocks(label: string, bytes: string, tools: CheckTools): ProofBlock[] {
  const trace = traceStandard(bytes);
  return [
    {
      label,
      text: bytes,
      lines: trace.lines.map((line) => ({ text: line.text + line.end, explanation: explain(line, tools) })),
    },
    { label: tools.text('proof.events'), text: tools.showValue(trace.events.map((event) => event.data)) },
  ];
}

const definition: ExerciseDefinition = {
  kind: 'prediction',
  exports: { fromGaChatbotApi: 'string-array', fromGaApi: 'string-array', dependsOnSystem: 'string' },
  cases: [
    {
      id: 'gachatbot',
      uses: ['fromGaChatbotApi'],
      run: (learner) => learner.value('fromGaChatbotApi'),
      expected: readStandard(writeGaChatbotEvent(PREDICT_CHUNK)),
      input: (tools) => through('writeGaChatbotEvent', tools),
      diagnoses: [
        // The CR kept: the writer's replaceAll forgotten (the reader never sees a CR from this writer).
        {
          id: 'gachatbot-keeps-cr',
          recognize: (outcome) => predicted(outcome)?.some((data) => data.includes('\r')) ?? false,
        },
        // Each `data:` line taken for an event of its own.
        { id: 'one-event-per-data-line', recognize: predictedExactly('a', 'b') },
        // GaApi's loss given to GaChatbot.Api's writer (the two writers confused).
        { id: 'gachatbot-loses-b', recognize: predictedExactly('a') },
        // The LF after the last value kept (rule 3 takes it off).
        { id: 'keeps-final-lf', recognize: keepsFinalLineFeed },
        // A backslash and a letter where the escape's one character belongs.
        { id: 'escape-written-out', recognize: escapeWrittenOut },
      ],
    },
    {
      id: 'gaapi',
      uses: ['fromGaApi'],
      run: (learner) => learner.value('fromGaApi'),
      expected: readStandard(writeGaApiEvent(PREDICT_CHUNK)),
      input: (tools) => through('writeGaApiEvent', tools),
      diagnoses: [
        // `b` kept as data, whether joined to `a`, with or without the CR, or as an event of its own.
        {
          id: 'gaapi-b-is-data',
          recognize: (outcome) => predicted(outcome)?.some((data) => data.includes('b')) ?? false,
        },
        // The CR left in the value of `data: a` (the line taken to end at the LF alone).
        {
          id: 'cr-in-value',
          recognize: (outcome) =>
            predicted(outcome)?.some((data) => data.includes('\r') && !data.includes('b')) ?? false,
        },
        // The LF after the value of `data: a` kept, as on GaChatbot.Api's side (rule 3 takes it off).
        { id: 'keeps-final-lf', recognize: keepsFinalLineFeed },
        // A backslash and a letter where the escape's one character belongs.
        { id: 'escape-written-out', recognize: escapeWrittenOut },
      ],
    },
    {
      id: 'system',
      uses: ['dependsOnSystem'],
      run: (learner) => learner.value('dependsOnSystem'),
      expected: 'neither',
      diagnoses: [
        // A writer's result taken to depend on the system, which only the answer GA builds does.
        {
          id: 'system-answer-not-chunk',
          recognize: (outcome) =>
            outcome.kind === 'value' && ['GaChatbot.Api', 'GaApi', 'both'].includes(outcome.value as string),
        },
        // Not one of the four answers, as written (a capital letter, a space, another word).
        {
          id: 'system-not-a-choice',
          recognize: (outcome) =>
            outcome.kind === 'value' && typeof outcome.value === 'string' && !SYSTEM_CHOICES.includes(outcome.value),
        },
      ],
    },
  ],
  proof: (tools) => [
    ...writerBlocks(tools.text('proof.gachatbot'), writeGaChatbotEvent(PREDICT_CHUNK), tools),
    ...writerBlocks(tools.text('proof.gaapi'), writeGaApiEvent(PREDICT_CHUNK), tools),
  ],
};

export default definition;
