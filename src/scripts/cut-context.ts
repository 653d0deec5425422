// A cut's context redrawn in the browser exactly as src/components/CutContext.astro draws it on the
// server: the text on either side with its whitespace as signs, a split character with its bytes in
// hex, and the cut as a bar. Shared by the 06b and 06c cut demos.

import type { CutContext } from '../../lessons-code/index.ts';
import { h } from './demo-kit.ts';
import { appendVisible } from './whitespace.ts';

/** Replaces `target`'s content with the context; `cutLabel` names the cut mark for screen readers. */
export function renderCutContext(target: HTMLElement, context: CutContext, cutLabel: string): void {
  const mark = h('span', { class: 'cut-mark', role: 'img', 'aria-label': cutLabel });
  target.replaceChildren();
  appendVisible(target, context.before);
  if (context.split) {
    const { char, hexBefore, hexAfter } = context.split;
    target.append(h('span', 'cut-split', h('span', 'cut-split-char', char), ' ', h('span', 'cut-hex', hexBefore), mark, h('span', 'cut-hex', hexAfter)));
  } else target.append(mark);
  appendVisible(target, context.after);
}

