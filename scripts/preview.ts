// Shared by the page benchmarks (bench/): `astro preview` on the built site, and Debian's Chromium
// (Playwright never downloads a browser here); the browser tests take its flags (TEST_CHROMIUM).

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export interface Preview {
  base: string;
  stop(): void;
}

/** Serves dist/ with `astro preview` on the port; resolves once it answers. */
export async function startPreview(port: number): Promise<Preview> {
  if (!existsSync('dist/index.html')) throw new Error('no built site in dist/: run `npm run build` first');
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    'npx',
    ['astro', 'preview', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
  // 60 s: a bound on starting at all (it takes a second or two), not a measure.
  for (let waited = 0; waited < 60_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`astro preview exited with code ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(base + '/')).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`astro preview did not answer on ${base}: ${stderr}`);
}

/** Debian's Chromium and its flags, for the benchmarks and (see TEST_CHROMIUM) for the browser tests. */
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

/**
 * Debian's headless build of the same Chromium (package chromium-headless-shell, which `.ci/run`
 * installs beside chromium): the engine without the browser's own interface, the build Playwright
 * itself runs headless tests in (https://github.com/microsoft/playwright/issues/33566). Where it is
 * not installed, the tests run in the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Chromium for the checks, which judge behaviour or bytes and never speed (the browser tests): the
 * headless build where it is installed, and V8's optimizing compiler off (it compiles hot functions
 * again on threads of their own, which on a 2-core machine busy with three test pages compete with
 * the pages; what a script does is the same in every tier of V8). The benchmarks keep the full
 * browser as readers have it. V8 also keeps its garbage collection and compiling on the page's own
 * thread (`--single-threaded`: the same work, without threads that compete for the same two cores).
 * Each of the three (the headless build, the compiler off, one thread) made the browser tests take
 * fewer processor-seconds when it was chosen.
 */
export const TEST_CHROMIUM = {
  ...CHROMIUM,
  executablePath: existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM.executablePath,
  args: [...CHROMIUM.args, '--js-flags=--no-opt,--single-threaded'],
};

/** Chromium for a benchmark, as readers have it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}
