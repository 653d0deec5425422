// The demos' text boxes: a textarea that can hold a carriage return, and pastes that cost no more
// than in a bare textarea, whatever their size or line ends.
//
// A textarea turns every CR and CRLF into LF (in its value and in a paste), so a box shows a CR as
// the sign ␍ (drawn by the site's font) and the text behind it is the box's value with every ␍
// turned back into a CR: `␍` then a line break in the box is a CRLF.
//
// Pastes: inserting text with document.execCommand('insertText') keeps the undo history but costs
// far more than the paste (seconds for 8 KB of CRLF lines, minutes for 64 KB), and Chromium's own
// paste of a megabyte of lines into a filled box is slow too. A paste with a CR, or a large one,
// goes in with setRangeText instead: one replacement of the selection, then one input event.

export const CR_SIGN = '\u240D'; // ␍

/** A paste this long goes in with setRangeText even without a CR. */
const LARGE_PASTE = 16_384;

/** The text a box stands for. */
export function boxToText(value: string): string {
  return value.includes(CR_SIGN) ? value.replaceAll(CR_SIGN, '\r') : value;
}

/** What a box shows for a text. */
export function textToBox(text: string): string {
  return text.includes('\r') ? text.replaceAll('\r', CR_SIGN) : text;
}

/** Replaces the box's selection with `text`, caret after it, then tells the demo with an input event. */
function replaceSelection(box: HTMLTextAreaElement, text: string, inputType: string): void {
  box.setRangeText(text, box.selectionStart, box.selectionEnd, 'end');
  box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
}

/**
 * Inserts `text` at the caret (replacing the selection), as typing would. A short text without a
 * line break goes through execCommand, which keeps it in the undo history at no real cost.
 */
export function insertAtCaret(box: HTMLTextAreaElement, text: string): void {
  if (document.activeElement !== box) box.focus();
  if (text.length <= 2 && !text.includes('\n') && document.execCommand('insertText', false, text)) return;
  replaceSelection(box, text, 'insertText');
}

/**
 * Large pastes go in at once. In a box that stands for bytes (`keepCR`, the default) a pasted CR
 * stays, shown as ␍; in a box for a message, line ends become LF, as a textarea makes them.
 */
export function fastPaste(box: HTMLTextAreaElement, { keepCR = true } = {}): void {
  box.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (!(keepCR && text.includes('\r')) && text.length < LARGE_PASTE) return; // the browser's own paste, undo included
    event.preventDefault();
    replaceSelection(box, keepCR ? textToBox(text) : text.replace(/\r\n?/g, '\n'), 'insertFromPaste');
  });
}
