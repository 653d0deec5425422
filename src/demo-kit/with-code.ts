// A text whose `backquoted` parts are code, as the exercises' texts and TypeScript's own messages
// write it, put into a node as text and <code> elements (never parsed as HTML). The code keeps its
// spaces, and shows the ones a reader could miss as signs (inline-code.ts).

import { appendInlineCode } from './inline-code.ts';
import { h } from './kit-client.ts';

/** Fills `node` with `text`, its `backquoted` parts as code. */
export function withCode(node: HTMLElement, text: string): HTMLElement {
  text.split('`').forEach((part, i) => {
    if (part === '') return;
    if (i % 2 === 0) {
      node.append(part);
      return;
    }
    const code = h('code');
    appendInlineCode(code, part);
    node.append(code);
  });
  return node;
}
