// A cut's context redrawn in the browser exactly as src/widgets/shared/CutContext.astro draws it on the
// server: the text on either side with its whitespace as signs, a split character with its bytes in
// hex, and the cut as a bar. Shared by the 06b and 06c cut demos, with the place of the cut and the
// rows of their verdict tables (src/widgets/shared/CutVerdicts.astro).

import type { CutContext } from '../../../lessons-code/index.ts';
import { h, part } from '../../demo-kit/kit-client.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';

/** Replaces `target`'s content with the context; `cutLabel` names the cut mark for screen readers. */
export function renderCutContext(target: HTMLElement, context: CutContext, cutLabel: string): void {
  const mark = h('span', { class: 'cut-mark', role: 'img', 'aria-label': cutLabel });
  target.replaceChildren();
  appendVisible(target, context.before);
  if (context.split) {
    const { char, hexBefore, hexAfter } = context.split;
    target.append(
      h(
        'span',
        'cut-split',
        h('span', 'cut-split-char', char),
        ' ',
        h('span', 'cut-hex', hexBefore),
        mark,
        h('span', 'cut-hex', hexAfter),
      ),
    );
  } else target.append(mark);
  appendVisible(target, context.after);
}

/** One reader's row in a cut's verdict table. */
export interface CutVerdictRow {
  id: string;
  label: string;
  same: boolean;
  verdict: string;
  detail: string;
  uncut: string;
}

/** Where the cut falls: "Cut after byte 17 of 682:" and the place, in the demo's `place` part. */
export function showCutPlace(place: HTMLElement, view: { kind: string; cutAt: string; place: string }): void {
  place.dataset.kind = view.kind;
  place.replaceChildren(h('strong', undefined, view.cutAt), ' ', h('span', undefined, view.place));
}

/** The verdict table's rows (CutVerdicts.astro) inside `host`, one per reader id: cleared or redrawn. */
export function cutVerdicts(host: HTMLElement, ids: readonly string[]) {
  const rows = ids.map((id) => {
    const verdict = part(host, `verdict-${id}`);
    return {
      id,
      tr: verdict.closest('tr')!,
      verdict,
      detail: part(host, `detail-${id}`),
      uncut: part(host, `uncut-${id}`),
    };
  });
  return {
    clear(): void {
      for (const row of rows) for (const node of [row.verdict, row.detail, row.uncut]) node.replaceChildren();
    },
    show(shown: readonly CutVerdictRow[]): void {
      for (const row of rows) {
        const view = shown.find((r) => r.id === row.id)!;
        row.tr.dataset.same = String(view.same);
        row.verdict.className = view.same ? 'ok' : 'bad';
        row.verdict.textContent = view.verdict;
        row.detail.textContent = view.detail;
        row.uncut.textContent = view.uncut;
      }
    },
  };
}
