// A demo's Copy button: the text written to the clipboard, and what came of it said in the demo's
// own words. The browser may refuse (an insecure page, a permission denied: the Clipboard API's
// writeText, https://w3c.github.io/clipboard-apis/#dom-clipboard-writetext); the text then stays on
// the page, where the learner can select it.

/** The sentences a copy ends with: that it is done, or that the browser refused it. */
export interface CopyWords {
  done: string;
  failed: string;
}

/** Writes `text` to the clipboard, then says in `say` whether it is there. */
export async function copyText(text: string, say: HTMLElement, words: CopyWords): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    say.textContent = words.done;
  } catch {
    say.textContent = words.failed;
  }
}
