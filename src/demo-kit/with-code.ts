// A text whose `backquoted` parts are code, as the exercises' texts and TypeScript's own messages
// write it, put into a node as text and <code> elements (never parsed as HTML).

import { h } from './kit-client.ts';

/** Fills `node` with `text`, its `backquoted` parts as code. */
export function withCode(node: HTMLElement, text: string): HTMLElement {
  text.split('`').forEach((part, i) => {
    if (part === '') return;
    node.append(i % 2 === 1 ? h('code', undefined, part) : part);
  });
  return node;
}
