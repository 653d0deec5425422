// CodeMirror measures its lines only once it is on screen. A workbench loads a little ahead of the
// reader, so its editor is built off screen and places the line numbers at estimated heights; they
// jumped to their lines as the editor scrolled in (a layout shift, and on a phone a visible one).
// So until the editor has been measured on screen its line numbers stay unseen, and the scroll
// that brings it in measures it before that frame is drawn: they appear in place.

import { EditorView } from '@codemirror/view';

/** Hides the line numbers of an editor not measured yet (add it to the editor's extensions). */
export const lineNumbersTheme = EditorView.baseTheme({ '&.ga-unmeasured .cm-gutterElement': { visibility: 'hidden' } });

/** Call once the editor is in the page: measures it on the scroll that brings it on screen. */
export function measureLineNumbersOnScreen(view: EditorView): void {
  const onScreen = () => {
    const box = view.dom.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  };
  if (onScreen()) return; // measured before its first frame, as CodeMirror does on screen
  view.dom.classList.add('ga-unmeasured');
  let watcher: IntersectionObserver | undefined;
  const shown = () => {
    removeEventListener('scroll', measureWhenShown, true);
    watcher?.disconnect();
    view.requestMeasure({ read: () => null, write: () => view.dom.classList.remove('ga-unmeasured') });
  };
  const measureWhenShown = () => {
    if (onScreen()) shown();
  };
  addEventListener('scroll', measureWhenShown, { capture: true, passive: true });
  // It may also come on screen without a scroll (the page above it shrinks): a frame late, but shown.
  if ('IntersectionObserver' in window) {
    watcher = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) shown();
    });
    watcher.observe(view.dom);
  }
}
