// A demo's Copy button: the text written to the clipboard, and what came of it said in the demo's
// own words. The browser may refuse (an insecure page, a permission denied: the Clipboard API's
// writeText, https://w3c.github.io/clipboard-apis/#dom-clipboard-writetext); the text then stays on
// the page, where the learner can select it.
//
// A text that is still to come (one a worker sends when asked) is handed to the clipboard at once, as
// a ClipboardItem whose data is a promise (https://w3c.github.io/clipboard-apis/#clipboard-item-interfaces):
// the write then starts within the click, which some browsers require of it, and ends once the text has
// come. A browser without ClipboardItem gets the text written when it comes.
//
// Where the page shows only part of a text, selecting it would take only that part: a refusal then
// offers the whole text as a file, saved from the page itself (a Blob's address given to a link's
// `download`, https://html.spec.whatwg.org/multipage/links.html#downloading-resources): nothing is
// sent anywhere.

/** The sentences a copy ends with: that it is done, that the browser refused it, or that the text never came. */
export interface CopyWords {
  done: string;
  failed: string;
  /** Said when the text to come failed to come; `failed` when not given. */
  lost?: string;
  /** Where the browser refuses: a link that saves the text as a file of that name, in `say`. */
  save?: { fileName: string; label: string };
}

/** The address of the file each status line offers, given back to the browser when the line changes. */
const offered = new WeakMap<HTMLElement, string>();

function offerFile(say: HTMLElement, text: string, { fileName, label }: { fileName: string; label: string }): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  link.download = fileName;
  link.textContent = label;
  offered.set(say, link.href);
  say.append(' ', link);
}

/** Writes `text` (or the text to come) to the clipboard, then says in `say` whether it is there. */
export async function copyText(text: string | Promise<string>, say: HTMLElement, words: CopyWords): Promise<void> {
  const earlier = offered.get(say);
  if (earlier !== undefined) URL.revokeObjectURL(earlier);
  offered.delete(say);
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
    if (lost || words.save === undefined) return;
    // The refusal may have come before the text: the file waits for it (and says so if it never comes).
    try {
      offerFile(say, await coming, words.save);
    } catch {
      say.textContent = words.lost ?? words.failed;
    }
  }
}
