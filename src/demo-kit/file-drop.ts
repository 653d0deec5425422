// Files dropped on a demo. While a drag that carries files is over the demo, `zone` has the
// `data-dragging` attribute (the demo's styles show where the file will go); a file dropped goes to
// the demo instead of being opened by the browser in place of the page. A drag that carries no file
// (a selected text) is left to the browser.

/** Hands the first file dropped on `host` to `open`, and marks `zone` while one is dragged over it. */
export function acceptFileDrops(host: HTMLElement, zone: HTMLElement, open: (file: File) => void): void {
  const dragging = (on: boolean) => zone.toggleAttribute('data-dragging', on);
  host.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    dragging(true);
  });
  // Leaving one of the demo's own elements for another is no leaving.
  host.addEventListener('dragleave', (event) => {
    if (!(event.relatedTarget instanceof Node && host.contains(event.relatedTarget))) dragging(false);
  });
  host.addEventListener('drop', (event) => {
    event.preventDefault();
    dragging(false);
    const file = event.dataTransfer?.files[0];
    if (file) open(file);
  });
}
