// How the workbench shows what a check reports: values, tables, verdicts, and the messages of the
// transpiler and of thrown errors, each wrapped in a sentence in the page's language with the
// engine's own text kept beside it (learners search for it). A failing case shows what it gave the
// learner's code, then the expected value and the learner's with where they differ marked
// (feedback-render.ts), then what the learner's code threw that the case caught. A case failed by a
// value the learner's code changed that its caller keeps shows where, that value before and after,
// and why it matters. A result that came from calls made before it (the code keeps state between
// calls) says so first, and a value thrown that is not an Error is set beside the Error expected.

import type { ExportKind, ProofBlock, Shown } from '../../lessons-code/index.ts';
import type {
  CaseVerdict,
  Change,
  CompileProblem,
  FailureContext,
  ThrownInfo,
  ThrownKind,
  ValueKind,
} from '../exercise-engine/types.ts';
import { h, type Translate } from '../demo-kit/kit-client.ts';
import { withCode } from '../demo-kit/with-code.ts';
import { appendVisible } from '../demo-kit/visible-render.ts';
import {
  appendCode,
  comparedCode,
  comparedFields,
  comparedTables,
  inputBlock,
  type SideLabels,
  tableRegion,
} from './feedback-render.ts';

export function button(text: string, className?: string): HTMLButtonElement {
  const b = h('button', className, text);
  b.type = 'button';
  return b;
}

const KIND_LABEL: Record<ExportKind, string> = {
  function: 'kind.function',
  string: 'kind.string',
  'string-array': 'kind.stringArray',
  number: 'kind.number',
  boolean: 'kind.boolean',
  array: 'kind.array',
  object: 'kind.object',
};

const VALUE_LABEL: Record<ValueKind, string> = {
  missing: 'value.missing',
  undefined: 'value.undefined',
  null: 'value.null',
  boolean: 'value.boolean',
  number: 'value.number',
  bigint: 'value.bigint',
  string: 'value.string',
  symbol: 'value.symbol',
  function: 'value.function',
  'string-array': 'value.stringArray',
  array: 'value.array',
  object: 'value.object',
  uncloneable: 'value.uncloneable',
};

/** The engine's own text, as code, after a label: the learner can copy it and search for it. */
function original(t: Translate, label: string, message: string): HTMLElement {
  const p = h('p', 'exercise-engine-text');
  p.append(t(label) + ' ', h('code', undefined, message));
  return p;
}

/** The sentence that explains each kind of error the engine tells apart (ThrownInfo.kind). */
const EXPLANATION: Record<ThrownKind, string> = {
  ReferenceError: 'explain.ReferenceError',
  TypeError: 'explain.TypeError',
  RangeError: 'explain.RangeError',
  SyntaxError: 'explain.SyntaxError',
  DataCloneError: 'explain.DataCloneError',
  network: 'explain.network',
  'replaceAll-global': 'explain.replaceAllGlobal',
};

/** The built-in error types an error without a kind (a report saved before kinds) is explained by, from its name. */
const BY_NAME: readonly string[] = ['ReferenceError', 'TypeError', 'RangeError', 'SyntaxError', 'DataCloneError'];

/**
 * The sentence that explains an error, chosen by the kind the engine gave it (never by its message,
 * which the learner's code writes), or else by its name when it is a built-in type; none for others.
 */
function explanation(t: Translate, error: ThrownInfo): HTMLElement | null {
  const kind: ThrownKind | undefined =
    error.kind ?? (error.name !== null && BY_NAME.includes(error.name) ? (error.name as ThrownKind) : undefined);
  if (kind === undefined || !Object.hasOwn(EXPLANATION, kind)) return null;
  return withCode(h('p', 'note'), t(EXPLANATION[kind]));
}

/** What the learner's code threw (or what the check could not use), in the page's language, the original beside it. */
export function thrownBlock(t: Translate, error: ThrownInfo, during: 'case' | 'load'): HTMLElement[] {
  let sentence: string;
  if (error.source === 'check') sentence = t('checkProblem');
  else if (error.name === null) sentence = t('thrownValue');
  else if (during === 'load')
    sentence = error.line !== null ? t('loadError', { line: String(error.line) }) : t('loadErrorNoLine');
  else sentence = error.line !== null ? t('thrownAt', { line: String(error.line) }) : t('thrown');
  const blocks = [h('p', 'bad', sentence), original(t, 'originalMessage', error.message)];
  const why = explanation(t, error);
  if (why) blocks.push(why);
  return blocks;
}

const MAX_CAUGHT = 5;

/**
 * What the learner's code threw during a case that the case caught (in a callback, a `finally`…):
 * each error once, with how many times it came, its type and line, the engine's own text and its
 * explanation. The first few only.
 */
function caughtBlock(t: Translate, errors: readonly ThrownInfo[]): HTMLElement {
  const distinct = new Map<string, { error: ThrownInfo; times: number }>();
  for (const error of errors) {
    const key = JSON.stringify([error.source, error.name, error.message, error.line]);
    const seen = distinct.get(key);
    if (seen) seen.times++;
    else distinct.set(key, { error, times: 1 });
  }
  const box = h('div', 'exercise-caught');
  const entries = [...distinct.values()];
  for (const { error, times } of entries.slice(0, MAX_CAUGHT)) {
    let sentence: string;
    if (error.source === 'check') sentence = t('caught.check');
    else if (error.name === null) sentence = t('caught.value');
    else
      sentence =
        error.line !== null
          ? t('caught.at', { name: error.name, line: String(error.line) })
          : t('caught.noLine', { name: error.name });
    const item = h('div', 'exercise-caught-item');
    item.append(h('p', 'bad', sentence), original(t, 'originalMessage', error.message));
    if (times > 1) item.append(h('p', 'note', t('caught.times', { count: times })));
    const why = explanation(t, error);
    if (why) item.append(why);
    box.append(item);
  }
  if (entries.length > MAX_CAUGHT) box.append(h('p', 'note', t('caught.more', { count: entries.length - MAX_CAUGHT })));
  return box;
}

/** A syntax error: where, in the page's language; the transpiler's own message; what to look for. */
export function compileBlock(t: Translate, problem: CompileProblem): { sentence: string; blocks: HTMLElement[] } {
  const sentence =
    problem.line !== null
      ? t('compileError', { line: String(problem.line), column: String(problem.column ?? 1) })
      : t('compileErrorNoLine');
  const blocks = [original(t, 'transpilerSays', problem.message)];
  if (problem.line !== null) blocks.push(h('p', 'note', t('compileHint')));
  return { sentence, blocks };
}

/** Renders a value as the results show it; `name`, what it is (a table's box is named by it). */
function renderShown(shown: Shown, t: Translate, name?: string): HTMLElement {
  switch (shown.kind) {
    case 'code': {
      const pre = h('pre', 'exercise-value');
      appendCode(pre, shown.text, t);
      return pre;
    }
    case 'note':
      return withCode(h('p', 'exercise-note'), shown.text);
    case 'fields': {
      const list = h('dl', 'exercise-fields');
      for (const field of shown.fields) {
        list.append(h('dt', undefined, field.label));
        const dd = h('dd');
        const pre = h('pre', 'exercise-value');
        appendCode(pre, field.text, t);
        dd.append(pre);
        list.append(dd);
      }
      return list;
    }
    case 'table':
      return renderTable(shown, t, name);
  }
}

type Table = Extract<Shown, { kind: 'table' }>;

/** A table as it is, with its caption (a value on its own: a prediction that passed, what a case gave). */
function renderTable(table: Table, t: Translate, name?: string): HTMLElement {
  const node = h('table');
  if (table.caption) node.append(h('caption', undefined, table.caption));
  const head = h('tr');
  for (const cell of table.header) {
    const th = h('th', undefined, cell);
    th.scope = 'col';
    head.append(th);
  }
  node.append(h('thead', undefined, head));
  const body = h('tbody');
  for (const row of table.rows) {
    const tr = h('tr');
    for (const cell of row) {
      const td = h('td');
      appendCode(td, cell, t, { signs: false });
      tr.append(td);
    }
    body.append(tr);
  }
  node.append(body);
  return tableRegion(name ?? table.caption ?? t('table'), node);
}

/** One labelled value: "Expected", "Your code gave", "Your prediction". */
export function labelled(label: string, shown: Shown, t: Translate, className: string): HTMLElement {
  const box = h('div', className);
  box.append(h('p', 'exercise-label', label), renderShown(shown, t, label));
  return box;
}

/**
 * The expected value and the learner's, where they differ marked: texts character by character,
 * fields one by one, tables cell by cell; two values of different kinds, or sentences, side by side.
 */
function compared(expected: Shown, actual: Shown, labels: SideLabels, t: Translate): HTMLElement[] {
  if (expected.kind === 'code' && actual.kind === 'code') return comparedCode(expected.text, actual.text, labels, t);
  if (expected.kind === 'fields' && actual.kind === 'fields') return comparedFields(expected, actual, labels, t);
  if (expected.kind === 'table' && actual.kind === 'table') return comparedTables(expected, actual, labels, t);
  return [
    labelled(labels.expected, expected, t, 'exercise-expected'),
    labelled(labels.actual, actual, t, 'exercise-actual'),
  ];
}

/** What the case gave the learner's code, first, when it shows it. */
const inputOf = (context: FailureContext, t: Translate): HTMLElement[] =>
  context.input ? [inputBlock(context.input, (shown) => renderShown(shown, t, t('input.label')), t)] : [];

/** For a generated case, how the input shown was found, before it. */
const generatedOf = (context: FailureContext, t: Translate): HTMLElement[] =>
  context.generated
    ? [
        withCode(
          h('p', 'exercise-note'),
          t('generated.found', {
            tried: context.generated.tried,
            shrinks: context.generated.shrinks,
            // An identifier, not a quantity: written as it is, never with separators.
            seed: String(context.generated.seed),
          }),
        ),
      ]
    : [];

/**
 * When the result shown came from calls made before it (the same case passes alone, in a fresh copy
 * of the learner's module: src/exercise-engine/verdicts.ts), that first: the input and the result
 * below are as they were.
 */
const keptStateOf = (context: FailureContext, t: Translate): HTMLElement[] =>
  context.keptState ? [withCode(h('p', 'bad'), t('keptState')), withCode(h('p', 'note'), t('keptStateWhy'))] : [];

/**
 * What the learner's code threw in a case that failed by it. A value that is not an Error, where an
 * Error of the same message passes the case: that Error beside the value thrown, and why it matters.
 * Otherwise the case's expected value first, when it has one, then what was thrown.
 */
function thrownInCase(verdict: Extract<CaseVerdict, { status: 'throw' }>, t: Translate): HTMLElement[] {
  const { error } = verdict;
  if (verdict.errorExpected !== undefined && error.name === null) {
    const kind = t(VALUE_LABEL[error.valueKind ?? 'string']);
    return [
      withCode(h('p', 'bad'), t('thrownNotError', { kind, text: verdict.errorExpected })),
      ...comparedCode(
        verdict.errorExpected,
        error.message,
        { expected: t('thrownExpected'), actual: t('thrownGot') },
        t,
      ),
      withCode(h('p', 'note'), t('thrownNotErrorWhy')),
    ];
  }
  return [
    ...(verdict.expected ? [labelled(t('expected'), verdict.expected, t, 'exercise-expected')] : []),
    ...thrownBlock(t, error, 'case'),
  ];
}

/** What the learner's code threw that the case caught, last, if anything. */
const caughtOf = (context: FailureContext, t: Translate): HTMLElement[] =>
  context.caught && context.caught.length > 0 ? [caughtBlock(t, context.caught)] : [];

/**
 * A value the learner's code changed that its caller keeps (src/exercise-engine/learner-watch.ts):
 * which, where and during which call; the value before and after, what changed marked; why it matters.
 */
function changeBlock(t: Translate, change: Change): HTMLElement[] {
  const vars = { name: change.name, where: change.path, call: change.call, seen: change.seen };
  const labelled = { ...vars, where: change.shownPath };
  const argument = change.kind === 'changed-argument';
  const later = change.seen !== change.call;
  const sentence = argument ? (later ? 'changed.argumentLater' : 'changed.argument') : 'changed.result';
  const labels: SideLabels = {
    expected: t(argument ? (later ? 'changed.passed' : 'changed.before') : 'changed.returned', labelled),
    actual: t(argument && !later ? 'changed.after' : 'changed.afterCall', labelled),
    marks: {
      legendExpected: t('changed.legendBefore'),
      legendActual: t('changed.legendAfter'),
      srExpected: t('changed.srBefore'),
      srActual: t('changed.srAfter'),
    },
  };
  return [
    withCode(h('p', 'bad'), t(sentence, vars)),
    ...comparedCode(change.before, change.after, labels, t),
    withCode(h('p', 'note'), t(argument ? 'changed.argumentWhy' : 'changed.resultWhy')),
  ];
}

/** The body of a case's verdict (what went wrong, or for a prediction what was predicted). */
export function verdictBody(verdict: CaseVerdict, t: Translate, prediction: boolean): HTMLElement | null {
  const body = h('div', 'exercise-verdict');
  const actualLabel = prediction ? t('yourPrediction') : t('actual');
  switch (verdict.status) {
    case 'pass':
      if (!prediction) return null;
      body.append(labelled(actualLabel, verdict.actual, t, 'exercise-actual'));
      return body;
    case 'fail':
      body.append(
        ...generatedOf(verdict, t),
        ...keptStateOf(verdict, t),
        ...inputOf(verdict, t),
        ...compared(verdict.expected, verdict.actual, { expected: t('expected'), actual: actualLabel }, t),
        ...caughtOf(verdict, t),
      );
      return body;
    case 'throw':
      body.append(
        ...generatedOf(verdict, t),
        ...keptStateOf(verdict, t),
        ...inputOf(verdict, t),
        ...thrownInCase(verdict, t),
        ...caughtOf(verdict, t),
      );
      return body;
    case 'changed':
      body.append(
        ...generatedOf(verdict, t),
        ...inputOf(verdict, t),
        ...changeBlock(t, verdict.change),
        ...caughtOf(verdict, t),
      );
      return body;
    case 'export':
      body.append(
        h(
          'p',
          'bad',
          verdict.actualKind === 'missing'
            ? t('exportMissing', { name: verdict.name, kind: t(KIND_LABEL[verdict.expectedKind]) })
            : t('exportWrong', {
                name: verdict.name,
                kind: t(KIND_LABEL[verdict.expectedKind]),
                actual: t(VALUE_LABEL[verdict.actualKind]),
              }),
        ),
      );
      return body;
    case 'timeout':
      body.append(h('p', 'bad', t('caseTimeout')));
      return body;
    case 'skipped':
      return null;
  }
}

/** A proof: labelled texts with their line ends visible, each line with the rule that applied. */
export function renderProof(title: string, blocks: ProofBlock[]): HTMLElement[] {
  const out: HTMLElement[] = [h('h4', 'exercise-heading', title)];
  for (const block of blocks) {
    const section = h('div', 'exercise-reveal-block');
    section.append(h('p', 'exercise-label', block.label));
    if (block.lines) {
      const list = h('ol', 'exercise-trace');
      for (const line of block.lines) {
        const item = h('li');
        const code = h('code', 'exercise-trace-line');
        appendVisible(code, line.text);
        item.append(code, h('span', 'exercise-trace-note', ' ' + line.explanation));
        list.append(item);
      }
      section.append(list);
    } else {
      const pre = h('pre', 'exercise-value');
      appendVisible(pre, block.text);
      section.append(pre);
    }
    out.push(section);
  }
  return out;
}
