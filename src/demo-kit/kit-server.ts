// The server half of the demo kit (the browser half is src/demo-kit/kit-client.ts).
// A widget's .astro file renders its whole skeleton with Astro.locals.t(), and hands its custom
// element the strings the client fills in later, picked by key prefix from t.all() (as Starlight's
// Search.astro passes pagefind.*): its own `course.<name>.*` keys, in one `data-strings` attribute
// that the browser half reads with `new Strings(element, name)`. Every widget does it this way, the
// demos and the exercise workbench alike. Ids come from a per-page counter, so a page built twice
// gets the same ids (no Math.random()).

import { selectStrings, translate, type Table, type Vars } from './format.ts';
import { visibleParts, type SpaceSigns } from './visible.ts';

/** Starlight's `Astro.locals.t`: its keys are Starlight's and the course's (content.config.ts). */
type Translate = App.Locals['t'];

/** The shared strings every demo may use on the client: verdicts, whitespace names, outcomes. */
export const SHARED_PREFIXES = [
  'course.demo.',
  'course.verdict.',
  'course.count.',
  'course.names.',
  'course.ws.',
] as const;

/**
 * JSON of the strings a widget's element needs (its `data-strings`): every key that starts with one
 * of `prefixes` (`course.exercise.`), `course.` taken off the keys. A new key under a prefix reaches
 * the client with no list to update.
 */
export function widgetStrings(t: Translate, prefixes: readonly string[]): string {
  // Starlight types all() with its schema, loose (an index signature of unknown); every value is a string.
  return JSON.stringify(selectStrings(t.all() as Table, prefixes));
}

/** JSON of a demo's own strings: its `course.<name>.*` keys and any `extra` prefixes (the shared ones: pageStrings). */
export function demoStrings(t: Translate, name: string, extra: readonly string[] = []): string {
  return widgetStrings(t, [`course.${name}.`, ...extra]);
}

const blocksWritten = new WeakMap<object, Set<string>>();

/**
 * Strings that several widgets of one page read (the exercises' workbench strings, the demos' shared
 * ones), written once per page rather than once per widget: a lesson with four exercises would
 * otherwise carry the same 18 KB four times, for the browser to read before its first paint.
 * The first widget of the page to ask gets the block's JSON (`json`) to render in a data block,
 * `<script type="application/json" id={id}>`, which the browser never runs
 * (https://html.spec.whatwg.org/multipage/scripting.html#data-block); later ones get only the id.
 * Each widget names the block in `data-strings-from` (src/demo-kit/strings.ts reads it). `<` is
 * written `\u003c`, so that no string can end the block early.
 */
export function pageStrings(
  locals: object,
  t: Translate,
  name: string,
  prefixes: readonly string[],
): { id: string; json?: string } {
  const id = `ga-strings-${name}`;
  let written = blocksWritten.get(locals);
  if (!written) blocksWritten.set(locals, (written = new Set()));
  if (written.has(id)) return { id };
  written.add(id);
  return { id, json: widgetStrings(t, prefixes).replaceAll('<', '\\u003c') };
}

const counters = new WeakMap<object, Map<string, number>>();

/**
 * Ids for one demo on a page: `ids('answer')` → `chunker-1-answer`. The counter lives in the page's
 * `Astro.locals`, so it starts again at 1 on each page and two demos of one kind never share an id.
 */
export function demoIds(locals: object, name: string): (part: string) => string {
  let perPage = counters.get(locals);
  if (!perPage) counters.set(locals, (perPage = new Map()));
  const n = (perPage.get(name) ?? 0) + 1;
  perPage.set(name, n);
  const base = `${name}-${n}`;
  return (part) => `${base}-${part}`;
}

/**
 * The page's strings as the browser half reads them (`course.` taken off the keys), with plurals
 * and numbers per locale: for skeletons that render a first result the client later replaces.
 */
export function serverStrings(t: Translate, lang: string): (key: string, vars?: Vars) => string {
  const table = selectStrings(t.all() as Table, ['course.']);
  return (key, vars) => translate(table, lang, key, vars);
}

/**
 * What a demo's frontmatter needs, in one call: `t` for whole keys, `tr` for keys without
 * `course.` (plurals, numbers per locale), the page's language, the demo's ids, and `label(key)`,
 * a column's name as a card shows it (`course.<name>.<key>` then a colon, as the locale writes it:
 * course.output.cardLabel).
 */
export function demoSetup(locals: { t: Translate; starlightRoute: { lang: string } }, name: string) {
  const { t } = locals;
  const lang = locals.starlightRoute.lang;
  const tr = serverStrings(t, lang);
  const label = (key: string) => tr('output.cardLabel', { label: tr(`${name}.${key}`) });
  return { t, lang, tr, ids: demoIds(locals, name), label };
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

/** Text escaped for HTML as Astro escapes the text of an expression (the same five characters). */
const escapeHtml = (text: string) => text.replace(/[&<>'"]/g, (c) => ENTITIES[c]!);

/**
 * Text with its invisible characters shown as signs, as HTML for a `<pre set:html>`: the spans and
 * line breaks that appendVisible (visible-render.ts) draws in the browser. The text is escaped, so
 * the only markup is the signs' spans. For text the build has (the course's streams and cuts), never
 * a learner's: the browser shows those with appendVisible.
 */
export function visibleHtml(text: string, spaces: SpaceSigns = false): string {
  return visibleParts(text, spaces)
    .map((part) => {
      if ('text' in part) return escapeHtml(part.text);
      const sign = `<span class="${part.space ? 'ws ws-space' : 'ws'}">${escapeHtml(part.sign)}</span>`;
      return part.lineFeed ? `${sign}\n` : sign;
    })
    .join('');
}
