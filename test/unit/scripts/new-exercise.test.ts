// `npm run new:exercise` (scripts/new-exercise.ts), run in a copy of the project's pages: it refuses
// an id that is taken or malformed and a page that does not exist, each with a message; what it
// writes is found by the same derivations as the course's own exercises (test/exercise-ids.ts),
// type-checks as strictly as the project, and is a working exercise: its starter fails, its
// reference and its alternative pass, its mistake fails with its diagnosis; its texts give every
// case its section and hints, and its section is on the page in the three languages.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newExercise } from '../../../scripts/new-exercise.ts';
import { nodeRegistry } from '../../../src/exercise-engine/registry-node.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { isSolved } from '../../../src/exercise-engine/solved.ts';
import { variantOf } from '../../../src/exercise-engine/variants.ts';
import { LOCALES } from '../../../src/exercise-engine/types.ts';
import { exerciseIds, exercisesOn } from '../../exercise-ids.ts';
import { testPlatform } from '../exercise-engine/exercises-platform.ts';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = '/ga-ai/06d-one-call-per-round/';
let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'new-exercise-'));
  cpSync(join(PROJECT, 'content/docs'), join(root, 'content/docs'), { recursive: true });
  mkdirSync(join(root, 'lessons-code/exercises'), { recursive: true });
  for (const file of ['index.ts', 'package.json'])
    symlinkSync(join(PROJECT, 'lessons-code', file), join(root, 'lessons-code', file));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('npm run new:exercise', () => {
  it('writes the folder and the section of the page in three languages; refuses a taken id and an unknown page', () => {
    const before = exercisesOn(PAGE, root);
    const written = newExercise({ id: 'last-event', page: '06d', root });
    expect(written).toContain('lessons-code/exercises/last-event/mistakes/first-event.ts');
    expect(exerciseIds(root)).toEqual(['last-event']);
    expect(exercisesOn(PAGE, root)).toEqual([...before, 'last-event']);
    for (const prefix of ['', 'es/', 'fr/']) {
      const mdx = read(`content/docs/${prefix}ga-ai/06d-one-call-per-round.mdx`);
      expect(mdx).toContain('<Exercise id="last-event" />');
      expect(mdx).toMatch(/<ExerciseProgress ids=\{\[[^\]]*'last-event'\]\} \/>/);
    }
    expect(() => newExercise({ id: 'last-event', page: '06d', root })).toThrow('exists already');
    expect(() => newExercise({ id: 'other', page: '07', root })).toThrow('no page "07"');
    expect(() => newExercise({ id: 'Other_One', page: '06d', root })).toThrow('is not an exercise id');
  });

  it('type-checks as strictly as the project (exercise, cases, alternative, mistake)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(PROJECT, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    )!;
    const dir = join(root, 'lessons-code/exercises/last-event');
    const files = ['exercise.ts', 'cases.ts', 'alternatives/read-by-chunk.ts', 'mistakes/first-event.ts'].map((f) =>
      join(dir, f),
    );
    const program = ts.createProgram(files, {
      ...config.options,
      paths: { 'lessons-code': [join(PROJECT, 'lessons-code/index.ts')] },
      baseUrl: undefined,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && d.file.fileName.startsWith(dir))
      .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  it('works: the starter fails, the reference and the alternative pass, the mistake is diagnosed', async () => {
    const registry = await nodeRegistry(pathToFileURL(join(root, 'lessons-code/exercises/')));
    expect(registry.ids).toEqual(['last-event']);
    for (const locale of LOCALES) {
      const text = (await registry.text('last-event', locale))!;
      expect(text.hints.length).toBeGreaterThanOrEqual(2);
      expect(text.cases['two-reads']).toMatchObject({ hints: [1, 2] });
      expect(text.cases['two-reads']!.lesson).toMatch(
        /^(\/(es|fr))?\/ga-ai\/06d-one-call-per-round\/#(exercises|ejercicios|exercices)$/,
      );
      expect(text.diagnoses?.['first-event']?.text.length).toBeGreaterThan(20);
    }
    const runner = new ExerciseRunner(testPlatform(registry));
    try {
      const file = read('lessons-code/exercises/last-event/exercise.ts');
      const run = (source: string) => runner.run('last-event', 'en', source);
      expect(isSolved(await run(variantOf(file, 'starter')), ['two-reads'])).toBe(false);
      expect(isSolved(await run(variantOf(file, 'solution')), ['two-reads'])).toBe(true);
      expect(
        isSolved(await run(read('lessons-code/exercises/last-event/alternatives/read-by-chunk.ts')), ['two-reads']),
      ).toBe(true);
      const mistake = await run(read('lessons-code/exercises/last-event/mistakes/first-event.ts'));
      expect(mistake).toMatchObject({
        outcome: 'checked',
        cases: [{ id: 'two-reads', verdict: { status: 'fail', diagnoses: ['first-event'] } }],
      });
    } finally {
      runner.dispose();
    }
  });
});
