// Text with its invisible characters made visible in the page (the signs: src/demo-kit/visible.ts; the
// legend: src/demo-kit/WhitespaceLegend.astro). Each sign is a `.ws` span; after ␊ comes a real
// line break, so the text keeps its lines.

import { visibleParts, type SpaceSigns } from './visible.ts';

export { visible } from './visible.ts';

/** Appends `text` to `parent` with every invisible character shown as a sign. */
export function appendVisible(parent: Node, text: string, options: { spaces?: SpaceSigns } = {}): void {
  for (const part of visibleParts(text, options.spaces)) {
    if ('text' in part) {
      parent.appendChild(document.createTextNode(part.text));
      continue;
    }
    const mark = document.createElement('span');
    mark.className = part.space ? 'ws ws-space' : 'ws';
    mark.textContent = part.sign;
    parent.appendChild(mark);
    if (part.lineFeed) parent.appendChild(document.createTextNode('\n'));
  }
}
