// The JavaScript a page fetches, in bytes: each script file once, gzipped (level 9) as a host would
// send it, its bytes read from the build it was served from. Bytes, never time: a budget holds on a
// busy machine as on an idle one. The budgets and where they are checked:
// - a page's first load (loaded and left to settle) at most 10 KB over the landing page's, and all
//   the JavaScript of a page once every widget has been used at most 460 KB: the English pages, in
//   the axe pass (a11y.spec.ts);
// - the exercises' type checker (src/type-service/) stays out of both: none of its files in a
//   first load, and all it fetches once an editor is in use at most 2 MB, in each locale
//   (type-checker.spec.ts).
// Spanish and French pages refer to the same script files as their English twins (the code is
// shared, only the strings in the HTML differ): test/dist/deploy.test.ts.
// GA_SIZE_FILES=1 also prints each page's script files, largest first (where the bytes go).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request } from '@playwright/test';
import type { Build } from '../builds.ts';

/** A page may fetch this much more JavaScript than the landing page before any interaction. */
export const FIRST_LOAD_EXTRA_BUDGET = 10 * 1024;
/**
 * All the JavaScript of a page once every widget has been shown and used. The lesson page comes
 * closest: most of its bytes are the editor and the checks of its four exercises, whose cases and
 * texts grow with each wrong answer the checks learn to refuse and explain (generated domains,
 * diagnoses and their words); 460 KB leaves them room while holding the page's weight. The first
 * load, which every reader pays, has its own budget above.
 */
export const TOTAL_BUDGET = 460 * 1024;
/** The type checker, all it loads in one locale. */
export const TYPE_CHECKER_BUDGET = 2 * 1024 * 1024;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The type checker's files in the build's _astro/ (its worker, then every chunk the worker imports,
 * statically or not), each with the part of the checker it is.
 */
export function typeCheckerFiles(build: Build): ReadonlyMap<string, string> {
  const dir = join(build.dir, '_astro');
  const entry = readdirSync(dir).find((name) => /^type-worker-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error(`no type-worker-*.js in ${dir}: the type checker was not built`);
  const files = new Map<string, string>();
  const partOf = (name: string, text: string) => {
    if (name === entry) return 'the worker';
    if (/^typescript-/.test(name)) return 'TypeScript';
    if (/type-service-libs-/.test(name)) return 'lib files';
    if (/type-service-declarations-/.test(name)) return 'lessons-code declarations';
    if (/type-service-options-/.test(name)) return 'compiler options';
    if (/^diagnosticMessages/.test(name))
      return text.includes('¿Quería decir') ? 'messages (es)' : text.includes('plutôt') ? 'messages (fr)' : 'messages';
    return 'other';
  };
  const visit = (name: string) => {
    if (files.has(name)) return;
    const text = readFileSync(join(dir, name), 'utf8');
    files.set(name, partOf(name, text));
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["'`]\.\/([\w.-]+\.js)["'`]/g)) visit(match[1]!);
  };
  visit(entry);
  return files;
}

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A built file's path → its gzipped size. */
const gzippedBytes = new Map<string, number>();

/**
 * Every script a browser context fetches from the site (pages and workers alike), once per path; and
 * whether any request of the context is still on its way.
 */
export class ScriptLog {
  /** Site path → gzipped bytes, in the order first fetched. */
  readonly sizes = new Map<string, number>();
  private readonly build: Build;
  private readonly inFlight = new Set<Request>();
  private lastActivity = Date.now();

  constructor(context: BrowserContext, build: Build) {
    this.build = build;
    context.on('request', (request) => {
      this.inFlight.add(request);
      this.lastActivity = Date.now();
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastActivity = Date.now();
    };
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    context.on('response', (response) => {
      const url = new URL(response.url());
      const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(url.pathname);
      if (!isScript || this.sizes.has(url.pathname) || !url.pathname.startsWith(build.base)) return;
      if (response.status() >= 400) return; // the test's fixtures fail the test for it
      this.sizes.set(url.pathname, this.bytesOf(url.pathname));
    });
  }

  /** The file the site served for a path, gzipped (each file once per worker: the tests only read the build). */
  private bytesOf(path: string): number {
    const file = join(this.build.dir, decodeURIComponent(path.slice(this.build.base.length)));
    let bytes = gzippedBytes.get(file);
    if (bytes === undefined) gzippedBytes.set(file, (bytes = gzipSync(readFileSync(file), { level: 9 }).length));
    return bytes;
  }

  /**
   * Resolves once no request of the context has been on its way for half a second. Playwright's
   * `waitForLoadState('networkidle')` is reached once per load and then answers at once, so it misses
   * what an idle callback or a widget fetches later (a widget's chunks).
   */
  async quiet(): Promise<void> {
    while (this.inFlight.size > 0 || Date.now() - this.lastActivity < 500)
      await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** The bytes fetched so far, the files named in `except` left out. */
  total(except: ReadonlyMap<string, string> = new Map()): number {
    let sum = 0;
    for (const [path, size] of this.sizes) if (!except.has(fileName(path))) sum += size;
    return sum;
  }

  /** The paths fetched so far that are among `files`. */
  among(files: ReadonlyMap<string, string>): string[] {
    return [...this.sizes.keys()].filter((path) => files.has(fileName(path)));
  }

  /** The bytes fetched so far of each part named in `files` (a part: 'TypeScript', 'lib files'…). */
  byPart(files: ReadonlyMap<string, string>): Map<string, number> {
    const parts = new Map<string, number>();
    for (const [path, bytes] of this.sizes) {
      const part = files.get(fileName(path));
      if (part) parts.set(part, (parts.get(part) ?? 0) + bytes);
    }
    return parts;
  }

  /** Each file and its bytes, largest first: printed when GA_SIZE_FILES is set. */
  listing(files: ReadonlyMap<string, string> = new Map()): string {
    if (!process.env.GA_SIZE_FILES) return '';
    return [...this.sizes]
      .sort((a, b) => b[1] - a[1])
      .map(([path, bytes]) => {
        const part = files.get(fileName(path));
        return `\n    ${kb(bytes).padStart(9)}  ${path}${part ? ` (type checker: ${part}; its own budget)` : ''}`;
      })
      .join('');
  }
}

/**
 * A page loaded and left alone: the network quiet, then an idle moment (the demos' stamps and the
 * type checker's preload wait for one), then quiet again (`scripts` was listening before the page
 * was loaded).
 */
export async function settle(page: Page, scripts: ScriptLog): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await scripts.quiet();
}
