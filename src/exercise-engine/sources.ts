// The starter and the reference solution of every exercise, per locale, as text: derived from the
// exercise's one file (lessons-code/exercises/<id>/exercise.ts, which tsc checks) and its comment
// translations (comments.<locale>.json), as variants.ts says. Used at build time and by the tests;
// the page's script loads single variants through variants-node.ts.

import { alternativesIn, localVariant, type CommentTable } from './variants.ts';
import type { Locale } from './types.ts';

export type SourceKind = 'starter' | 'solution';

const files = import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const tables = import.meta.glob<CommentTable>('../../lessons-code/exercises/*/comments.*.json', {
  eager: true,
  import: 'default',
});

/** The exercise's file as written: the reference solution, with its other variants in groups. */
function exerciseFile(id: string): string {
  const text = files[`../../lessons-code/exercises/${id}/exercise.ts`];
  if (text === undefined) throw new Error(`exercise ${id} has no exercise.ts`);
  return text;
}

/** The comment translations of an exercise into `locale` (none for English, the language it is written in). */
function commentTable(id: string, locale: Locale): CommentTable | undefined {
  return locale === 'en' ? undefined : tables[`../../lessons-code/exercises/${id}/comments.${locale}.json`];
}

export function exerciseSource(id: string, kind: SourceKind, locale: Locale): string {
  return localVariant(exerciseFile(id), kind, commentTable(id, locale), `${id}/exercise.ts`).code;
}

/** The alternative answers written into the exercise's file, by name (English comments). */
export function alternativeSources(id: string): { name: string; source: string }[] {
  const file = exerciseFile(id);
  return alternativesIn(file).map((name) => ({
    name,
    source: localVariant(file, `alternative:${name}`, undefined).code,
  }));
}
