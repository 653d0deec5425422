// A prediction's answer, shown once the learner has committed a prediction or asked for it: the
// expected value with each case, the explanation in prose, the proof and the reference solution.
// None of it is in the page before: the expected values and the proof come from the checker, the
// texts are fetched (exercise-sources.ts). Showing it counts as revealed.

import type { Reveal } from '../exercise-engine/types.ts';
import { exerciseRunner } from './exercise-runner.ts';
import type { WorkbenchContext } from './exercise-parts.ts';
import { h } from '../demo-kit/kit-client.ts';
import { labelled, renderProof } from './exercise-render.ts';
import type { SavedState } from './exercise-saved-state.ts';
import { loadAnswerProse, loadSource } from './exercise-sources.ts';

/** Shows the answer (fetched once, then kept with the learner's state); `announce`: says so. */
export async function showPredictionAnswer(
  workbench: WorkbenchContext,
  saved: SavedState,
  say: (message: string) => void,
  announce: boolean,
): Promise<void> {
  const { t, id, locale, section, host, parts } = workbench;
  const { state } = saved;
  saved.markRevealed();
  let reveal: Reveal | null = state.answer?.locale === locale ? state.answer.reveal : null;
  if (!reveal) {
    try {
      reveal = await exerciseRunner().reveal(id, locale);
    } catch (error) {
      parts.reveal.replaceChildren(
        h('p', 'bad', t('failed', { message: error instanceof Error ? error.message : String(error) })),
      );
      parts.reveal.hidden = false;
      return;
    }
    if (!reveal) return;
    state.answer = { locale, reveal };
    saved.persist();
  }
  let solution = '';
  let prose: string | null = null;
  try {
    [solution, prose] = await Promise.all([loadSource(id, 'solution', locale), loadAnswerProse(id, locale)]);
  } catch {
    solution = '';
  }
  // Each case gets its expected value (unless a failed check already shows it).
  for (const item of section.querySelectorAll<HTMLElement>('[data-case]')) {
    const expected = reveal.expected[item.dataset.case!];
    const detail = item.querySelector<HTMLElement>('[data-case-detail]')!;
    if (!expected || detail.querySelector('.exercise-expected')) continue;
    detail.prepend(labelled(t('expected'), expected, t, 'exercise-expected'));
    detail.hidden = false;
  }
  const box = parts.reveal;
  box.replaceChildren();
  if (prose) {
    const explanation = h('div', 'exercise-why');
    const { renderMarkdown } = await import('../demo-kit/markdown-render.ts'); // only for a prediction that has prose
    renderMarkdown(explanation, prose);
    box.append(h('h4', 'exercise-heading', t('why')), explanation);
  }
  if (reveal.proof.length > 0) box.append(...renderProof(host.dataset.proof ?? '', reveal.proof));
  if (solution) {
    box.append(h('h4', 'exercise-heading', t('referenceHeading')));
    const pre = h('pre', 'exercise-static');
    pre.append(h('code', undefined, solution));
    box.append(pre);
  }
  box.tabIndex = -1;
  box.hidden = false;
  if (announce) say(t('answerShown'));
}
