// The exercises' code editor: CodeMirror 6 with TypeScript highlighting, line numbers, bracket
// matching, undo history and the transpiler's syntax errors as lint diagnostics (and, given as
// `extensions`, the type checker's diagnostics, completions and hover: src/type-service/editor.ts).
// Tab indents only once the learner has clicked or typed in the editor; Escape then Tab always
// moves focus on.

import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentLess, indentMore } from '@codemirror/commands';
import { typescriptLanguage } from '@codemirror/lang-javascript';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { forEachDiagnostic, linter, lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, Prec, Transaction, type Extension, type Text } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { CompileProblem } from '../exercise-engine/types.ts';
import { lineNumbersTheme, measureLineNumbersOnScreen } from './editor-line-numbers.ts';

/** Colours from CSS variables set per theme in Exercise.astro, so that light and dark both pass contrast. */
const highlight = HighlightStyle.define([
  {
    tag: [
      tags.keyword,
      tags.operatorKeyword,
      tags.modifier,
      tags.controlKeyword,
      tags.definitionKeyword,
      tags.moduleKeyword,
    ],
    color: 'var(--ga-code-keyword)',
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--ga-code-string)' },
  { tag: [tags.escape], color: 'var(--ga-code-escape)', fontWeight: '600' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--ga-code-comment)', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--ga-code-number)' },
  { tag: [tags.typeName, tags.className, tags.namespace], color: 'var(--ga-code-type)' },
  {
    tag: [
      tags.function(tags.variableName),
      tags.function(tags.propertyName),
      tags.function(tags.definition(tags.variableName)),
    ],
    color: 'var(--ga-code-function)',
  },
  { tag: tags.invalid, color: 'var(--ga-code-invalid)' },
]);

const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--ga-code-bg)',
    color: 'var(--ga-code-text)',
    border: '1px solid var(--sl-color-gray-4)',
    borderRadius: '0.3rem',
    maxHeight: '75vh',
  },
  '&.cm-focused': { outline: '2px solid var(--sl-color-accent)', outlineOffset: '2px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'var(--__sl-font-mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--ga-code-text)', padding: '0.4rem 0' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ga-code-text)', borderLeftWidth: '2px' },
  '.cm-gutters': { backgroundColor: 'var(--ga-code-gutter-bg)', color: 'var(--ga-code-gutter)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'var(--ga-code-active)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--ga-code-active)', color: 'var(--ga-code-text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--ga-code-selection)',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--ga-code-match)', outline: '1px solid var(--ga-code-gutter)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--sl-color-gray-6)',
    color: 'var(--sl-color-white)',
    border: '1px solid var(--sl-color-gray-4)',
  },
});

export interface ExerciseEditor {
  view: EditorView;
  getCode(): string;
  /** Replaces the whole text as one undoable step (Ctrl+Z brings the old text back). */
  replaceCode(code: string): void;
  /** Marks a syntax error found by a check (or clears it with null). */
  showProblem(problem: CompileProblem | null): void;
  focus(): void;
}

export interface EditorOptions {
  parent: HTMLElement;
  code: string;
  label: string;
  describedBy: string;
  onCheck: () => void;
  onChange: (code: string) => void;
  /** The transpiler's verdict on the code: a syntax error or null. */
  lint: (code: string) => Promise<CompileProblem | null>;
  /** The syntax status under the editor (null: no error). */
  onProblem: (problem: CompileProblem | null) => void;
  /** The learner started using the editor (to load the checker early). */
  onFirstUse: () => void;
  /** The longest text the editor accepts: a change that would make the code longer is refused. */
  maxLength: number;
  /** A change was refused for its size (the text is unchanged). */
  onRefused: () => void;
  /** More of the editor: the type checker's diagnostics, completions and hover (src/type-service/editor.ts). */
  extensions?: Extension[];
  /**
   * CodeMirror's own words in the page's language, keyed by its English phrase: the lint panel, the
   * completions' list, a control character's title, what a screen reader hears when a selection goes.
   */
  phrases: Record<string, string>;
}

/** The diagnostic for a problem: at its line and column, one character wide, inside the text. */
function diagnosticFor(doc: Text, problem: CompileProblem): Diagnostic {
  let from = 0;
  if (problem.line !== null) {
    const line = doc.line(Math.min(Math.max(problem.line, 1), doc.lines));
    from = Math.min(line.from + Math.max((problem.column ?? 1) - 1, 0), line.to);
  }
  const to = Math.min(from + 1, doc.length);
  return { from, to: Math.max(to, from), severity: 'error', message: problem.message, source: 'sucrase' };
}

/**
 * Past `max` characters the editor refuses a change, whole, and calls `onRefused`: nothing is cut,
 * nothing is lost, the text stays as it was. (A text already longer, from an older store, may
 * still shrink.)
 */
export function sizeLimit(max: number, onRefused: () => void): Extension {
  return EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.newDoc.length <= max || tr.newDoc.length <= tr.startState.doc.length) return tr;
    queueMicrotask(onRefused);
    return [];
  });
}

export function createEditor(options: EditorOptions): ExerciseEditor {
  // Tab indents only while the learner is working in the editor: after a click or an edit, until
  // Escape or until focus leaves. Before that, Tab moves on, as everywhere else on the page.
  let engaged = false;
  let used = false;
  let edited = false;
  const firstUse = () => {
    if (used) return;
    used = true;
    options.onFirstUse();
  };

  const tabKeys = keymap.of([
    {
      key: 'Tab',
      run: (view) => (engaged ? indentMore(view) : false),
      shift: (view) => (engaged ? indentLess(view) : false),
    },
    {
      key: 'Escape',
      run: () => {
        engaged = false;
        return false;
      },
    },
  ]);

  const checkKey = Prec.highest(
    keymap.of([
      {
        key: 'Mod-Enter',
        run: () => {
          options.onCheck();
          return true;
        },
      },
    ]),
  );

  const lintSource = linter(
    async (view) => {
      if (!edited) return []; // nothing to say about the starter, and no worker before first use
      const code = view.state.doc.toString();
      let problem: CompileProblem | null;
      try {
        problem = await options.lint(code);
      } catch {
        return [];
      }
      if (view.state.doc.toString() !== code) return []; // a newer edit will be linted
      options.onProblem(problem);
      return problem ? [diagnosticFor(view.state.doc, problem)] : [];
    },
    // The type checker's diagnostics share this delay (CodeMirror waits for the longest of them).
    { delay: 150 },
  );

  const refuseOversize = sizeLimit(options.maxLength, options.onRefused);

  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.code,
      extensions: [
        EditorState.phrases.of(options.phrases),
        refuseOversize,
        checkKey,
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        indentUnit.of('  '),
        EditorState.tabSize.of(2),
        bracketMatching(),
        closeBrackets(),
        highlightActiveLine(),
        syntaxHighlighting(highlight),
        // TypeScript highlighting and indentation, without lang-javascript's completions and snippets.
        new LanguageSupport(typescriptLanguage),
        lintGutter(),
        lintSource,
        options.extensions ?? [],
        tabKeys,
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
        theme,
        lineNumbersTheme,
        // Long comment lines wrap instead of hiding past the edge (and phones never scroll sideways).
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          tabindex: '0',
          'aria-label': options.label,
          'aria-describedby': options.describedBy,
          spellcheck: 'false',
          autocapitalize: 'off',
          autocorrect: 'off',
        }),
        EditorView.domEventHandlers({
          mousedown: () => {
            engaged = true;
            firstUse();
          },
          touchstart: () => {
            engaged = true;
            firstUse();
          },
          focus: () => {
            firstUse();
          },
          blur: () => {
            engaged = false;
          },
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          const byLearner = update.transactions.some(
            (tr) =>
              tr.isUserEvent('input') ||
              tr.isUserEvent('delete') ||
              tr.isUserEvent('move') ||
              tr.isUserEvent('undo') ||
              tr.isUserEvent('redo'),
          );
          if (byLearner) engaged = true;
          edited = true;
          options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  measureLineNumbersOnScreen(view);

  return {
    view,
    getCode: () => view.state.doc.toString(),
    replaceCode: (code) => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: code },
        annotations: Transaction.userEvent.of('set'),
        scrollIntoView: true,
      });
    },
    showProblem: (problem) => {
      // The other sources' diagnostics (the type checker's) stay.
      const kept: Diagnostic[] = [];
      forEachDiagnostic(view.state, (diagnostic, from, to) => {
        if (diagnostic.source !== 'sucrase') kept.push({ ...diagnostic, from, to });
      });
      view.dispatch(setDiagnostics(view.state, problem ? [...kept, diagnosticFor(view.state.doc, problem)] : kept));
    },
    focus: () => view.focus(),
  };
}
