// What the stream inspector shows instead of a report (its markup: InspectDemo.astro): input it
// cannot read, said in the status line; a response that is not an event stream, with its status,
// headers and error words; and a HAR file's entries to pick one from. The learner's data is set as
// text, never parsed as HTML.

import type { HarEntry, ResponseView } from '../../../lessons-code/index.ts';
import { EXCERPT_CHARS, errorShapeName } from '../../../lessons-code/inspect/response.ts';
import { h } from '../../demo-kit/kit-client.ts';
import { fact, type InspectView } from './inspect-report-render.ts';

/** No result on screen: neither a report nor a response. */
export function hideResults({ p }: InspectView): void {
  p('results').hidden = true;
  p('response').hidden = true;
}

/** Input that cannot be read, with what curl said if it did (`note`); returns what the status line says. */
export function renderProblem(view: InspectView, key: string, note?: string): string {
  const { t } = view.s;
  hideResults(view);
  view.p('status').dataset.problem = '';
  return note ? `${t(`problem.${key}`)} ${t('problem.curlNote', { note })}` : t(`problem.${key}`);
}

/** A response that is not an event stream, drawn in place of a report; returns what the status line says of it. */
export function renderResponse({ p, s: { t } }: InspectView, v: ResponseView): string {
  p('results').hidden = true;
  p('response-title').textContent = t(`response.title.${v.why}`);
  p('response-why').textContent = t(`response.why.${v.why}`, { count: v.jsonLines });
  const list = p('response-facts');
  list.replaceChildren();
  const header = (name: string, value: string | null) =>
    fact(list, name, value === null ? t('headerAbsent') : h('code', undefined, value)).firstElementChild!.setAttribute(
      'translate',
      'no',
    );
  if (v.statusLine !== '') fact(list, t('fact.status'), h('code', undefined, v.statusLine)).className = 'si-wide';
  if (v.entry)
    fact(list, t('fact.entry'), h('code', undefined, `${v.entry.method} ${v.entry.url}`)).className = 'si-wide';
  if (v.statusLine !== '') header('content-type', v.contentType);
  if (v.retryAfter !== null) header('retry-after', v.retryAfter);
  if (v.location !== null) header('location', v.location);
  const { words } = v;
  if (words) {
    fact(list, t('response.shape'), errorShapeName(words.shape, t));
    if (words.kind !== '') fact(list, t('response.kind'), h('code', undefined, words.kind));
    if (words.code !== '') fact(list, t('response.code'), h('code', undefined, words.code));
    if (words.retryDelay !== '') header('retryDelay', words.retryDelay);
  }
  p('response-message').textContent = words?.message ?? '';
  p('response-words').hidden = !words?.message;
  p('response-body').textContent = v.excerpt;
  p('response-note').textContent =
    v.excerpt === '' ? t('response.bodyEmpty') : v.cut ? t('shownPart', { count: EXCERPT_CHARS }) : '';
  p('response').hidden = false;
  return v.why === 'status' || v.why === 'redirect'
    ? t(`response.done.${v.why}`, { status: v.statusLine })
    : t(`response.done.${v.why}`);
}

/** A HAR file's entries in the picker (in place of a report), with how many of its entries they are. */
export function renderHarEntries({ p, s: { t } }: InspectView, entries: HarEntry[], total: number): void {
  p('results').hidden = true;
  p('har-entry').replaceChildren(
    h('option', { value: '' }, t('harPick')),
    ...entries.map((e) =>
      h(
        'option',
        { value: String(e.index) },
        `${e.method} ${e.url} · ${e.status} · ${t('count.bytes', { count: e.size })}`,
      ),
    ),
  );
  p('har-note').textContent = t('harFound', { count: entries.length, total });
  p('har').hidden = false;
}
