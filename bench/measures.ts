// `npm run bench:measures`: how the measures the demos run scale with the answer, 128 KB to 1 MB of
// distinct lines. For each size: compare() on what each writer × reader pair gives, the
// pairs demo's whole computation (writerReaderTable, then lossReport for each cell, as its worker
// does in src/widgets/shared/compute-worker.ts) and the chunker demo's (chunkerView: both splits, the
// counts, a report for each). Each doubling of the answer should cost at most 2.2× the time (linear
// or n·log n). Two kinds of answers: lines that differ from their first characters on, and lines
// that share a long start (the browser test's megabyte, the harder case for core/substrings.ts).
//
// Then the one cost the course keeps on purpose: GA's two page readers split their whole buffer
// again on every read (lessons-code/ga/chat-service-reader.ts, ga/page-reader.ts), so one event
// arriving in many small reads costs time quadratic in its size; the demos that run them do so in a
// worker with a time limit. CPU time of this process, median of the runs after a warm-up round, the
// sizes taken in turn in each round, the heap collected before each run. Prints, never fails.
//
//   npm run bench:measures               # 5 runs of each
//   npm run bench:measures -- --runs 9

import { cpus, loadavg } from 'node:os';
import {
  READERS,
  SPLITS,
  WRITERS,
  bodyOf,
  compare,
  readChatServiceStream,
  readPageStream,
  readStandardStreamResult,
  runPair,
  writerReaderTable,
} from '../lessons-code/index.ts';
import { chunkerView } from '../src/widgets/shared/chunker-model.ts';
import { lossReport } from '../src/widgets/shared/loss-report.ts';
import { median, runsFromArgs } from './stats.ts';

const RUNS = runsFromArgs(5);
const SIZES_KB = [128, 256, 512, 1024];
const GOAL = 2.2;
const gc = (globalThis as { gc?: () => void }).gc; // node --expose-gc (the npm script passes it)
const collect = gc ?? (() => undefined);

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** An answer of `kb` kilobytes made of `line(i)` for i = 0, 1, 2…: every line different. */
function answerOf(kb: number, line: (i: number) => string): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < kb * 1024; i++) {
    lines.push(line(i));
    length += lines[lines.length - 1]!.length + 1;
  }
  return lines.join('\n') + '\n';
}

const ANSWERS: Record<string, (i: number) => string> = {
  'lines that differ from the start': (i) =>
    `- **${String.fromCharCode(65 + (i % 7))}${i}** → arpeggio ${i % 13}, play it ` +
    `over bar ${(i * 7919) % 10007}. Then rest ${i % 5} beats.`,
  'lines that share their start': (i) => `distinct line number ${i}, ${'x'.repeat(i % 7)}.`,
};

/**
 * Median CPU ms of each of `works` (one per size), measured in rounds that take every size in turn
 * (a machine busier for a while weighs on all sizes alike), after one round to warm up.
 */
function times(works: (() => unknown)[]): number[] {
  const samples = works.map(() => [] as number[]);
  for (let round = 0; round <= RUNS; round++) {
    works.forEach((work, i) => {
      collect();
      const start = cpuMs();
      work();
      if (round > 0) samples[i]!.push(cpuMs() - start);
    });
  }
  return samples.map(median);
}

function row(name: string, figures: number[]): void {
  const ratios = figures.slice(1).map((ms, i) => {
    const ratio = ms / figures[i]!;
    return `${ratio.toFixed(2)}×${ratio > GOAL ? ' (OVER)' : ''}`;
  });
  console.log(
    `  ${name.padEnd(36)}${figures.map((ms) => `${ms.toFixed(1)} ms`.padStart(11)).join('')}   ${ratios.join(', ')}`,
  );
}

const header = (sizes: string[], what: string) =>
  console.log(`  ${''.padEnd(36)}${sizes.map((size) => size.padStart(11)).join('')}   ${what}`);

console.log(
  `bench:measures — Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}; CPU ms, median of ${RUNS} runs${gc ? ', heap collected before each' : ''}`,
);
for (const [kind, line] of Object.entries(ANSWERS)) {
  console.log(`\nAn answer of ${kind} (e.g. ${JSON.stringify(line(12345))})`);
  header(
    SIZES_KB.map((kb) => `${kb} KB`),
    `each doubling (goal ≤ ${GOAL}×)`,
  );
  const inputs = SIZES_KB.map((kb) => {
    const answer = answerOf(kb, line);
    const cells = WRITERS.flatMap((w) => READERS.flatMap((r) => SPLITS.map((s) => runPair(w, r, s, answer))));
    return { answer, gots: cells.filter((cell) => !cell.thrown).map((cell) => cell.got) };
  });
  const figures = {
    compare: times(
      inputs.map(
        ({ answer, gots }) =>
          () =>
            gots.forEach((got) => compare(answer, got)),
      ),
    ),
    pairs: times(
      inputs.map(
        ({ answer }) =>
          () =>
            writerReaderTable(answer).map((r) => r.cells.map((cell) => lossReport(answer, cell.got))),
      ),
    ),
    chunkers: times(
      inputs.map(
        ({ answer }) =>
          () =>
            chunkerView(answer),
      ),
    ),
  };
  row(`compare(), the ${WRITERS.length * READERS.length * SPLITS.length} pairs' results`, figures.compare);
  row('pairs demo: table + reports', figures.pairs);
  row('chunker demo: splits + counts', figures.chunkers);
}

// Quadratic on purpose: one event of n bytes read in 1-byte reads.
console.log("\nOne event of n bytes in 1-byte reads (GA's page readers: quadratic, kept as GA wrote them)");
header(['16 KB', '32 KB', '64 KB'], 'each doubling');
const oneEvent = (kb: number) => {
  const bytes = new TextEncoder().encode(`data: ${'x'.repeat(kb * 1024)}\n\ndata: [DONE]\n\n`);
  return Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
};
const readers: Record<string, (body: ReadableStream<Uint8Array>) => Promise<unknown>> = {
  'ga-client chatService (GA)': readChatServiceStream,
  'GaChatbot page (GA)': readPageStream,
  'HTML standard': readStandardStreamResult,
};
for (const [name, read] of Object.entries(readers)) {
  const figures: number[] = [];
  for (const kb of [16, 32, 64]) {
    const pieces = oneEvent(kb);
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = cpuMs();
      await read(bodyOf(pieces));
      samples.push(cpuMs() - start);
    }
    figures.push(median(samples));
  }
  const ratios = figures.slice(1).map((ms, i) => `${(ms / figures[i]!).toFixed(2)}×`);
  console.log(
    `  ${name.padEnd(36)}${figures.map((ms) => `${ms.toFixed(1)} ms`.padStart(11)).join('')}   ${ratios.join(', ')}`,
  );
}
