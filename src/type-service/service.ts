// TypeScript's language service over the page's folder in memory (files.ts): the problems tsc would
// report in an exercise's code, completions and what hovering a name shows. The page runs it in a
// worker of its own (type-worker.ts); the unit tests run the very same class in Node against tsc.
// The folder in memory and the service's host come from @typescript/vfs
// (https://github.com/microsoft/TypeScript-Website/tree/v2/packages/typescript-vfs).

import { createSystem, createVirtualTypeScriptEnvironment, type VirtualTypeScriptEnvironment } from '@typescript/vfs';
import type ts from 'typescript';
import type { TypeSetup } from './files.ts';

export type Severity = 'error' | 'warning' | 'info';

/** One of tsc's diagnostics, as the editor shows it: where, its code (2551 for TS2551), one line of text. */
export interface TypeProblem {
  from: number;
  to: number;
  code: number;
  severity: Severity;
  message: string;
}

export interface CompletionItem {
  name: string;
  /** TypeScript's kind of the name (method, property, function, const, keyword, …). */
  kind: string;
  sortText: string;
  /** What getCompletionEntryDetails needs back to describe the entry. */
  source?: string;
  data?: ts.CompletionEntryData;
}

export interface Completions {
  /** Where the word being completed starts. */
  from: number;
  items: CompletionItem[];
}

/** A name's signature and its doc comment, with its tags (@param, @returns, …). */
export interface Described {
  signature: string;
  doc: string;
  tags: { name: string; text: string }[];
}

export interface Hover extends Described {
  from: number;
  to: number;
}

/**
 * Makes TypeScript speak `locale` (its own translations, node_modules/typescript/lib/<locale>/
 * diagnosticMessages.generated.json, given as text) through its public validateLocaleAndSetLanguage.
 * TypeScript keeps the language for the whole module, so this is done once, before any check.
 */
export function speak(typescript: typeof ts, locale: string, messages: string | null): void {
  if (messages === null) return;
  const path = `/${locale}/diagnosticMessages.generated.json`;
  const problems: ts.Diagnostic[] = [];
  typescript.validateLocaleAndSetLanguage(
    locale,
    {
      getExecutingFilePath: () => '/typescript.js',
      resolvePath: (p) => p,
      fileExists: (p) => p === path,
      readFile: (p) => (p === path ? messages : undefined),
    },
    problems,
  );
  if (problems.length > 0)
    throw new Error(
      `TypeScript's ${locale} messages: ${typescript.flattenDiagnosticMessageText(problems[0]!.messageText, ' ')}`,
    );
}

/**
 * A diagnostic's text on one line (a chain of messages joined by spaces, as tsc indents them on lines of their own).
 */
export function oneLine(typescript: typeof ts, message: string | ts.DiagnosticMessageChain): string {
  return typescript.flattenDiagnosticMessageText(message, '\n').replace(/\n\s*/g, ' ');
}

/** The file that makes TypeScript read everything else before the first exercise arrives. */
const WARM_UP = '/warm-up.ts';

const IDENTIFIER_PART = /[\p{ID_Continue}$\u200c\u200d]/u;

export class TypeService {
  private readonly ts: typeof ts;
  private readonly env: VirtualTypeScriptEnvironment;
  private readonly files = new Map<string, string>();

  /**
   * Reads and binds the lib files and lessons-code's declarations once, through a file that only
   * imports lessons-code (TypeScript loads the lib files only for a program that has a file): the slow
   * part, done before the first learner's text arrives. That file declares nothing, so it changes
   * nothing in the exercises' files.
   */
  constructor(typescript: typeof ts, setup: TypeSetup) {
    this.ts = typescript;
    const all = new Map<string, string>([...Object.entries(setup.libs), ...Object.entries(setup.declarations)]);
    all.set(WARM_UP, "import type {} from 'lessons-code';\n");
    this.env = createVirtualTypeScriptEnvironment(createSystem(all), [WARM_UP], typescript, setup.options);
    this.env.languageService.getSemanticDiagnostics(WARM_UP);
  }

  /** Gives a file its text (created the first time); nothing is done when the text is the same. */
  update(file: string, text: string): void {
    const known = this.files.get(file);
    if (known === text) return;
    if (known === undefined) this.env.createFile(file, text);
    else this.env.updateFile(file, text);
    this.files.set(file, text);
  }

  /** What tsc reports in the file: its syntax, then its types. */
  problems(file: string): TypeProblem[] {
    if (!this.files.has(file)) return [];
    const service = this.env.languageService;
    const found = [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)];
    const { DiagnosticCategory } = this.ts;
    return found.map((d) => {
      const from = d.start ?? 0;
      const severity: Severity =
        d.category === DiagnosticCategory.Error
          ? 'error'
          : d.category === DiagnosticCategory.Warning
            ? 'warning'
            : 'info';
      return { from, to: from + (d.length ?? 0), code: d.code, severity, message: oneLine(this.ts, d.messageText) };
    });
  }

  /** The names that may go at `pos`, with the start of the word already typed there; null where none. */
  completions(file: string, pos: number): Completions | null {
    const text = this.files.get(file);
    if (text === undefined) return null;
    let from = pos;
    while (from > 0 && IDENTIFIER_PART.test(text[from - 1]!)) from--;
    const info = this.env.languageService.getCompletionsAtPosition(file, pos, {
      includeCompletionsForModuleExports: false,
      includeCompletionsWithInsertText: false,
    });
    if (!info) return null;
    const items = info.entries
      .filter((entry) => entry.kind !== this.ts.ScriptElementKind.warning)
      .map((entry) => ({
        name: entry.name,
        kind: entry.kind,
        sortText: entry.sortText,
        ...(entry.source ? { source: entry.source } : {}),
        ...(entry.data ? { data: entry.data } : {}),
      }));
    return { from, items };
  }

  /** A completion's signature and doc comment. */
  describe(file: string, pos: number, item: Pick<CompletionItem, 'name' | 'source' | 'data'>): Described | null {
    if (!this.files.has(file)) return null;
    const details = this.env.languageService.getCompletionEntryDetails(
      file,
      pos,
      item.name,
      {},
      item.source,
      {},
      item.data,
    );
    return details ? this.described(details.displayParts, details.documentation, details.tags) : null;
  }

  /** What hovering `pos` shows: the name's signature and doc comment, and the span of the name. */
  hover(file: string, pos: number): Hover | null {
    if (!this.files.has(file)) return null;
    const info = this.env.languageService.getQuickInfoAtPosition(file, pos);
    if (!info) return null;
    return {
      from: info.textSpan.start,
      to: info.textSpan.start + info.textSpan.length,
      ...this.described(info.displayParts, info.documentation, info.tags),
    };
  }

  private described(
    parts: ts.SymbolDisplayPart[] | undefined,
    doc: ts.SymbolDisplayPart[] | undefined,
    tags: ts.JSDocTagInfo[] | undefined,
  ): Described {
    const text = (p: ts.SymbolDisplayPart[] | undefined) => this.ts.displayPartsToString(p);
    return {
      signature: text(parts),
      doc: text(doc),
      tags: (tags ?? []).map((tag) => ({ name: tag.name, text: text(tag.text) })),
    };
  }
}
