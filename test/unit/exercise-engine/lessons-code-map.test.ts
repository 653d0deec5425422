// The learner's worker loads lessons-code module by module (src/exercise-engine/learner-imports.ts,
// with the map generated from index.ts): the map must follow index.ts, and the learner must get
// exactly what index.ts gives for every name its code uses.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as index from '../../../lessons-code/index.ts';
import { lessonsCodeMapSource, MAP_FILE, INDEX_FILE } from '../../../scripts/write-lessons-code-map.ts';
import { LESSONS_CODE_MAP } from '../../../src/exercise-engine/lessons-code-map.ts';
import { lessonsCodeNames, loadLessonsCode } from '../../../src/exercise-engine/learner-imports.ts';
import { transpile } from '../../../src/exercise-engine/transpile.ts';

const compiled = (source: string): string => {
  const result = transpile(source);
  if (!result.ok) throw new Error(result.problem.message);
  return result.code;
};

describe('the lessons-code map of the learner worker', () => {
  it('is up to date with index.ts (else run `npx node scripts/write-lessons-code-map.ts`)', () => {
    expect(readFileSync(MAP_FILE, 'utf8')).toBe(lessonsCodeMapSource(readFileSync(INDEX_FILE, 'utf8')));
  });

  it('names every value index.ts exports once, each loading the very value index.ts exports', async () => {
    const seen: string[] = [];
    for (const [load, list] of LESSONS_CODE_MAP) {
      const module = await load();
      for (const name of list.split(' ')) {
        seen.push(name);
        expect(module[name], name).toBe((index as Record<string, unknown>)[name]);
      }
    }
    expect(seen.slice().sort()).toEqual(Object.keys(index).sort());
  });
});

describe('the names a learner module takes from lessons-code', () => {
  it('are read off named imports, whatever the path to lessons-code', () => {
    expect(
      lessonsCodeNames(
        compiled(
          `import { RoundReader, readChatChunks as read } from 'lessons-code';\n` +
            'export const f = () => new RoundReader(read());',
        ),
      ),
    ).toEqual(new Set(['RoundReader', 'readChatChunks']));
    expect(
      lessonsCodeNames(
        compiled(`import { field } from '../../../lessons-code/index.ts';\nexport const g = { field };`),
      ),
    ).toEqual(new Set(['field']));
  });

  it('are none for a module that imports only types, or nothing', () => {
    expect(
      lessonsCodeNames(
        compiled(`import type { PageConsume } from 'lessons-code';\nexport const f = (c: PageConsume) => c;`),
      ),
    ).toEqual(new Set());
    expect(lessonsCodeNames(compiled(`export const f = () => 1;`))).toEqual(new Set());
  });

  it('are all of index.ts when the code uses the module other than by name', () => {
    for (const source of [
      `import * as lc from 'lessons-code';\nexport const f = () => lc.pumpBody;`,
      `import lc from 'lessons-code';\nexport const f = () => lc;`,
      `export * from 'lessons-code';`,
      `import { field } from 'lessons-code';\nexport const f = () => field;\nexport ` +
        `const g = (r: any) => r('lessons-code');\ng(require);`,
      `export const f = () => require('lessons-code')['pump' + 'Body'];`,
    ]) {
      expect(lessonsCodeNames(compiled(source)), source).toBe('all');
    }
  });

  it('load the values index.ts exports, and nothing index.ts does not export', async () => {
    const named = await loadLessonsCode(
      compiled(
        `import { pumpBody, notAnExport } from 'lessons-code';\nexport const f = () => [pumpBody, notAnExport];`,
      ),
    );
    expect(named.pumpBody).toBe(index.pumpBody);
    expect('notAnExport' in named).toBe(false);
    expect(Object.isFrozen(named)).toBe(true);
    const all = await loadLessonsCode(compiled(`import * as lc from 'lessons-code';\nexport const f = () => lc;`));
    expect(
      Object.keys(all)
        .filter((key) => key !== '__esModule')
        .sort(),
    ).toEqual(Object.keys(index).sort());
  });
});
