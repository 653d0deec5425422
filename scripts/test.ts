// `npm test`: the phases in order, each an npm script of its own, stopping at the first that fails.
// Prints how long each phase took (for the reader; nothing here is judged by time).
//
//   typecheck  astro sync, TypeScript 7 over everything (site, lessons-code, tests, scripts), and
//              the checks of npm run lint: Biome (format and lint), knip (unused files and exports),
//              line length
//   unit       vitest: lessons-code, the exercises, the host over HTTP, the CLI, the UI strings
//   build      astro build into dist/
//   learn      the same site built for the sub-path /learn/, into dist-learn/ (npm run build:learn)
//   dist       vitest over the built pages (both builds): sections, output blocks, links, widget strings
//   e2e        Playwright in Chromium against dist-learn/ served under /learn/ with its _headers:
//              behaviour, locales, layout, and no CSP violation or response of 400 or more; axe and
//              the JavaScript budgets (in bytes) on every English page of dist/ served at the root

import { spawnSync } from 'node:child_process';
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

const PHASES: [string, string][] = [
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['build', 'build'],
  ['learn', 'build:learn'],
  ['dist', 'test:dist'],
  ['e2e', 'test:e2e'],
];

const times: string[] = [];
const started = performance.now();
let code = 0;
for (const [name, script] of PHASES) {
  const start = performance.now();
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit', env });
  times.push(`${name} ${((performance.now() - start) / 1000).toFixed(0)} s`);
  if (result.status !== 0) {
    code = result.status ?? 1;
    times.push(`(stopped: ${name} failed)`);
    break;
  }
}
console.log(
  `\nnpm test: ${code === 0 ? 'passed' : 'FAILED'} in ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s — ${times.join(', ')}`,
);
process.exitCode = code;
