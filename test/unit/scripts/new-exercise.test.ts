// `npm run new:exercise` (scripts/new-exercise.ts). Its command line: `--help` prints the usage with
// the pages of content/docs/ga-ai/, `--dry-run` writes nothing, a malformed or taken id, an unknown
// page and an unknown argument are refused with a message. What it writes passes the rules as it
// is: in a copy of the project, one exercise is scaffolded onto every page of the course, then every
// unit test that reads the exercises or the pages runs there (test/exercises.ts's `EXERCISES_ONLY`
// narrows the tests that walk the exercises to the new ones), and the lint (Biome's check on the
// written files, the line length), the contract of an exercise's files (checkExercise) and the
// project's TypeScript options find nothing. A rule added to those tests applies to the scaffold at
// once: if the example falls behind it, this test fails.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newExercise, pageNumbers, parseArgs, usage, type Written } from '../../../scripts/new-exercise.ts';
import { checkExercise } from '../../../src/exercise-engine/check-exercise.ts';
import { coursePages, exerciseIds, exercisesOn } from '../../exercises.ts';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
/** What the unit tests and the lint read: the copy holds these, and node_modules as links to the project's packages. */
const COPIED = ['src', 'lessons-code', 'content', 'test', 'scripts', 'pages', 'docs'];
const COPIED_FILES = [
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
  'biome.json',
  '.gitignore',
  'astro.config.mjs',
];
let root = '';
/** Each page's number ('06b') and the exercise scaffolded onto it ('probe-06b'). */
let scaffolded: { page: string; id: string; files: Written[] }[] = [];

function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-exercise-'));
  for (const folder of COPIED) cpSync(join(PROJECT, folder), join(dir, folder), { recursive: true });
  for (const file of COPIED_FILES) if (existsSync(join(PROJECT, file))) cpSync(join(PROJECT, file), join(dir, file));
  // The packages linked one by one, not node_modules itself: the tests' caches (node_modules/.cache/)
  // stay the copy's own, away from the project's tests running at the same time.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(PROJECT, 'node_modules')))
    if (name !== '.cache') symlinkSync(join(PROJECT, 'node_modules', name), join(dir, 'node_modules', name));
  return dir;
}

/** The unit tests that read the exercises (test/exercises.ts, the mistake files, the registry) or the pages. */
function testsThatReadExercises(dir: string): string[] {
  const reads = /\/exercises\.ts'|\/exercise-mistakes\.ts'|exercise-engine\/registry\.ts'|content\/docs/;
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith('.test.ts') && reads.test(readFileSync(path, 'utf8')) ? [path] : [];
    });
  return walk(join(dir, 'test/unit'))
    .map((path) => relative(dir, path))
    .filter((path) => path !== 'test/unit/scripts/new-exercise.test.ts')
    .sort();
}

/** Runs a Node script of the copy's packages there; its status and output. */
function run(args: string[], env: Record<string, string> = {}): { status: number | null; output: string } {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...clean, ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(() => {
  root = copyProject();
  scaffolded = pageNumbers(root).map((page) => {
    const id = `probe-${page}`;
    return { page, id, files: newExercise({ id, page, root }) };
  });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('npm run new:exercise, its command line', () => {
  it('--help prints the usage, with every page of content/docs/ga-ai/', () => {
    expect(parseArgs(['--help'], PROJECT)).toBe('help');
    const pages = coursePages(PROJECT).map((path) => path.split('/')[2]!.split('-')[0]!);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pageNumbers(PROJECT)).toEqual(pages);
    const text = usage(PROJECT);
    expect(text).toContain('usage: npm run new:exercise -- <id> --page <page> [--dry-run]');
    expect(text).toContain(`${pages.slice(0, -1).join(', ')} or ${pages.at(-1)} (content/docs/ga-ai/)`);
    expect(text).toContain('--dry-run');
  });

  it('refuses an unknown argument, a missing id or page, a malformed or taken id, an unknown page', () => {
    expect(() => parseArgs(['x', '--page', '06', '--force'], PROJECT)).toThrow('unknown argument --force');
    expect(() => parseArgs(['--page', '06'], PROJECT)).toThrow("give the exercise's id");
    expect(() => parseArgs(['x'], PROJECT)).toThrow('give the page');
    expect(parseArgs(['x', '--page', '06b', '--dry-run'], PROJECT)).toMatchObject({
      id: 'x',
      page: '06b',
      dryRun: true,
    });
    const { id, page } = scaffolded[0]!;
    expect(() => newExercise({ id, page, root })).toThrow('exists already');
    expect(() => newExercise({ id: 'other', page: '07', root })).toThrow('no page "07": choose 06, 06b');
    expect(() => newExercise({ id: 'Other_One', page, root })).toThrow('is not an exercise id');
  });

  it('--dry-run returns what it would write and writes nothing', () => {
    const before = read('content/docs/fr/ga-ai/06c-model-stream.mdx');
    const files = newExercise({ id: 'dry-one', page: '06c', root, dryRun: true });
    expect(existsSync(join(root, 'lessons-code/exercises/dry-one'))).toBe(false);
    expect(read('content/docs/fr/ga-ai/06c-model-stream.mdx')).toBe(before);
    expect(files.map((f) => f.path)).toContain('lessons-code/exercises/dry-one/mistakes/first-event.ts');
    expect(files.find((f) => f.path === 'content/docs/fr/ga-ai/06c-model-stream.mdx')?.text).toContain(
      '<Exercise id="dry-one" />',
    );
  });
});

describe('npm run new:exercise, what it writes on each page', () => {
  it('a folder found as the course finds its exercises, and a section on the page in each language', () => {
    expect(scaffolded.map((s) => s.page)).toEqual(pageNumbers(PROJECT));
    const ids = scaffolded.map((s) => s.id);
    expect(exerciseIds(root)).toEqual([...exerciseIds(PROJECT), ...ids].sort());
    for (const { page, id, files } of scaffolded) {
      const path = coursePages(root).find((p) => p.startsWith(`/ga-ai/${page}-`))!;
      expect(exercisesOn(path, root).at(-1)).toBe(id);
      for (const prefix of ['', 'es/', 'fr/']) {
        const mdx = read(`content/docs/${prefix}${path.slice(1, -1)}.mdx`);
        expect(mdx).toContain(`<Exercise id="${id}" />`);
        expect(mdx).toMatch(new RegExp(`<ExerciseProgress ids=\\{\\[[^\\]]*'${id}'\\]\\} />`));
      }
      expect(files.filter((f) => f.path.includes(`/${id}/mistakes/`)).length).toBeGreaterThanOrEqual(4);
      for (const { path: file, text } of files) expect(read(file), file).toBe(text);
    }
  });

  it('keeps the contract of an exercise’s files (src/exercise-engine/check-exercise.ts)', async () => {
    for (const { id } of scaffolded) expect(await checkExercise(id, root), id).toEqual([]);
  });

  it('type-checks as strictly as the project (exercise, cases, alternative, mistakes)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(PROJECT, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const files = scaffolded.flatMap((s) =>
      s.files.filter((f) => f.path.endsWith('.ts')).map((f) => join(root, f.path)),
    );
    expect(files.length).toBeGreaterThanOrEqual(scaffolded.length * 7);
    const program = ts.createProgram(files, {
      ...config.options,
      paths: { 'lessons-code': [join(PROJECT, 'lessons-code/index.ts')] },
      baseUrl: undefined,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.includes(d.file.fileName))
      .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  it('the lint finds nothing: Biome’s check on the written files, the line length', () => {
    const written = [...new Set(scaffolded.flatMap((s) => s.files.map((f) => f.path)))].filter(
      (path) => !path.endsWith('.mdx'),
    );
    const biome = run(['node_modules/@biomejs/biome/bin/biome', 'check', ...written]);
    expect(biome.status, biome.output).toBe(0);
    // The line length is checked over the whole copy: the lines it reports of the scaffold's files.
    const lines = run(['scripts/line-length.ts']);
    expect(lines.output).toMatch(lines.status === 0 ? /no line over/ : /line\(s\) longer than/);
    expect(lines.output.split('\n').filter((line) => written.some((path) => line.startsWith(`${path}:`)))).toEqual([]);
  });

  it('every unit test that reads the exercises or the pages passes on the scaffolded exercises', () => {
    const files = testsThatReadExercises(root);
    for (const rule of ['exercises', 'exercise-contract', 'exercise-mistakes', 'exercise-variants', 'glossary'])
      expect(
        files.some((file) => file.endsWith(`/${rule}.test.ts`)),
        rule,
      ).toBe(true);
    const report = join(root, 'unit-report.json');
    const vitest = run(
      ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile=${report}`, ...files],
      { EXERCISES_ONLY: scaffolded.map((s) => s.id).join(',') },
    );
    expect(existsSync(report), vitest.output).toBe(true);
    const results = JSON.parse(readFileSync(report, 'utf8')) as {
      numTotalTests: number;
      testResults: {
        name: string;
        message: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
      }[];
    };
    const failed = results.testResults.flatMap((file) => [
      ...(file.message ? [`${relative(root, file.name)}: ${file.message}`] : []),
      ...file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${test.fullName}: ${test.failureMessages.join('\n')}`),
    ]);
    // A failure is the scaffold's when it names a scaffolded exercise or a page it wrote to (every
    // rule names the file or the exercise it finds at fault). Any other failure is the project's
    // own, and its own run of the same test reports it.
    const pages = [...new Set(scaffolded.flatMap((s) => s.files.filter((f) => f.before).map((f) => f.path)))].map(
      (path) => path.replace(/^content\/docs\/(es\/|fr\/)?/, ''),
    );
    const ids = scaffolded.map((s) => s.id);
    const scaffolds = (text: string) => ids.some((id) => text.includes(id)) || pages.some((p) => text.includes(p));
    expect(failed.filter(scaffolds).map((text) => text.split('\n').slice(0, 12).join('\n'))).toEqual([]);
    // And the rules did run on each scaffolded exercise.
    const named = results.testResults.flatMap((file) => file.assertionResults.map((test) => test.fullName));
    for (const id of ids) expect(named.filter((name) => name.includes(id)).length, id).toBeGreaterThan(10);
  }, 900_000);
});
