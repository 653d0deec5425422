// Writes src/exercise-engine/lessons-code-map.ts from lessons-code/index.ts: for each module that
// index.ts re-exports values from, a loader (a dynamic import) and the names it gives to index.ts.
// The learner's worker (src/exercise-engine/learner-harness.ts) loads only the modules whose names the
// learner's code uses, instead of bundling the whole of lessons-code into every page that has an
// exercise. Run `npx node scripts/write-lessons-code-map.ts` after changing index.ts's value exports;
// test/unit/exercise-engine/lessons-code-map.test.ts fails while the map is out of date.

import { readFileSync, writeFileSync } from 'node:fs';

export const INDEX_FILE = 'lessons-code/index.ts';
export const MAP_FILE = 'src/exercise-engine/lessons-code-map.ts';

/** The value re-exports of index.ts (`export { a, b } from './x.ts'`), type-only ones left out, by module. */
export function valueExportsOf(indexSource: string): Map<string, string[]> {
  const byModule = new Map<string, string[]>();
  const code = indexSource.replace(/\/\/[^\n]*/g, '');
  for (const match of code.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    if (match[1]) continue;
    const names: string[] = [];
    for (const part of match[2]!.split(',')) {
      const spec = part.trim();
      if (spec === '' || spec.startsWith('type ')) continue;
      if (!/^[\w$]+$/.test(spec))
        throw new Error(`${INDEX_FILE}: "${spec}" is not a plain name (aliases are not supported by ${MAP_FILE})`);
      names.push(spec);
    }
    if (names.length > 0) byModule.set(match[3]!, [...(byModule.get(match[3]!) ?? []), ...names]);
  }
  if (/export\s*\*/.test(code)) throw new Error(`${INDEX_FILE}: "export *" is not supported by ${MAP_FILE}`);
  return byModule;
}

/** The text of the map file for this index.ts. */
export function lessonsCodeMapSource(indexSource: string): string {
  const rows = [...valueExportsOf(indexSource)].map(
    ([path, names]) => `  [() => import('../../lessons-code/${path.replace(/^\.\//, '')}'), '${names.join(' ')}'],`,
  );
  return [
    `// Generated from ${INDEX_FILE} by \`npx node scripts/write-lessons-code-map.ts\`: do not edit by hand.`,
    '// Each row: a module of lessons-code, and the names index.ts exports from it (space-separated).',
    '',
    'export type ModuleLoader = () => Promise<Record<string, unknown>>;',
    '',
    'export const LESSONS_CODE_MAP: ReadonlyArray<readonly [ModuleLoader, string]> = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}

if (import.meta.main) {
  writeFileSync(MAP_FILE, lessonsCodeMapSource(readFileSync(INDEX_FILE, 'utf8')));
  console.log(`wrote ${MAP_FILE}`);
}
