// A step of the pages' Markdown and MDX compilation: the root-relative links and sources that authors
// write ('[lesson 6](/es/ga-ai/06-answer-on-the-wire/)', '<a href="/source/…">') get the site's
// base, so the prose is written once and works at the root of a host or under '/learn/'.
// It is a plugin of Sätteri, Astro's Markdown processor, which compiles the MDX pages
// (https://docs.astro.build/en/guides/markdown-content/). The base comes from the resolved config
// (src/deploy/integration.ts), so `--base` on the command line reaches it too. Links computed in
// components use src/lib/base.ts instead.

import { prefixBase } from '../lib/base.ts';

/** Properties (hast names) and JSX attributes that hold one URL. */
const URL_FIELDS = ['href', 'src', 'poster', 'action'];

/** A srcset ('/a.png 1x, /b.png 2x'), each candidate's URL under the base. */
function prefixSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((candidate) =>
      candidate.replace(/^(\s*)(\S+)/, (_, space: string, url: string) => space + prefixBase(url, base)),
    )
    .join(',');
}

/** What a node's URL fields become under the base: [field, new value] for each that changes. */
function basedFields(fields: Record<string, unknown>, base: string): [string, string | string[]][] {
  const changes: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(fields)) {
    let next: string | string[] | undefined;
    if (URL_FIELDS.includes(name) && typeof value === 'string') next = prefixBase(value, base);
    else if ((name === 'srcSet' || name === 'srcset') && typeof value === 'string') next = prefixSrcset(value, base);
    // hast keeps a srcset as the list of its candidates
    else if (name === 'srcSet' && Array.isArray(value))
      next = value.map((item) => (typeof item === 'string' ? prefixSrcset(item, base) : String(item)));
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(value)) changes.push([name, next]);
  }
  return changes;
}

/** The few fields of the nodes this step reads (https://github.com/syntax-tree/hast, mdast-util-mdx-jsx). */
interface ElementNode {
  properties?: Record<string, unknown>;
}
interface JsxNode {
  attributes: { type: string; name?: string; value?: unknown }[];
}
interface Context {
  setProperty(node: never, key: string, value: unknown): void;
}

/** The Sätteri hast plugin, for `processor.options.hastPlugins`. With the base '/', there is none. */
export function baseLinksPlugin(base: string) {
  if (base.replace(/\/+$/, '') === '') return null;
  const element = (node: ElementNode, ctx: Context) => {
    for (const [name, value] of basedFields(node.properties ?? {}, base)) ctx.setProperty(node as never, name, value);
  };
  // Only literal attribute values: an expression (href={…}) is the component's business.
  const jsx = (node: JsxNode, ctx: Context) => {
    const literal = Object.fromEntries(
      node.attributes
        .filter((a) => a.type === 'mdxJsxAttribute' && a.name && typeof a.value === 'string')
        .map((a) => [a.name!, a.value]),
    );
    for (const [name, value] of basedFields(literal, base)) ctx.setProperty(node as never, name, value);
  };
  return {
    name: 'course-base-links',
    // the HTML elements that take a URL; any JSX element (filter [] visits each)
    element: { filter: ['a', 'area', 'audio', 'form', 'iframe', 'img', 'source', 'track', 'video'], visit: element },
    mdxJsxFlowElement: { filter: [], visit: jsx },
    mdxJsxTextElement: { filter: [], visit: jsx },
  };
}
