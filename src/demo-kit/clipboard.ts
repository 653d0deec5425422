// A demo's Copy button: the text written to the clipboard, and what came of it said in the demo's
// own words. The browser may refuse (an insecure page, a permission denied: the Clipboard API's
// writeText, https://w3c.github.io/clipboard-apis/#dom-clipboard-writetext); the text then stays on
// the page, where the learner can select it.
//
// A text that is still to come (one a worker sends when asked) is handed to the clipboard at once, as
// a ClipboardItem whose data is a promise (https://w3c.github.io/clipboard-apis/#clipboard-item-interfaces):
// the write then starts within the click, which some browsers require of it, and ends once the text has
// come. A browser without ClipboardItem gets the text written when it comes.

/** The sentences a copy ends with: that it is done, that the browser refused it, or that the text never came. */
export interface CopyWords {
  done: string;
  failed: string;
  /** Said when the text to come failed to come; `failed` when not given. */
  lost?: string;
}

/** Writes `text` (or the text to come) to the clipboard, then says in `say` whether it is there. */
export async function copyText(text: string | Promise<string>, say: HTMLElement, words: CopyWords): Promise<void> {
  let lost = false;
  const coming =
    typeof text === 'string'
      ? text
      : text.catch((error: unknown) => {
          lost = true;
          throw error;
        });
  try {
    if (typeof coming === 'string') await navigator.clipboard.writeText(coming);
    else if (typeof ClipboardItem === 'function') {
      const blob = coming.then((value) => new Blob([value], { type: 'text/plain' }));
      blob.catch(() => {}); // a refusal may come before the text: its own failure is then said, not this one
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else await navigator.clipboard.writeText(await coming);
    say.textContent = words.done;
  } catch {
    say.textContent = lost ? (words.lost ?? words.failed) : words.failed;
  }
}
