// `npm run size`: the JavaScript budgets of the built site, in bytes (gzipped), measured in Chromium.
// A test of bytes, never of time: it exits non-zero past a budget, whatever the machine's load.
//
// English in full: the landing page and every other page are loaded and left to settle (their first
// load), then every widget of the page is shown and used (PAGE_WIDGETS, as the axe and layout tests
// open them) and all the JavaScript fetched is added up:
//   - a page's first load may exceed the landing page's by at most 10 KB;
//   - all the JavaScript of a page, once every widget has been used, at most 450 KB.
// Spanish and French: each built page must refer to the very same script files as its English
// twin (read from dist/, no browser: the code is shared, only the strings in the HTML differ), so
// their figures are the English ones.
// The exercises' type checker (src/type-service/) has a budget of its own and stays out of the two
// above: its worker and the chunks it loads (found from dist/ by following the worker's imports) must
// never be part of a first load, and once an editor is focused on 06d, in each locale, all it fetched
// is at most 2 MB, listed by part (TypeScript, the lib files, lessons-code's declarations, TypeScript's
// translated messages, the worker itself).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { LOCALES, PAGE_WIDGETS } from '../test/e2e/fixtures.ts';
import { PAGE_KIND_NAMES, pagePath, type PageKind } from '../test/pages.ts';
import { fileOf } from '../test/dist/site.ts';
import { launchChromium, startPreview } from './preview.ts';

/** The script files a built page refers to: script src, module preloads, imports in inline scripts. */
const scriptsOf = (path: string): string[] =>
  [...new Set(readFileSync(fileOf(path), 'utf8').match(/\/_astro\/[\w.-]+\.m?js\b/g) ?? [])].sort();

// Its own port, so that several helpers' runs can share a machine: GA_SIZE_PORT, else 20 above GA_E2E_PORT.
const PORT = Number(
  process.env.GA_SIZE_PORT || (process.env.GA_E2E_PORT ? Number(process.env.GA_E2E_PORT) + 20 : 4339),
);
/** A page may fetch this much more JavaScript (gzipped) than the landing page before any interaction. */
const FIRST_LOAD_EXTRA_BUDGET = 10 * 1024;
/** All JavaScript once every widget of a page has been shown and used. */
const TOTAL_BUDGET = 450 * 1024;
/** `npm run size -- --files`: each page's script files too, largest first (where the bytes go). */
const SHOW_FILES = process.argv.includes('--files');
/** The type checker, all it loads in one locale (gzipped). */
const TYPE_CHECKER_BUDGET = 2 * 1024 * 1024;

/**
 * The type checker's files in dist/_astro/ (the worker, then every chunk it imports, statically or
 * not), each with the part of the checker it is.
 */
function typeCheckerFiles(): Map<string, string> {
  const dir = join(process.env.GA_OUT_DIR || 'dist', '_astro');
  const entry = readdirSync(dir).find((name) => /^type-worker-[\w-]+\.js$/.test(name));
  if (!entry) throw new Error('no type-worker-*.js in dist/_astro: the type checker was not built');
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

/** Every JavaScript response (page and workers) and its gzipped size, once per URL path. */
class ScriptLog {
  readonly sizes = new Map<string, number>();
  /** Scripts whose bytes could be read neither from the response nor from dist/. */
  readonly missed: string[] = [];
  private pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.context().on('response', (response) => {
      const url = new URL(response.url());
      const type = response.request().resourceType();
      const isScript = type === 'script' || /\.m?js$/.test(url.pathname);
      if (!isScript || this.sizes.has(url.pathname)) return;
      this.sizes.set(url.pathname, 0);
      // A worker that has already been terminated (the learner's, one per check) may take its
      // response body with it: then the file the preview served is read from dist/ instead, so
      // that no script counts as 0 bytes.
      this.pending.push(
        response
          .body()
          .catch(() => readFileSync(`dist${url.pathname}`))
          .then(
            (body) => void this.sizes.set(url.pathname, gzipSync(body, { level: 9 }).length),
            () => void this.missed.push(url.pathname),
          ),
      );
    });
  }

  /** The bytes of the scripts fetched so far, those of `except` (file names) left out. */
  async total(except: ReadonlyMap<string, string> = new Map()): Promise<number> {
    await Promise.all(this.pending);
    let sum = 0;
    for (const [path, size] of this.sizes) if (!except.has(fileName(path))) sum += size;
    return sum;
  }
}

/**
 * Loaded and left alone: the network quiet, then an idle moment (Starlight loads some UI when idle), then quiet again.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  const preview = await startPreview(PORT);
  const browser = await launchChromium({ forTests: true });
  const failures: string[] = [];
  const kinds = PAGE_KIND_NAMES;
  const open = async (path: string) => {
    const context = await browser.newContext({ baseURL: preview.base, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.dismiss());
    // The root build's one pass in a browser (the browser tests run the /learn/ build): what it
    // meets on the way, every widget of the English pages started, fails the run as well.
    page.on('pageerror', (error) => void failures.push(`${path}: page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(`${path}: console error: ${message.text()}`);
    });
    context.on('response', (answer) => {
      if (answer.status() >= 400)
        failures.push(`${path}: HTTP ${answer.status()} for ${new URL(answer.url()).pathname}`);
    });
    const log = new ScriptLog(page);
    const response = await page.goto(path);
    if (!response?.ok()) throw new Error(`${path}: HTTP ${response?.status()}`);
    await settle(page);
    return { page, log, close: () => context.close() };
  };
  const typeFiles = typeCheckerFiles();
  try {
    const english = LOCALES[0];
    for (const locale of LOCALES.slice(1)) {
      for (const kind of kinds) {
        const expected = scriptsOf(pagePath(english, kind));
        const files = scriptsOf(pagePath(locale, kind));
        const same = files.length === expected.length && files.every((file, i) => file === expected[i]);
        const refers = same
          ? `refers to the same ${files.length} script files as in English`
          : 'refers to OTHER script files than in English';
        console.log(`${locale.code} ${kind}: ${refers}`);
        if (!same) {
          const missing = expected.filter((file) => !files.includes(file));
          const extra = files.filter((file) => !expected.includes(file));
          failures.push(
            `${pagePath(locale, kind)}: other scripts than in English ` +
              `(only in English: ${missing.join(', ') || 'none'}; only here: ${extra.join(', ') || 'none'})`,
          );
        }
      }
    }

    const landing = await open(pagePath(english, 'landing'));
    const landingBytes = await landing.log.total();
    await landing.close();
    console.log(`en landing: first load ${kb(landingBytes)} of JavaScript (gzipped)`);

    // The pages are measured side by side (bytes do not depend on the time a page takes), three at
    // a time, and reported in their order.
    const measure = async (kind: PageKind) => {
      const path = pagePath(english, kind);
      const { page, log, close } = await open(path);
      const first = await log.total(typeFiles);
      const typesAtFirst = [...log.sizes.keys()].filter((file) => typeFiles.has(fileName(file)));
      await PAGE_WIDGETS[kind](page);
      await page.waitForLoadState('networkidle');
      const total = await log.total(typeFiles);
      await close();
      return { kind, path, first, total, log, typesAtFirst };
    };
    const queue = kinds.filter((k) => k !== 'landing');
    const results: Awaited<ReturnType<typeof measure>>[] = [];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let kind = queue.shift(); kind !== undefined; kind = queue.shift()) results.push(await measure(kind));
      }),
    );
    for (const kind of kinds) {
      const result = results.find((r) => r.kind === kind);
      if (result === undefined) continue;
      const { path, first, total, log, typesAtFirst } = result;
      const extra = first - landingBytes;
      if (SHOW_FILES) {
        for (const [file, bytes] of [...log.sizes].sort((a, b) => b[1] - a[1])) {
          const part = typeFiles.get(fileName(file));
          console.log(`    ${kb(bytes).padStart(9)}  ${file}${part ? ` (type checker: ${part}; its own budget)` : ''}`);
        }
      }
      for (const file of typesAtFirst) failures.push(`${path}: the type checker's ${file} is part of the first load`);
      for (const file of log.missed) failures.push(`${path}: could not measure ${file}`);
      console.log(
        `en ${kind} (${path}): first load ${kb(first)} ` +
          `(${extra >= 0 ? '+' : ''}${kb(extra)} over the landing page, budget ` +
          `+${kb(FIRST_LOAD_EXTRA_BUDGET)}); ` +
          `every widget used: ${kb(total)} (budget ${kb(TOTAL_BUDGET)})`,
      );
      if (extra > FIRST_LOAD_EXTRA_BUDGET) failures.push(`${path}: first load is ${kb(extra)} over the landing page`);
      if (total > TOTAL_BUDGET) failures.push(`${path}: ${kb(total)} of JavaScript once every widget is used`);
    }

    // The type checker, in each locale: an editor of 06d focused, TypeScript ready, all it fetched.
    // The three locales side by side, reported in their order.
    const typeChecker = async (locale: (typeof LOCALES)[number]) => {
      const path = pagePath(locale, 'rounds');
      const { page, log, close } = await open(path);
      const editor = page.locator('ga-exercise[data-exercise="bill-in-finally"]');
      await editor.scrollIntoViewIfNeeded();
      await editor.locator('.cm-content').click({ timeout: 60_000 });
      await editor.locator('[data-types][data-state="ready"]').waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await log.total();
      const parts = new Map<string, number>();
      for (const [file, bytes] of log.sizes) {
        const part = typeFiles.get(fileName(file));
        if (part) parts.set(part, (parts.get(part) ?? 0) + bytes);
      }
      await close();
      return { locale, path, parts };
    };
    for (const { locale, path, parts } of await Promise.all(LOCALES.map(typeChecker))) {
      const sum = [...parts.values()].reduce((a, b) => a + b, 0);
      const detail = [...parts]
        .sort((a, b) => b[1] - a[1])
        .map(([part, bytes]) => `${part} ${kb(bytes)}`)
        .join(', ');
      console.log(
        `${locale.code} type checker (${path}, an editor focused): ${kb(sum)} (budget ` +
          `${kb(TYPE_CHECKER_BUDGET)}) — ${detail}`,
      );
      if (!parts.has('TypeScript')) failures.push(`${path}: the type checker did not load TypeScript`);
      if (sum > TYPE_CHECKER_BUDGET) failures.push(`${path}: the type checker fetched ${kb(sum)}`);
    }
  } finally {
    await browser.close();
    preview.stop();
  }
  for (const failure of failures) console.log(`  OVER BUDGET: ${failure}`);
  console.log(failures.length === 0 ? 'size: every budget met' : `size: ${failures.length} budget(s) exceeded`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
