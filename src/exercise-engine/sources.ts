// The starter and solution files of every exercise, as text (`?raw`): the files tsc checks are the
// very text the editor shows. Used at build time and by the tests; the page loads them lazily
// (src/scripts/exercise.ts).

import { pickSource, type SourceKind } from './source-paths.ts';
import type { Locale } from './types.ts';

const files = import.meta.glob<string>('../../lessons-code/exercises/*/{starter,solution}*.ts', { eager: true, query: '?raw', import: 'default' });

export function exerciseSource(id: string, kind: SourceKind, locale: Locale): string {
  const text = files[pickSource(id, kind, locale, (path) => path in files)];
  if (text === undefined) throw new Error(`exercise ${id} has no ${kind}.ts`);
  return text;
}
