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
  type ProofBlock,
} from 'lessons-code';

/** The chunk of the exercise: two lines with a Windows line end between them. */
export const PREDICT_CHUNK = 'a\r\nb';

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
    },
    {
      id: 'gaapi',
      uses: ['fromGaApi'],
      run: (learner) => learner.value('fromGaApi'),
      expected: readStandard(writeGaApiEvent(PREDICT_CHUNK)),
    },
    {
      id: 'system',
      uses: ['dependsOnSystem'],
      run: (learner) => learner.value('dependsOnSystem'),
      expected: 'neither',
    },
  ],
  proof: (tools) => [
    ...writerBlocks(tools.text('proof.gachatbot'), writeGaChatbotEvent(PREDICT_CHUNK), tools),
    ...writerBlocks(tools.text('proof.gaapi'), writeGaApiEvent(PREDICT_CHUNK), tools),
  ],
};

export default definition;
