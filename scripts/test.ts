// `npm test`: every phase, each an npm script of its own; prints how long each took (for the reader;
// nothing here is judged by time).
//
//   typecheck  astro sync, then tsc over everything (site, lessons-code, tests, scripts), then
//              npm run lint: Biome (format and lint), knip (unused files and exports), line length
//   unit       vitest: lessons-code, the exercises, the host over HTTP, the CLI, the UI strings
//   build      astro build into dist/
//   learn      the same site built for the sub-path /learn/, into dist-learn/ (npm run build:learn)
//   dist       vitest over the built pages (both builds): sections, output blocks, links, widget strings
//   e2e        Playwright in Chromium against dist-learn/ served under /learn/ with its _headers:
//              behaviour, locales, axe, layout, and no CSP violation or response of 400 or more
//   size       the JavaScript budgets, in bytes, measured in Chromium on dist/
//
// The main line runs typecheck, build, learn, dist and e2e one after the other, and stops at the
// first that fails. Two phases run beside it, because they need nothing it makes or only dist/, and
// touch nothing it reads:
//   - unit from the start (it reads the sources only; typecheck and the builds each use about one
//     core of two, so the unit tests fill the other);
//   - size once build has made dist/ (it spends most of its time waiting for the network to go quiet
//     in its pages, not computing).
// Their output is printed in one block when they end, so that it never interleaves with the main
// line's. The run fails if any phase fails.

import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Node's module compile cache (https://nodejs.org/api/module.html#module-compile-cache): every Node
// process of every phase, worker threads included, keeps the V8 code it compiled for a module and
// reuses it when the same file loads again. The unit phase starts a learner's worker per exercise
// check, each loading the same modules; the browser phase's workers load the same test code. Set
// NODE_DISABLE_COMPILE_CACHE=1 to run without it.
const env = {
  ...process.env,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'ga-course-node-cache'),
};

interface Phase {
  name: string;
  script: string;
}
interface Outcome {
  name: string;
  ok: boolean;
  start: number;
  end: number;
}

const MAIN: Phase[] = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'build', script: 'build' },
  { name: 'learn', script: 'build:learn' },
  { name: 'dist', script: 'test:dist' },
  { name: 'e2e', script: 'test:e2e' },
];
const UNIT: Phase = { name: 'unit', script: 'test:unit' };
const SIZE: Phase = { name: 'size', script: 'size' };
/** The main-line phase after which the size phase may start. */
const SIZE_AFTER = 'build';

const started = performance.now();
const seconds = (ms: number) => ((ms - started) / 1000).toFixed(0);

/** Runs one phase; `beside`: its output is kept and printed in one block when it ends. */
function run(phase: Phase, beside: boolean): Promise<Outcome> {
  const start = performance.now();
  if (beside) console.log(`\n[npm test] ${phase.name} starts beside the main line; its output follows when it ends`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', phase.script], { stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean) => {
      const end = performance.now();
      if (beside) {
        const verdict = ok ? 'passed' : 'FAILED';
        console.log(`\n[npm test] ${phase.name} (${verdict}, ${seconds(start)}–${seconds(end)} s):`);
        process.stdout.write(Buffer.concat(output));
        console.log(`[npm test] end of ${phase.name}\n`);
      }
      resolve({ name: phase.name, ok, start, end });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

const beside: Promise<Outcome>[] = [run(UNIT, true)];
const main: Outcome[] = [];
for (const phase of MAIN) {
  const outcome = await run(phase, false);
  main.push(outcome);
  if (!outcome.ok) break;
  if (phase.name === SIZE_AFTER) beside.push(run(SIZE, true));
}
const side = await Promise.all(beside);

const took = (o: Outcome) => `${o.name} ${((o.end - o.start) / 1000).toFixed(0)} s${o.ok ? '' : ' (FAILED)'}`;
const failed = [...main, ...side].filter((o) => !o.ok);
const stopped = main.length < MAIN.length ? ` (stopped after ${main.at(-1)?.name})` : '';
console.log(
  `\nnpm test: ${failed.length === 0 ? 'passed' : 'FAILED'} in ${seconds(performance.now())} s — ` +
    `${main.map(took).join(', ')}${stopped}; beside them: ` +
    side.map((o) => `${took(o)} (${seconds(o.start)}–${seconds(o.end)} s)`).join(', '),
);
process.exitCode = failed.length === 0 ? 0 : 1;
