// Text with its invisible characters made visible: CR as ␍, LF as ␊ (then a real line break),
// tab as →, NUL as ␀, and a BOM as [BOM]; spaces can be shown as middle dots.

const MARKS: Record<string, string> = { '\r': '␍', '\n': '␊', '\t': '→', '\0': '␀', '\uFEFF': '[BOM]' };

/** Appends `text` to `parent` with every invisible character shown as a marked-up sign. */
export function appendVisible(parent: Node, text: string, options: { spaces?: boolean } = {}): void {
  const pattern = options.spaces ? /[\r\n\t\0\uFEFF ]/g : /[\r\n\t\0\uFEFF]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parent.appendChild(document.createTextNode(text.slice(last, at)));
    const c = match[0];
    const mark = document.createElement('span');
    mark.className = c === ' ' ? 'ws ws-space' : 'ws';
    mark.textContent = c === ' ' ? '·' : MARKS[c]!;
    parent.appendChild(mark);
    if (c === '\n') parent.appendChild(document.createTextNode('\n'));
    last = at + 1;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

/** The same as a plain string, for labels and tests. */
export function visible(text: string): string {
  return text.replace(/[\r\n\t\0\uFEFF]/g, (c) => MARKS[c]!);
}
