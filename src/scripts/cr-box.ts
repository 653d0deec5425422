// A textarea that can hold a carriage return. A textarea normalises every CR and CRLF to LF (its
// value, its paste), so the box shows a CR as the sign ␍ and the text behind it is the box's value
// with every ␍ turned back into a CR: `␍` then a line break in the box is a CRLF.

export const CR_SIGN = '\u240D'; // ␍

/** The text a box stands for. */
export function boxToText(value: string): string {
  return value.includes(CR_SIGN) ? value.replaceAll(CR_SIGN, '\r') : value;
}

/** What a box shows for a text. */
export function textToBox(text: string): string {
  return text.includes('\r') ? text.replaceAll('\r', CR_SIGN) : text;
}

/** Inserts `text` at the caret (replacing the selection), as typing would: undo and input events work. */
export function insertAtCaret(box: HTMLTextAreaElement, text: string): void {
  if (document.activeElement !== box) box.focus();
  // execCommand keeps the browser's undo history; setRangeText is the fallback where it is gone.
  if (!document.execCommand('insertText', false, text)) {
    box.setRangeText(text, box.selectionStart, box.selectionEnd, 'end');
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Pasted text keeps its CRs: they arrive as ␍ instead of being turned into LF. */
export function keepPastedCRs(box: HTMLTextAreaElement): void {
  box.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!text.includes('\r')) return;
    event.preventDefault();
    insertAtCaret(box, textToBox(text));
  });
}
