// `npm run bench:measures`: how the measures the demos run scale with the answer, 128 KB to 1 MB of
// distinct lines (issue 16): compare() on what each of the 12 writer × reader pairs gives, and the
// whole writerReaderTable (the pairs demo's table). Each doubling of the answer should cost at most
// about twice the time (the course's bound: 2.2×). Then the one cost the course keeps on purpose:
// ga-client's chatService re-splits its whole buffer on every read, as GA's code does
// (lessons-code/ga/chat-service-reader.ts), so one event arriving in many small reads costs time
// quadratic in its size. CPU time of this process, median of RUNS runs after a warm-up; prints, never fails.

import { cpus, loadavg } from 'node:os';
import { READERS, SPLITS, WRITERS, bodyOf, compare, readChatServiceStream, readPageStream, readStandardStreamResult, runPair, writerReaderTable } from '../lessons-code/index.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIZES_KB = [128, 256, 512, 1024];

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** An answer of `kb` kilobytes, every line different, with sentence ends the chunkers split at. */
function answerOf(kb: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < kb * 1024; i++) {
    const line = `- **${String.fromCharCode(65 + (i % 7))}${i}** → arpeggio ${i % 13}, play it over bar ${(i * 7919) % 10007}. Then rest ${i % 5} beats.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

/** Median CPU ms of `work`, after one run to warm up. */
function time(work: () => unknown): number {
  work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = cpuMs();
    work();
    samples.push(cpuMs() - start);
  }
  return median(samples);
}

function scaling(name: string, figures: number[]): void {
  const ratios = figures.slice(1).map((ms, i) => `${(ms / figures[i]!).toFixed(2)}×`);
  console.log(`${name.padEnd(34)} ${figures.map((ms) => `${ms.toFixed(1)} ms`.padStart(10)).join('')}   each doubling: ${ratios.join(', ')}`);
}

console.log(`Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}; median of ${RUNS} runs, CPU time`);
console.log(`${'answer of distinct lines'.padEnd(34)} ${SIZES_KB.map((kb) => `${kb} KB`.padStart(10)).join('')}`);
const compareTimes: number[] = [];
const tableTimes: number[] = [];
for (const kb of SIZES_KB) {
  const answer = answerOf(kb);
  const gots = WRITERS.flatMap((w) => READERS.flatMap((r) => SPLITS.map((s) => runPair(w, r, s, answer)))).filter((cell) => !cell.thrown).map((cell) => cell.got);
  compareTimes.push(time(() => gots.forEach((got) => compare(answer, got))));
  tableTimes.push(time(() => writerReaderTable(answer)));
}
scaling(`compare(), the ${WRITERS.length * READERS.length * SPLITS.length} pairs' results`, compareTimes);
scaling('writerReaderTable()', tableTimes);

// Quadratic on purpose: one event of n bytes read in 1-byte reads.
console.log('\none event of n bytes in 1-byte reads   n = 16 KB, 32 KB, 64 KB');
const oneEvent = (kb: number) => {
  const bytes = new TextEncoder().encode(`data: ${'x'.repeat(kb * 1024)}\n\ndata: [DONE]\n\n`);
  return Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
};
const readers = { 'ga-client chatService (GA)': readChatServiceStream, 'GaChatbot page (GA)': readPageStream, 'HTML standard': readStandardStreamResult } as const;
for (const [name, read] of Object.entries(readers)) {
  const figures: number[] = [];
  for (const kb of [16, 32, 64]) {
    const pieces = oneEvent(kb);
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = cpuMs();
      await (read as (body: ReadableStream<Uint8Array>) => Promise<unknown>)(bodyOf(pieces));
      samples.push(cpuMs() - start);
    }
    figures.push(median(samples));
  }
  scaling(name, figures);
}
