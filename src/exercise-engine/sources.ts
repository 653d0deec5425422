// The starter and solution files of every exercise, as text (`?raw`): the files tsc checks are the
// very text the editor shows. `starter.ts` is the English one; `starter.es.ts` and `starter.fr.ts`
// carry the same code with comments in Spanish and French (a locale without its own file gets the
// English one). Used at build time and by the tests; the page loads them lazily (src/scripts).

import type { Locale } from './types.ts';

const files = import.meta.glob<string>('../../lessons-code/exercises/*/{starter,solution}*.ts', { eager: true, query: '?raw', import: 'default' });

export type SourceKind = 'starter' | 'solution';

/** The path of an exercise's starter or solution in `locale`, relative to this folder (as the globs see it). */
export function sourcePath(id: string, kind: SourceKind, locale: Locale): string {
  return `../../lessons-code/exercises/${id}/${kind}${locale === 'en' ? '' : `.${locale}`}.ts`;
}

/** Picks the locale's file, or the English one, among `available` paths. */
export function pickSource(id: string, kind: SourceKind, locale: Locale, available: (path: string) => boolean): string {
  const own = sourcePath(id, kind, locale);
  return available(own) ? own : sourcePath(id, kind, 'en');
}

export function exerciseSource(id: string, kind: SourceKind, locale: Locale): string {
  const text = files[pickSource(id, kind, locale, (path) => path in files)];
  if (text === undefined) throw new Error(`exercise ${id} has no ${kind}.ts`);
  return text;
}
