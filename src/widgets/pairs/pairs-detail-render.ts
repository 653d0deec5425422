// The writer × reader demo's detail panel: one cell opened (its markup: PairsDemo.astro). The wire
// line by line, the standard reader's events, the text the user gets, and its diff from the answer.

import { describeLoss } from '../shared/loss-report.ts';
import { h, part, type Strings } from '../../demo-kit/kit-client.ts';
import { moreNotes, renderEvents, renderLines } from '../shared/trace-render.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';
import type { PairDetailResult } from '../shared/wire-ops.ts';

/** The names of a cell in the page's language. */
export function cellNames(s: Strings, writer: string, reader: string, split: string) {
  return { writer, reader: s.t(`names.reader.${reader}`), split: s.t(`names.split.${split}`) };
}

/** The verdict of a cell: what was lost, or that the reader throws. */
export function cellVerdict(s: Strings, thrown: boolean, report: PairDetailResult['report']): string {
  return thrown ? s.t('names.throws') : describeLoss(report, s.t, s.lang);
}

function renderDiff(target: HTMLElement, detail: PairDetailResult, s: Strings): void {
  target.replaceChildren();
  const diff = detail.diff!;
  for (const piece of diff.parts) {
    if (piece.kind === 'same') {
      if (piece.skipped !== undefined) target.append(h('span', 'pd-skip', s.t('unchanged', { count: piece.skipped })));
      else appendVisible(target, piece.text, { spaces: 'notable' });
      continue;
    }
    const removed = piece.kind === 'removed';
    const mark = h(
      removed ? 'del' : 'ins',
      undefined,
      h('span', 'pd-diff-label', s.t(removed ? 'removedLabel' : 'addedLabel')),
    );
    appendVisible(mark, piece.text, { spaces: piece.text.trim() === '' ? true : 'notable' });
    if (piece.skipped !== undefined) mark.append(h('span', 'pd-skip', s.t('moreChanged', { count: piece.skipped })));
    target.append(mark);
  }
  if (diff.more > 0) target.append(h('span', 'pd-skip', s.t('moreParts', { count: diff.more })));
}

/** Fills the detail panel with a cell's result; returns the verdict it shows. */
export function renderDetail(root: HTMLElement, result: PairDetailResult, s: Strings, writerLabel: string): string {
  const { t } = s;
  const names = cellNames(s, writerLabel, result.reader, result.split);
  const verdict = cellVerdict(s, result.thrown, result.report);
  part(root, 'detail').hidden = false;
  part(root, 'prompt').hidden = true;
  part(root, 'detail-title').textContent = t('detailTitle', names);
  part(root, 'verdict').replaceChildren(
    t('verdict') + ' ',
    h('strong', result.report.exact ? 'ok' : 'bad', verdict),
    ' · ' +
      t('wireStats', {
        chunks: t('count.chunks', { count: result.chunkCount }),
        events: t('count.events', { count: result.wire.eventCount }),
        chars: t('count.chars', { count: result.wire.length }),
      }),
  );
  part(root, 'wire-note').textContent =
    result.fieldNameLines > 0 ? t('fieldNames', { count: result.fieldNameLines }) : t('noFieldNames');
  renderLines(part(root, 'wire'), result.wire, t);
  renderEvents(part(root, 'events'), result.wire, t);
  const more = moreNotes(result.wire, t);
  part(root, 'more-lines').textContent = more.lines;
  part(root, 'more-events').textContent = more.events;
  part(root, 'got-title').textContent = t('got', { reader: names.reader });
  const got = part(root, 'got');
  got.replaceChildren();
  if (result.thrown) got.append(h('span', 'bad', t('names.throws') + ' ' + result.got.replace(/^\(throws\) /, '')));
  else appendVisible(got, result.got, { spaces: 'notable' });
  part(root, 'got-note').textContent = result.thrown
    ? t('thrown')
    : t('count.chars', { count: result.gotLength }) + (result.gotCut > 0 ? ' ' + t('cut') : '');
  const diffBox = part(root, 'diff');
  const diffNote = part(root, 'diff-note');
  diffBox.hidden = result.diff === null || result.diff.equal;
  if (result.diff === null) diffNote.textContent = t('noDiffThrown');
  else if (result.diff.equal) diffNote.textContent = t('noDiff');
  else {
    diffNote.textContent = t('diffLegend', {
      removed: t('count.chars', { count: result.diff.removed }),
      added: t('count.chars', { count: result.diff.added }),
    });
    renderDiff(diffBox, result, s);
  }
  return verdict;
}

/** Empties the detail panel (a run that ended without a result must not leave an earlier one). */
export function clearDetail(root: HTMLElement): void {
  part(root, 'detail').hidden = true;
  part(root, 'prompt').hidden = false;
}
