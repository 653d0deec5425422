// The parts of a workbench the page does not need at load (the list of cases, hints, the reference
// solution…) are rendered by the server into a <template> (Exercise.astro), so that a page of several
// workbenches stays small. They are put in place a screen and a half before the workbench comes
// into view (by the demos' own means: src/first-load/deferred.ts), so that nothing on screen moves
// when they arrive; the workbench's code, heavier, loads later, when it is nearer (lazy-element.ts).

import { forget, unpackTemplate, whenNear } from '../first-load/deferred.ts';

/**
 * Puts the workbench's parts in place: the server rendered them into a <template> (in the page's
 * language) so that the page stays small until a workbench is used. Elements marked `data-into`
 * go to the header, before or after the editor or into the row of buttons; the rest follows the
 * buttons, where the template stands.
 */
export function unpackWorkbench(host: HTMLElement): void {
  const section = host.closest<HTMLElement>('[data-exercise-section]') ?? host;
  const template = host.querySelector<HTMLTemplateElement>('template[data-workbench]');
  if (!template) return;
  forget(host);
  const editor = host.querySelector<HTMLElement>('[data-editor]')!;
  const actions = host.querySelector<HTMLElement>('[data-actions]')!;
  let afterEditor: Element = editor; // the parts after the editor keep their order
  unpackTemplate(template, (part, into) => {
    if (into === 'header') section.querySelector('[data-header]')?.append(part);
    else if (into === 'before-editor') editor.before(part);
    else if (into === 'after-editor') {
      afterEditor.after(part);
      afterEditor = part;
    } else if (into === 'actions') actions.append(part);
  });
}

// A workbench changes when its parts arrive and when its editor loads, and the browser cannot keep
// the page still across that: the editor replaces the very node it would anchor to. So when the
// page has just been sent to an anchor (a progress link, "next exercise", a link from another page)
// and the learner has not scrolled since, a workbench that changes above that anchor brings it back.
// "Just": within a few seconds, so that a scroll the page cannot see (a scrollbar dragged) is never
// undone later.
const ANCHOR_WINDOW_MS = 5000;
let anchoredAt = performance.now();
let scrolledSinceAnchor = false;
const anchored = () => {
  anchoredAt = performance.now();
  scrolledSinceAnchor = false;
};
for (const type of ['wheel', 'touchmove', 'keydown'] as const)
  addEventListener(type, () => (scrolledSinceAnchor = true), { passive: true, capture: true });
addEventListener('hashchange', anchored);
addEventListener(
  'click',
  (event) => {
    // A click on an in-page link is a new anchor, not a scroll of the learner's.
    if (event.target instanceof Element && event.target.closest('a[href^="#"]')) anchored();
  },
  { capture: true },
);

export function keepAnchorInPlace(section: HTMLElement): void {
  if (scrolledSinceAnchor || performance.now() - anchoredAt > ANCHOR_WINDOW_MS || location.hash.length < 2) return;
  let target: Element | null = null;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    target = null;
  }
  if (target && target !== section && section.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)
    target.scrollIntoView({ block: 'start' });
}

/** Unpacks every workbench of the page as it comes within a screen and a half of the viewport. */
export function watchWorkbenches(): void {
  for (const host of document.querySelectorAll<HTMLElement>('ga-exercise')) {
    whenNear(host, () => {
      unpackWorkbench(host);
      keepAnchorInPlace(host.closest<HTMLElement>('[data-exercise-section]') ?? host);
    });
  }
}
