// The section of the course a link from an exercise's text names (`lesson` in text.<locale>.json):
// its address under the site's base and its heading, read from the page's own headings as Starlight
// renders them (the same slugs as the page's ids). A link that names no page or no heading of the
// course stops the build with a message that names it.

import { getEntry, render } from 'astro:content';
import { withBase } from './base.ts';

export interface LessonSection {
  href: string;
  title: string;
}

const headingsOf = new Map<string, Promise<Map<string, string>>>();

async function headings(id: string): Promise<Map<string, string>> {
  let found = headingsOf.get(id);
  if (!found) {
    found = (async () => {
      const entry = await getEntry('docs', id);
      if (!entry) return new Map<string, string>();
      const rendered = await render(entry);
      return new Map(rendered.headings.map((h) => [h.slug, h.text]));
    })();
    headingsOf.set(id, found);
  }
  return found;
}

/** `link`: a path from the site's root with its `#fragment` (`/es/ga-ai/06-answer-on-the-wire/#cortar-en-frases`). */
export async function lessonSection(link: string, where: string): Promise<LessonSection> {
  const match = /^\/([^#\s]+?)\/?#([^#\s]+)$/.exec(link);
  if (!match) throw new Error(`${where}: "${link}" is not a link from the site's root to a #section`);
  const [, page, slug] = match as unknown as [string, string, string];
  const title = (await headings(page)).get(slug);
  if (title === undefined)
    throw new Error(`${where}: "${link}" names no heading of content/docs/${page}.mdx (its id would be "${slug}")`);
  return { href: withBase(`/${page}/#${slug}`), title };
}
