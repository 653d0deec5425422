// The site's Content-Security-Policy (https://www.w3.org/TR/CSP3/). Every page carries it in a
// <meta http-equiv> that Astro writes (`security.csp` in astro.config.mjs: Astro adds the hashes of
// the scripts it bundles and inlines); hosts that read `_headers` also send it as a header, with
// `frame-ancestors`, which a <meta> policy cannot hold (src/deploy/integration.ts writes those rules).
//
// A dedicated worker does not inherit the page's policy: it gets the policy sent with its own script
// (CSP3, "Initialize a global object's CSP list"). The learner's worker runs the learner's module as a
// Function (src/exercise-engine/learner-harness.ts), so it needs 'unsafe-eval'; the page never does.
// Where a host reads `_headers`, each worker script gets a rule of its own, with the policies below; on
// a host that sends no headers (GitHub Pages) the workers run without a policy and the pages keep theirs.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The page's `script-src` sources beside the hashes: the site's own files. Pagefind (the site's
 * search) compiles its WebAssembly in a worker of its own, which gets its own policy below.
 */
const SCRIPT_SOURCES = ["'self'"];

/**
 * The page's `style-src`. 'unsafe-inline' because the two libraries that draw the terminal and the
 * editor write their styles at run time into <style> elements whose text depends on the measured
 * cell size and the theme (xterm.js's DOM renderer; CodeMirror through style-mod), which no hash
 * made at build time can match and a static host cannot give a nonce; the pages also carry some
 * eighty distinct style="" attributes (Starlight's icons and sidebar, the demos' widths). Styles
 * cannot run script; with `script-src` strict and `img-src`/`font-src`/`connect-src` limited to the
 * site, an injected style could restyle a page but not send anything elsewhere. With
 * 'unsafe-inline' present Astro writes no style hashes (browsers would ignore 'unsafe-inline' next
 * to a hash).
 */
const STYLE_SOURCES = ["'self'", "'unsafe-inline'"];

/** The page's other directives, in the <meta> and the header alike. */
const PAGE_DIRECTIVES = [
  // Anything not named below: nothing (frames, media, manifests, plugins).
  "default-src 'none'",
  // The favicon; the data: SVGs in Starlight's and Expressive Code's CSS (select arrows, copy icon).
  "img-src 'self' data:",
  // The demos' whitespace font (public/fonts/).
  "font-src 'self'",
  // Pagefind's index, and the code-split modules the pages and workers import.
  "connect-src 'self'",
  // The compute, checker, learner and provider-scan workers (from /_astro/), and Pagefind's (/pagefind/).
  "worker-src 'self'",
  "object-src 'none'",
  // The site never sets a <base>, and no form of it submits anywhere (the search form is handled in the page).
  "base-uri 'none'",
  "form-action 'none'",
];

/** Only in the header: a <meta> policy cannot say who may frame the page. */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/**
 * The components whose `<script is:inline>` reaches the pages. Astro hashes the scripts it bundles,
 * not these; their text is read here and hashed. test/dist/deploy.test.ts fails on an inline script
 * a page carries without its hash (add its component here) and on a hash no page uses.
 */
export const INLINE_SCRIPT_COMPONENTS = [
  // the sidebar's open groups and scroll position, restored before the first paint
  '@astrojs/starlight/components/SidebarPersister.astro',
  // the theme, set before the first paint, and the pickers showing it
  './src/components/overrides/ThemeProvider.astro',
  './src/components/overrides/ThemeSelect.astro',
  // the 404 page's languages, ordered by the address before the first paint
  './src/components/NotFound.astro',
];

const projectRoot = new URL('../../', import.meta.url);

/** The text of each `<script is:inline>` of an Astro component, as Astro copies it into the page. */
export function inlineScripts(source: string): string[] {
  return [...source.matchAll(/<script\b[^>]*\bis:inline\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
}

/** A CSP hash source of a script's text: 'sha256-…' (base64 of its UTF-8 bytes' SHA-256). */
export function scriptHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** The hashes of every inline script of INLINE_SCRIPT_COMPONENTS. */
function inlineScriptHashes(): `sha256-${string}`[] {
  const require = createRequire(projectRoot);
  return INLINE_SCRIPT_COMPONENTS.flatMap((component) => {
    const file = component.startsWith('./')
      ? fileURLToPath(new URL(component, projectRoot))
      : require.resolve(component);
    const scripts = inlineScripts(readFileSync(file, 'utf8'));
    if (scripts.length === 0)
      throw new Error(`csp.ts: ${component} has no <script is:inline> (drop it from INLINE_SCRIPT_COMPONENTS)`);
    return scripts.map(scriptHash);
  });
}

/** Astro's `security.csp` setting. */
export function astroCsp() {
  return {
    algorithm: 'SHA-256' as const,
    directives: PAGE_DIRECTIVES as `${string}-${string}`[],
    scriptDirective: { resources: SCRIPT_SOURCES, hashes: inlineScriptHashes() },
    styleDirective: { resources: STYLE_SOURCES },
  };
}

/**
 * The policies of the workers' scripts, by the name Vite gives a worker's file ('<source>-<hash>.js').
 * Every worker: its own modules from the site, no network, no nested workers.
 */
const WORKER_POLICY = "default-src 'none'; script-src 'self'; connect-src 'none'; worker-src 'none'";
const WORKER_POLICIES: Record<string, string> = {
  // The learner's worker builds the learner's module with the Function constructor
  // (src/exercise-engine/learner-harness.ts); the harness also switches fetch off, and the policy makes
  // any request from learner code fail in the platform itself.
  'learner-worker': "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; worker-src 'none'",
  // The checker builds one probe Function to learn how many lines V8 puts before a Function's body,
  // so that an error's line in the learner's code is the line in the editor (src/exercise-engine/transpile.ts).
  'checker-worker': "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; worker-src 'none'",
  // Pagefind's search compiles its WebAssembly ('wasm-unsafe-eval' allows that and no JavaScript
  // eval) and fetches the index's files from the site.
  'pagefind-worker': "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'none'",
};

/**
 * Workers that other code starts from an address it computes, so that the bundle holds no
 * `new Worker(new URL(…))` to find them by: Pagefind's, from the folder of its index.
 */
export const OTHER_WORKERS = ['pagefind/pagefind-worker.js'];

/** The header policy of a worker script, from its file name (its hash, if any, left out). */
export function workerPolicy(fileName: string): string {
  const name = fileName.replace(/\.js$/, '').replace(/-[\w-]{8}$/, '');
  return WORKER_POLICIES[name] ?? WORKER_POLICY;
}
