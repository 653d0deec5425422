// The type checker in an exercise's editor (CodeMirror 6): tsc's problems as lint diagnostics
// (underline, gutter marker, tooltip, the lint panel), completions and what hovering a name shows,
// all from the page's one type checker (client.ts). Keyboard: F8 and Shift+F8 go to the next and
// previous problem and say it; Ctrl+Shift+M (⌘+Shift+M) opens the list of problems; Ctrl+Space
// asks for completions (they also open by themselves after a dot).

import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { Prec, StateEffect, type Extension } from '@codemirror/state';
import {
  forceLinting,
  forEachDiagnostic,
  linter,
  lintKeymap,
  nextDiagnostic,
  previousDiagnostic,
  type Diagnostic,
} from '@codemirror/lint';
import { EditorView, hoverTooltip, keymap, type Command } from '@codemirror/view';
import { withCode } from '../demo-kit/with-code.ts';
import type { TypeClient } from './client.ts';
import type { Described, TypeProblem } from './service.ts';

/** The editor's source name of a TypeScript diagnostic: its code, as tsc prints it. */
const typeSource = (code: number): string => `TS${code}`;

/**
 * The type checker's answer, turned into the editor's diagnostics (each inside the text, at least one character wide
 * where the text allows).
 */
export function diagnosticsOf(problems: readonly TypeProblem[], length: number): Diagnostic[] {
  return problems.map((problem) => {
    let from = Math.min(Math.max(problem.from, 0), length);
    let to = Math.min(Math.max(problem.to, from), length);
    if (to === from) {
      if (to < length) to++;
      else if (from > 0) from--;
    }
    return { from, to, severity: problem.severity, message: problem.message, source: typeSource(problem.code) };
  });
}

/** What a workbench tells its editor's type checking. */
export interface TypeEditorOptions {
  client: TypeClient;
  /** The exercise's file in the checker's folder (files.ts). */
  file: string;
  /** TypeScript has checked `text`, the editor's text, and found these problems. */
  onChecked: (text: string, problems: readonly TypeProblem[]) => void;
  /** A sentence for screen readers (F8 on a problem). */
  announce: (text: string) => void;
  /** "Line 3: …" for the announcement of a problem. */
  describeAt: (line: number, message: string) => string;
}

/** Sent once the checker is ready, so that the editor asks it for the problems of the text it already has. */
const typesReady = StateEffect.define<null>();

/** A signature, its doc comment and its tags, as the tooltips and the completion list show them. */
function describedNode(described: Described): HTMLElement {
  const box = document.createElement('div');
  box.className = 'ga-type-info';
  const signature = document.createElement('pre');
  signature.className = 'ga-type-signature';
  signature.textContent = described.signature;
  box.append(signature);
  if (described.doc) {
    const doc = document.createElement('p');
    doc.className = 'ga-type-doc';
    withCode(doc, described.doc);
    box.append(doc);
  }
  for (const tag of described.tags) {
    const line = document.createElement('p');
    line.className = 'ga-type-tag';
    const name = document.createElement('em');
    name.textContent = `@${tag.name}`;
    line.append(name, ' ');
    withCode(line, tag.text);
    box.append(line);
  }
  return box;
}

/** The tooltips' insides: a signature in the editor's font, wrapped; a doc comment in the page's. */
const theme = EditorView.theme({
  '.cm-tooltip-hover, .cm-completionInfo': { maxWidth: 'min(36rem, calc(100vw - 2rem))' },
  '.cm-tooltip .ga-type-info': { padding: '0.3rem 0.5rem', fontSize: 'var(--sl-text-sm)', lineHeight: '1.45' },
  '.cm-completionInfo .ga-type-info': { padding: '0' },
  '.ga-type-info .ga-type-signature': {
    margin: '0',
    padding: '0',
    border: 'none',
    background: 'none',
    fontFamily: 'var(--__sl-font-mono)',
    fontSize: 'var(--sl-text-code-sm, 0.8125rem)',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  '.ga-type-info p': { margin: '0.4rem 0 0' },
  '.ga-type-info code': { fontFamily: 'var(--__sl-font-mono)', fontSize: '0.92em', overflowWrap: 'anywhere' },
  // tsc's code beside its message (TS2551), as legible as the message.
  '.cm-diagnosticSource': {
    display: 'inline',
    marginInlineStart: '0.6em',
    opacity: '1',
    fontSize: '85%',
    color: 'inherit',
    fontFamily: 'var(--__sl-font-mono)',
  },
  '.cm-diagnosticText': { overflowWrap: 'anywhere' },
});

/** CodeMirror's icon names for TypeScript's kinds of names. */
const COMPLETION_TYPES: Record<string, string> = {
  method: 'method',
  property: 'property',
  getter: 'property',
  setter: 'property',
  function: 'function',
  'local function': 'function',
  class: 'class',
  'local class': 'class',
  interface: 'interface',
  type: 'type',
  'type parameter': 'type',
  enum: 'enum',
  'enum member': 'constant',
  const: 'constant',
  let: 'variable',
  var: 'variable',
  'local var': 'variable',
  parameter: 'variable',
  alias: 'variable',
  module: 'namespace',
  keyword: 'keyword',
};

/** TypeScript ranks entries by sortText ("11" before "15"); CodeMirror by boost (-99 to 99, higher first). */
const boostOf = (sortText: string): number => {
  const rank = Number.parseInt(sortText.replace(/\D/g, '').slice(0, 2), 10);
  return Number.isFinite(rank) ? Math.max(-99, Math.min(99, 20 - rank)) : 0;
};

export function typeEditor(options: TypeEditorOptions): {
  extensions: Extension[];
  ready: (view: EditorView) => void;
  next: Command;
} {
  const { client, file } = options;

  const lintSource = linter(
    async (view) => {
      // Nothing before a learner uses an editor (a preloaded checker waits, silent: client.ts).
      if (!client.inUse || client.state === 'failed') return [];
      const text = view.state.doc.toString();
      let problems: TypeProblem[] | null;
      try {
        problems = await client.request({ type: 'problems', file, text });
      } catch {
        return [];
      }
      // Overtaken by a newer text (the editor asks again for that one).
      if (problems === null || view.state.doc.toString() !== text) return [];
      options.onChecked(text, problems);
      return diagnosticsOf(problems, view.state.doc.length);
    },
    {
      // Short, so that problems follow the typing (a check takes tens of milliseconds once ready).
      delay: 150,
      needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(typesReady))),
    },
  );

  const complete = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\p{ID_Continue}$]*/u);
    const before = context.state.sliceDoc(Math.max(0, (word?.from ?? context.pos) - 1), word?.from ?? context.pos);
    // By themselves, completions open after a dot (members); anywhere with Ctrl+Space.
    if (!context.explicit && before !== '.') return null;
    if (client.state === 'failed') return null;
    const text = context.state.doc.toString();
    let found;
    try {
      found = await client.request({ type: 'completions', file, text, pos: context.pos });
    } catch {
      return null;
    }
    if (found === null || context.aborted) return null;
    const pos = context.pos;
    return {
      from: found.from,
      validFor: /^[\p{ID_Continue}$]*$/u,
      options: found.items.map(
        (item): Completion => ({
          label: item.name,
          type: COMPLETION_TYPES[item.kind],
          boost: boostOf(item.sortText),
          info: async () => {
            const described = await client.request({ type: 'describe', file, pos, item }).catch(() => null);
            return described ? describedNode(described) : null;
          },
        }),
      ),
    };
  };

  const hover = hoverTooltip(
    async (view, pos) => {
      if (!client.inUse || client.state === 'failed') return null;
      const text = view.state.doc.toString();
      const found = await client.request({ type: 'hover', file, text, pos }).catch(() => null);
      // Nothing to say where TypeScript knows nothing (a misspelt name is `any`: its problem says why).
      if (!found || view.state.doc.toString() !== text || !found.signature || found.signature === 'any') return null;
      return { pos: found.from, end: found.to, above: true, create: () => ({ dom: describedNode(found) }) };
    },
    { hideOnChange: true },
  );

  /** F8 / Shift+F8: CodeMirror's own move to the problem, then the problem said for screen readers. */
  const sayingProblem =
    (move: Command): Command =>
    (view) => {
      if (!move(view)) return false;
      const { from, to } = view.state.selection.main;
      forEachDiagnostic(view.state, (diagnostic, start, end) => {
        if (start === from && end === to) {
          const line = view.state.doc.lineAt(from).number;
          const code = /^TS\d+$/.test(diagnostic.source ?? '') ? ` (${diagnostic.source})` : '';
          options.announce(options.describeAt(line, diagnostic.message + code));
        }
      });
      return true;
    };

  const extensions: Extension[] = [
    theme,
    lintSource,
    hover,
    autocompletion({ override: [complete], icons: true, closeOnBlur: true }),
    Prec.high(keymap.of([{ key: 'F8', run: sayingProblem(nextDiagnostic), shift: sayingProblem(previousDiagnostic) }])),
    keymap.of(lintKeymap),
  ];
  // Once ready, the editor's text is checked at once, not after the lint's wait.
  const ready = (view: EditorView) => {
    view.dispatch({ effects: typesReady.of(null) });
    forceLinting(view);
  };
  return { extensions, ready, next: sayingProblem(nextDiagnostic) };
}
