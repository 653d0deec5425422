// `npm run bench:limits`: how long the work takes that the unit tests only require to finish
// (their bound is a timeout many times these figures). Median, min and max of several runs, in Node,
// printed beside what the tests allow. Exits 0 whatever the figures: it is a benchmark, not a test.
//
//   npm run bench:limits                  # 5 runs of each sample
//   npm run bench:limits -- --runs 9

import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  IMPROVISATION_ANSWER,
  splitAfter743,
  splitPinned,
  traceStandard,
  writeGaChatbotEvent,
} from '../lessons-code/index.ts';
import { diffText } from '../src/widgets/shared/text-diff.ts';
import { nodeRegistry } from '../src/exercise-engine/registry-node.ts';
import { ExerciseRunner } from '../src/exercise-engine/runner.ts';
import { testPlatform } from '../test/unit/exercise-engine/exercises-platform.ts';
import { Figures, runsFromArgs } from './stats.ts';

const RUNS = runsFromArgs(5);
const MB = 1_000_000;
const figures = new Figures();

function timed(name: string, testBound: number, work: () => void): void {
  const started = performance.now();
  work();
  figures.add(name, performance.now() - started, 'ms', testBound);
}

/** Runs the CLI and resolves with the milliseconds until it exits. */
function cliExit(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['lessons-code/cli.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('close', () => resolve(performance.now() - started)));
}

async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

async function main(): Promise<void> {
  const inputs: [string, string][] = [
    ['1 MB of spaces', ' '.repeat(MB)],
    ["'. ' repeated to 1 MB", '. '.repeat(MB / 2)],
    ['a letter, 1 MB of spaces, a letter', 'a' + ' '.repeat(MB) + 'b'],
    ['a full stop, 1 MB of spaces, a letter', '.' + ' '.repeat(MB) + 'b'],
    ['1 MB of spaces, then a full stop', ' '.repeat(MB) + '.'],
  ];
  const answer = IMPROVISATION_ANSWER.repeat(1800);
  const stream = writeGaChatbotEvent(IMPROVISATION_ANSWER).repeat(Math.ceil(MB / 600));
  const runner = new ExerciseRunner(testPlatform(await nodeRegistry()));
  console.log(`bench:limits — ${RUNS} run(s) of each sample`);
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [name, input] of inputs) {
        timed(`splitPinned, ${name}`, 30_000, () => splitPinned(input));
        timed(`splitAfter743, ${name}`, 30_000, () => splitAfter743(input));
      }
      timed('diffText on a 1 MB answer', 20_000, () => diffText(answer, answer.replaceAll('.\n', '.')));
      timed('traceStandard on a 1 MB stream', 20_000, () => traceStandard(stream));

      const { port, server } = await busyPort();
      figures.add(
        'CLI with GA_HOST_PORT in use: until it exits',
        await cliExit(['l6'], { GA_HOST_PORT: String(port) }),
        'ms',
        30_000,
      );
      await new Promise((resolve) => server.close(resolve));
      figures.add(
        'CLI with GA_HOST_PORT=-1: until it exits',
        await cliExit(['l6'], { GA_HOST_PORT: '-1' }),
        'ms',
        30_000,
      );
      figures.add('CLI l6: the whole program', await cliExit(['l6'], {}), 'ms');

      await runner.ready();
      let started = performance.now();
      await runner.run('predict', 'en', 'while (true) {}\n');
      figures.add(
        'exercise runner: `while (true) {}` stopped after (limit 2000)',
        performance.now() - started,
        'ms',
        20_000,
      );
      await runner.ready();
      started = performance.now();
      await runner.run(
        'chunks-as-units',
        'en',
        "export const answer = 'x';\nexport function render(chunks: string[]) { return chunks.join(''); }\n",
      );
      figures.add('exercise runner: a check on a warm worker', performance.now() - started, 'ms');
    }
  } finally {
    runner.dispose();
  }
  figures.print(`Figures (median of ${RUNS}; "budget" here is the bound the unit tests allow for finishing)`);
}

await main().catch((error) =>
  console.log(`bench:limits could not run: ${error instanceof Error ? error.message : String(error)}`),
);
process.exitCode = 0;
