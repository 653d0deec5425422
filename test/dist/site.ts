// Helpers for the checks of the built site (test/dist/*.test.ts, `npm run test:dist`): each page of
// dist/ parsed into a DOM (linkedom) as a browser would get it before any script runs, the locales
// and their UI strings, and the program's expected output.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseHTML } from 'linkedom';

export const DIST = resolve(process.env.GA_OUT_DIR || 'dist');
if (!existsSync(join(DIST, 'index.html'))) throw new Error(`no built site in ${DIST}: run \`npm run build\` first`);

export { EXPECTED_OUTPUT, LOCALES } from '../ui-strings.ts';

export { PAGES, PAGE_KIND_NAMES, pagePath, type PageKind } from '../pages.ts';

/** The built file a site path is served from. */
export function fileOf(path: string): string {
  const file = join(DIST, decodeURIComponent(path), path.endsWith('/') ? 'index.html' : '');
  if (!existsSync(file)) throw new Error(`not built: ${path} (${relative(DIST, file)})`);
  return file;
}

const documents = new Map<string, Document>();
/** The page at a site path, parsed once (treat it as read-only). */
export function page(path: string): Document {
  let document = documents.get(path);
  if (!document) {
    document = parseHTML(readFileSync(fileOf(path), 'utf8')).document as unknown as Document;
    documents.set(path, document);
  }
  return document;
}

/** Every .html file under dist/. */
export function htmlFiles(dir = DIST): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

const orders = new WeakMap<Document, Map<Element, number>>();
/** An element's place in document order. */
function placeOf(element: Element): number {
  const document = element.ownerDocument;
  let order = orders.get(document);
  if (!order) {
    order = new Map([...document.querySelectorAll('*')].map((el, i) => [el, i]));
    orders.set(document, order);
  }
  return order.get(element)!;
}

/** Which section an element sits in: the index of the last content h2 before it (-1 before the first). */
export function sectionOf(element: Element): number {
  const at = placeOf(element);
  const headings = [...element.ownerDocument.querySelectorAll('.sl-markdown-content h2')];
  return headings.filter((h) => placeOf(h) < at).length - 1;
}

/**
 * A copy of an element in which every <template> is replaced by its content, parsed, so that the
 * checks read a template's text like the rest of the page. The workbench's markup waits in a
 * <template> until the exercise comes near (src/workbench/Exercise.astro); linkedom keeps a
 * template's markup with its entities unexpanded, so it is parsed again from template.innerHTML.
 */
export function withTemplates(element: Element): Element {
  const copy = element.cloneNode(true) as Element;
  for (let template = copy.querySelector('template'); template; template = copy.querySelector('template')) {
    const content = copy.ownerDocument.createElement('div');
    content.setAttribute('data-template-content', '');
    content.innerHTML = template.innerHTML;
    template.replaceWith(content);
  }
  return copy;
}
