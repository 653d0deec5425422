// `npm run bench:inspect`: how long the stream inspector (06e) takes to read a 10 MB stream in Node,
// the work its worker does (lessons-code/inspect/inspect.ts): the bytes checked and decoded, the
// standard's trace, the format, the turn by the course's parsers, the findings; then what posting the
// report back to the page costs (a structured clone). Median, min and max of several runs
// (`-- --runs N`), then the findings of that stream. It prints and never fails.
//
// The stream: Anthropic's Messages format, one long answer in text deltas (a message_start, about
// 60,000 content_block_delta events), with what the findings look for: keep-alive comments, a line
// ended by a lone CR, sentences run together, and a body that stops inside its last event, with no
// message_stop.

import { readInput } from '../lessons-code/inspect/input.ts';
import { inspectBody } from '../lessons-code/inspect/inspect.ts';
import { Figures, runsFromArgs } from './stats.ts';

const RUNS = runsFromArgs(5);
const TARGET_BYTES = 10_000_000; // 10 MB (MB = 1,000,000 bytes in the figures)
const figures = new Figures();

const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

function stream(): Uint8Array {
  const parts: string[] = [
    event('message_start', {
      message: { id: 'msg_bench', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 24 } },
    }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
  ];
  let size = parts.join('').length;
  for (let i = 0; size < TARGET_BYTES; i++) {
    // every 97th delta ends a sentence that the next one continues without a space: the pinned split's mark
    const text =
      i % 97 === 96
        ? ` E Phrygian over E, bar ${i}.`
        : `${i % 97 === 0 ? 'Then' : ' E'} Phrygian, the half step F–E, bar ${i}`;
    let part = event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    if (i % 1000 === 999) part += ': keep-alive\n\n';
    if (i === 5000) part = part.replace('\n', '\r'); // a lone CR ends its event: line
    parts.push(part);
    size += part.length;
  }
  const body = parts.join('') + 'event: message_stop\ndata: {"type":"mess'; // cut inside its last event
  return new TextEncoder().encode(body);
}

const bytes = stream();
console.log(
  `A stream of ${(bytes.length / 1e6).toFixed(1)} MB in Anthropic's format, read ${RUNS} times ` +
    `(node ${process.version}, heap before: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB).`,
);

let last: ReturnType<typeof inspectBody> | undefined;
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const input = readInput({ kind: 'bytes', bytes });
  if (input.kind !== 'stream') throw new Error(`the bench's stream was refused: ${JSON.stringify(input)}`);
  const decoded = performance.now();
  const report = inspectBody(input.body, { bytes: input.bytes, head: input.head, replaced: input.replaced });
  const read = performance.now();
  structuredClone(report);
  const cloned = performance.now();
  figures.add('check and decode the bytes', decoded - started);
  figures.add('trace, format, turn, findings', read - decoded);
  figures.add('structured clone of the report', cloned - read);
  figures.add('in all', cloned - started);
  last = report;
}
figures.print('The stream inspector on 10 MB, in Node (the work of its worker)');
console.log(`heap after: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);

if (last) {
  const { format, stream: facts, turn, findings } = last;
  console.log(
    `\nformat ${format.id}; ${facts.lineCount} lines, ${facts.eventCount} events, ${facts.comments} comments, ` +
      `line ends ${facts.lineEnds.kind}; ending ${turn.ending.kind}; answer ${turn.answer.length} characters`,
  );
  console.log('first findings:');
  for (const finding of findings.slice(0, 8))
    console.log(
      `  ${finding.id.padEnd(16)} ${finding.severity.padEnd(8)} ${String(finding.count).padStart(6)} × ` +
        `lines ${finding.lines.slice(0, 4).join(', ')}${finding.count > 4 ? ', …' : ''}`,
    );
}
