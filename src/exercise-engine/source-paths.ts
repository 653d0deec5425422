// Where an exercise's starter and solution files are, per locale: `starter.ts` is the English
// one; `starter.es.ts` and `starter.fr.ts` carry the same code with comments in Spanish and French
// (a locale without its own file gets the English one). Paths as the globs of src/*/ see them.

import type { Locale } from './types.ts';

export type SourceKind = 'starter' | 'solution';

export function sourcePath(id: string, kind: SourceKind, locale: Locale): string {
  return `../../lessons-code/exercises/${id}/${kind}${locale === 'en' ? '' : `.${locale}`}.ts`;
}

/** The locale's file, or the English one, among the `available` paths. */
export function pickSource(id: string, kind: SourceKind, locale: Locale, available: (path: string) => boolean): string {
  const own = sourcePath(id, kind, locale);
  return available(own) ? own : sourcePath(id, kind, 'en');
}
