// How a failing case shows where the learner's value differs from the expected one (the data:
// feedback-diff.ts): two texts with the runs only one of them has marked, long common stretches
// folded; labelled fields one by one; two tables row by row and cell by cell; and what the case
// gave the learner's code. Every text is set with textContent (appendVisible, h): the learner's
// values are never read as HTML.
//
// A mark is a <del> in the expected value (what only it has) and an <ins> in the learner's (what
// only theirs has), its whitespace made visible, spaces included. Its start and end are said to
// screen readers by CSS generated text (exercise.css reads data-sr-start and data-sr-end), which a
// copy of the value does not pick up and its textContent does not hold; the legend above, for
// sighted readers, is hidden from them. Where a side has nothing, a thin bar shows where the other
// side's mark goes.
//
// A character that is not what it looks like is an escape in code notation (`\t`, `\u{202F}`:
// src/exercise-engine/hidden-characters.ts); each such escape is drawn as a sign, tinted as the
// whitespace signs are, its name in a tooltip and, for screen readers, in CSS generated text
// (data-sr-name) read instead of the escape's characters. A mark around it marks that character.

import type { Shown } from '../../lessons-code/index.ts';
import { h, type Translate } from '../demo-kit/kit-client.ts';
import type { SpaceSigns } from '../demo-kit/visible.ts';
import { appendVisible } from '../demo-kit/visible-render.ts';
import { codeParts, codePointName } from '../exercise-engine/hidden-characters.ts';
import {
  charDiff,
  compareFields,
  compareTables,
  foldParts,
  isLong,
  noVisibleChange,
  type RowDiff,
  type ShownPart,
  type Table,
  worthFolding,
} from './feedback-diff.ts';

type Side = 'expected' | 'actual';

/** The labels of the two sides: "Expected", and "Your code gave" or "Your prediction". */
export interface SideLabels {
  expected: string;
  actual: string;
  /**
   * What the marks of each side are called, in the legend and to screen readers, when the two sides
   * are not the expected value and the learner's (a value before and after a call changed it).
   */
  marks?: MarkWords;
}

/** The words of the marks: in the legend, and before each mark for screen readers. */
interface MarkWords {
  legendExpected: string;
  legendActual: string;
  srExpected: string;
  srActual: string;
}

/** The marks' words of a comparison with the expected value. */
const expectedMarks = (t: Translate): MarkWords => ({
  legendExpected: t('diff.legendExpected'),
  legendActual: t('diff.legendYours'),
  srExpected: t('diff.srExpected'),
  srActual: t('diff.srYours'),
});

/**
 * Appends code notation (or any text of a value) to `parent`: its invisible characters as signs
 * (appendVisible; none with `signs: false`), each escape of a hidden character as a named sign.
 */
export function appendCode(
  parent: Node,
  text: string,
  t: Translate,
  options: { spaces?: SpaceSigns; signs?: boolean } = {},
): void {
  for (const part of codeParts(text)) {
    if ('text' in part) {
      if (options.signs === false) parent.appendChild(document.createTextNode(part.text));
      else appendVisible(parent, part.text, { spaces: options.spaces });
      continue;
    }
    const name = t(`char.${part.kind}`, { code: codePointName(part.codePoint) });
    const sign = h('span', 'ws exercise-char-escape', part.escape);
    sign.title = name;
    sign.setAttribute('aria-hidden', 'true');
    const char = h('span', 'exercise-char', sign);
    char.dataset.srName = name;
    parent.appendChild(char);
  }
}

/** A box that scrolls sideways when its table is wider than the page, reachable with the keyboard. */
export function tableRegion(name: string, table: HTMLTableElement): HTMLElement {
  const wrap = h('div', 'exercise-table');
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', name);
  wrap.append(table);
  return wrap;
}

/** What the case gave the learner's code, labelled; in a closed <details> when it is long. */
export function inputBlock(shown: Shown, render: (shown: Shown) => HTMLElement, t: Translate): HTMLElement {
  const label = t('input.label');
  if (isLong(shown)) {
    const details = h('details', 'exercise-input');
    details.append(h('summary', 'exercise-label', label), render(shown));
    return details;
  }
  const box = h('div', 'exercise-input');
  box.append(h('p', 'exercise-label', label), render(shown));
  return box;
}

/** The legend of the marks, for sighted readers (screen readers hear each mark's own words). */
function legend(t: Translate, words: MarkWords): HTMLElement {
  const p = h('p', 'exercise-diff-legend');
  p.setAttribute('aria-hidden', 'true');
  p.append(
    t('diff.legend') + ' ',
    h('del', 'exercise-diff', words.legendExpected),
    ' ',
    h('ins', 'exercise-diff', words.legendActual),
  );
  return p;
}

function mark(side: Side, text: string, t: Translate, words: MarkWords): HTMLElement {
  const node = h(side === 'expected' ? 'del' : 'ins', 'exercise-diff');
  node.dataset.srStart = side === 'expected' ? words.srExpected : words.srActual;
  node.dataset.srEnd = t('diff.srEnd');
  appendCode(node, text, t, { spaces: true });
  return node;
}

/** Where the other side has a mark and this one has nothing (in the learner's value: something missing here). */
function gap(side: Side): HTMLElement {
  const node = h('span', `exercise-diff-gap exercise-diff-gap-${side}`);
  node.setAttribute('aria-hidden', 'true');
  return node;
}

/** A folded stretch: a button that puts the text back in its place. */
function fold(part: Extract<ShownPart, { kind: 'fold' }>, t: Translate): HTMLElement {
  const b = h('button', 'exercise-fold', t('diff.fold', { count: part.length }));
  b.type = 'button';
  b.addEventListener('click', () => {
    const text = h('span', 'exercise-unfolded');
    appendCode(text, part.text, t);
    text.tabIndex = -1;
    b.replaceWith(text);
    text.focus();
  });
  return b;
}

/** One side of a comparison of texts: its own runs, marked where only it has them. */
function sideText(parts: readonly ShownPart[], side: Side, t: Translate, words: MarkWords): HTMLPreElement {
  const pre = h('pre', 'exercise-value');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'same') appendCode(pre, part.text, t);
    else if (part.kind === 'fold') pre.append(fold(part, t));
    else {
      // A change: what only the expected text has there (removed), then what only the learner's has (added).
      let removed = '';
      let added = '';
      if (part.kind === 'removed') {
        removed = part.text;
        const next = parts[i + 1];
        if (next?.kind === 'added') {
          added = next.text;
          i++;
        }
      } else added = part.text;
      const own = side === 'expected' ? removed : added;
      pre.append(own === '' ? gap(side) : mark(side, own, t, words));
    }
  }
  return pre;
}

/** Two texts compared: each side's <pre> with its marks, and whether anything is marked at all. */
function comparedTexts(
  expected: string,
  actual: string,
  t: Translate,
  words: MarkWords = expectedMarks(t),
): { expected: HTMLPreElement; actual: HTMLPreElement; marked: boolean } {
  const parts = charDiff(expected, actual);
  const shown = worthFolding(expected, actual) ? foldParts(parts) : parts;
  return {
    expected: sideText(shown, 'expected', t, words),
    actual: sideText(shown, 'actual', t, words),
    marked: !noVisibleChange(parts),
  };
}

function box(className: string, label: string, ...content: HTMLElement[]): HTMLElement {
  const div = h('div', className);
  div.append(h('p', 'exercise-label', label), ...content);
  return div;
}

/** Two values in code notation (or two texts), the runs only one has marked. */
export function comparedCode(expected: string, actual: string, labels: SideLabels, t: Translate): HTMLElement[] {
  const words = labels.marks ?? expectedMarks(t);
  const texts = comparedTexts(expected, actual, t, words);
  return [
    texts.marked ? legend(t, words) : h('p', 'note', t('diff.sameText')),
    box('exercise-expected', labels.expected, texts.expected),
    box('exercise-actual', labels.actual, texts.actual),
  ];
}

/** Where one side has no such field: the learner's value lacks it, or the expected value has none. */
const noField = (side: Side, t: Translate) =>
  h('p', 'note', t(side === 'actual' ? 'diff.noField' : 'diff.fieldNotExpected'));

/** Two values made of labelled fields, field by field: a field that differs is marked, with its own marks. */
export function comparedFields(
  expected: Extract<Shown, { kind: 'fields' }>,
  actual: Extract<Shown, { kind: 'fields' }>,
  labels: SideLabels,
  t: Translate,
): HTMLElement[] {
  const list = h('dl', 'exercise-fields exercise-fields-compared');
  let marked = false;
  for (const field of compareFields(expected.fields, actual.fields)) {
    if (field.kind === 'same') {
      const pre = h('pre', 'exercise-value');
      appendCode(pre, field.text, t);
      list.append(h('dt', undefined, field.label), h('dd', undefined, pre));
      continue;
    }
    const dt = h('dt', 'exercise-field-bad');
    const cross = h('span', 'bad', '✗ ');
    cross.setAttribute('aria-hidden', 'true');
    dt.append(cross, field.label, h('span', 'sr-only', ` (${t('diff.differs')})`));
    const dd = h('dd');
    if (field.kind === 'changed') {
      const texts = comparedTexts(field.expected, field.actual, t);
      marked ||= texts.marked;
      dd.append(
        box('exercise-expected', labels.expected, texts.expected),
        box('exercise-actual', labels.actual, texts.actual),
      );
    } else {
      const pre = h('pre', 'exercise-value');
      appendCode(pre, field.kind === 'missing' ? field.expected : field.actual, t);
      dd.append(
        box('exercise-expected', labels.expected, field.kind === 'missing' ? pre : noField('expected', t)),
        box('exercise-actual', labels.actual, field.kind === 'extra' ? pre : noField('actual', t)),
      );
    }
    list.append(dt, dd);
  }
  const out: HTMLElement[] = [h('p', 'note', t('diff.fieldsNote'))];
  if (marked) out.push(legend(t, expectedMarks(t)));
  out.push(list);
  return out;
}

function headerRow(cells: readonly string[], render: (cell: string, i: number) => HTMLElement): HTMLElement {
  const tr = h('tr');
  cells.forEach((cell, i) => tr.append(render(cell, i)));
  return tr;
}

function th(content: Node | string): HTMLTableCellElement {
  const cell = h('th');
  cell.scope = 'col';
  cell.append(content);
  return cell;
}

/** A table's cell, its text as it is but for the escapes of hidden characters, each a named sign. */
function td(text: string, t: Translate): HTMLTableCellElement {
  const cell = h('td');
  appendCode(cell, text, t, { signs: false });
  return cell;
}

/** "(expected: …)" after a cell, the expected text drawn as a cell's is. */
function cellExpected(expected: string, t: Translate): HTMLElement {
  const note = h('span', 'exercise-cell-expected');
  const [before = '', after = ''] = t('cellExpected', { expected: '\u0000' }).split('\u0000');
  note.append(before);
  appendCode(note, expected, t, { signs: false });
  note.append(after);
  return note;
}

/** A cell of the learner's table that differs: ✗, what it holds, and what was expected there. */
function badCell(tag: 'td' | 'th', actual: string | undefined, expected: string | undefined, t: Translate) {
  const cell = h(tag, 'exercise-cell-bad');
  if (tag === 'th') cell.scope = 'col';
  const cross = h('span', 'bad', '✗ ');
  cross.setAttribute('aria-hidden', 'true');
  cell.append(cross);
  appendCode(cell, actual ?? '', t, { signs: false });
  cell.append(' ');
  cell.append(
    expected === undefined ? h('span', 'exercise-cell-expected', t('diff.cellExtra')) : cellExpected(expected, t),
  );
  return cell;
}

/** A tag on its own line at the start of a row that is in one table only; in the learner's table, with ✗. */
function rowTag(text: string, cross = false): HTMLElement {
  const tag = h('span', 'exercise-row-tag');
  if (cross) {
    const mark = h('span', 'bad', '✗ ');
    mark.setAttribute('aria-hidden', 'true');
    tag.append(mark);
  }
  tag.append(text, ' '); // the space keeps it apart from the cell's text when read as one
  return tag;
}

/** The expected table: its rows as they are; those the learner's lacks, and the cells that differ, tinted. */
function expectedTable(expected: Table, rows: readonly RowDiff[], header: readonly boolean[], t: Translate) {
  const table = h('table');
  const thead = h('thead');
  thead.append(
    headerRow(expected.header, (cell, i) => {
      const node = th(cell);
      if (header[i]) node.className = 'exercise-cell-diff';
      return node;
    }),
  );
  const body = h('tbody');
  for (const row of rows) {
    if (row.kind === 'extra') continue;
    const tr = h('tr');
    if (row.kind === 'missing') tr.className = 'exercise-row-missing';
    row.expected.forEach((cell, i) => {
      const node = td('', t);
      if (row.kind === 'changed' && row.differs[i]) node.className = 'exercise-cell-diff';
      if (row.kind === 'missing' && i === 0) node.append(rowTag(t('diff.rowNotInYours')));
      appendCode(node, cell, t, { signs: false });
      tr.append(node);
    });
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

/** The learner's table: differing cells marked with the expected value, missing rows put in, extra ones marked. */
function actualTable(
  expected: Table,
  actual: Table,
  rows: readonly RowDiff[],
  header: readonly boolean[],
  t: Translate,
) {
  const table = h('table');
  const thead = h('thead');
  const heads = Array.from({ length: header.length }, (_, i) => actual.header[i] ?? '');
  thead.append(
    headerRow(heads, (cell, i) => (header[i] ? badCell('th', actual.header[i], expected.header[i], t) : th(cell))),
  );
  const body = h('tbody');
  for (const row of rows) {
    const tr = h('tr');
    if (row.kind === 'same') for (const cell of row.actual) tr.append(td(cell, t));
    else if (row.kind === 'changed')
      row.differs.forEach((differs, i) => {
        tr.append(differs ? badCell('td', row.actual[i], row.expected[i], t) : td(row.actual[i] ?? '', t));
      });
    else if (row.kind === 'missing') {
      tr.className = 'exercise-row-missing';
      row.expected.forEach((cell, i) => {
        const node = td('', t);
        if (i === 0) node.append(rowTag(t('diff.rowMissing'), true));
        node.append(cellExpected(cell, t));
        tr.append(node);
      });
    } else {
      tr.className = 'exercise-row-extra';
      row.actual.forEach((cell, i) => {
        const node = td('', t);
        if (i === 0) node.append(rowTag(t('diff.rowExtra'), true));
        appendCode(node, cell, t, { signs: false });
        tr.append(node);
      });
    }
    body.append(tr);
  }
  table.append(thead, body);
  return table;
}

/**
 * Two tables: the expected one, then the learner's with every cell that differs marked, a row it
 * lacks put in its place and a row it has too many marked. Each is headed by whose it is; the
 * case's caption only describes them (once, when it is the same for both).
 */
export function comparedTables(expected: Table, actual: Table, labels: SideLabels, t: Translate): HTMLElement[] {
  const { header, rows } = compareTables(expected, actual);
  const sameCaption = (expected.caption ?? '') === (actual.caption ?? '');
  const caption = (text: string | undefined) => (text ? [h('p', 'note exercise-table-note', text)] : []);
  const out: HTMLElement[] = sameCaption ? caption(expected.caption) : [];
  out.push(
    box(
      'exercise-expected',
      labels.expected,
      ...(sameCaption ? [] : caption(expected.caption)),
      tableRegion(labels.expected, expectedTable(expected, rows, header, t)),
    ),
    box(
      'exercise-actual',
      labels.actual,
      ...(sameCaption ? [] : caption(actual.caption)),
      h('p', 'note', t('diff.tableNote')),
      tableRegion(labels.actual, actualTable(expected, actual, rows, header, t)),
    ),
  );
  return out;
}
