// lessons-code/ stands alone: no file under it imports anything from outside it, types included,
// so the lesson's code can be read, run (Node runs it as it is) and published without the site.
// What a file may import: another file of lessons-code/ by a relative path, lessons-code itself by
// its package name ('lessons-code', lessons-code/package.json's self-reference) and Node's own
// modules (`node:…`). Every import form counts: `import`, `import type`, `export … from`,
// `import()` (in code and in types) and triple-slash references.

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EXERCISES } from '../../exercises.ts';

const ROOT = fileURLToPath(new URL('../../../lessons-code/', import.meta.url));

/** Every TypeScript file under lessons-code/. */
function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|mts|cts)$/.test(entry.name) ? [path] : [];
  });
}

/** What `file` (at `path`, under `root`) imports from outside `root`: `specifier (line n)` for each. */
function importsFromOutside(path: string, text: string, root = ROOT): string[] {
  const info = ts.preProcessFile(text, true, true);
  const lines = ts.createSourceFile(path, text, ts.ScriptTarget.Latest);
  const outside: string[] = [];
  // `/// <reference lib="…" />` is left out: it names TypeScript's own declarations, not a file.
  for (const ref of [...info.importedFiles, ...info.referencedFiles, ...info.typeReferenceDirectives]) {
    const specifier = ref.fileName;
    const inside =
      specifier.startsWith('.') || specifier.startsWith('/')
        ? !relative(root, resolve(dirname(path), specifier)).startsWith('..')
        : specifier === 'lessons-code' || specifier.startsWith('node:');
    if (!inside) outside.push(`${specifier} (line ${ts.getLineAndCharacterOfPosition(lines, ref.pos).line + 1})`);
  }
  return outside;
}

describe('lessons-code depends on nothing else in the repository', () => {
  it('no file under lessons-code/ imports from outside it', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(90);
    const problems = files.flatMap((path) =>
      importsFromOutside(path, readFileSync(path, 'utf8')).map(
        (what) => `${relative(ROOT, path).split(sep).join('/')}: ${what}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('Node runs every exercise’s cases.ts as it is, its lessons-code imports resolved by that name', () => {
    const script = `for (const id of ${JSON.stringify(EXERCISES)}) {
      const { default: definition } = await import('./exercises/' + id + '/cases.ts');
      console.log(id + ' ' + definition.cases.length);
    }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const counts = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(counts.map(([id]) => id)).toEqual(EXERCISES);
    for (const [id, count] of counts) expect(Number(count), id).toBeGreaterThan(0);
  });

  it('the check sees every import form, types included, and lets through only what stays inside', () => {
    const file = join(ROOT, 'exercises', 'example', 'cases.ts');
    const text = [
      '/// <reference path="../../../src/env.d.ts" />',
      "import type { CheckReport } from '../../../src/exercise-engine/types.ts';",
      "import { show } from '../../program/measures.ts';",
      "export { LOCALES } from '../../../src/exercise-engine/types.ts';",
      "import { readStandard, type ExerciseDefinition } from 'lessons-code';",
      "import { createServer } from 'node:http';",
      "import { diffLines } from 'diff';",
      "type Verdict = import('../../../src/exercise-engine/types.ts').CaseVerdict;",
      "const later = () => import('../../../src/lib/format.ts');",
    ].join('\n');
    expect(importsFromOutside(file, text)).toEqual([
      '../../../src/exercise-engine/types.ts (line 2)',
      '../../../src/exercise-engine/types.ts (line 4)',
      'diff (line 7)',
      '../../../src/exercise-engine/types.ts (line 8)',
      '../../../src/lib/format.ts (line 9)',
      '../../../src/env.d.ts (line 1)',
    ]);
  });
});
