// Generated cases (src/exercise-engine/generated.ts): every exercise whose answer is code is also
// checked on inputs fast-check generates, against its reference solution. Their domains are right
// both ways: every alternative right answer passes every generated case, and every mistake file
// fails at least one (a domain too narrow to tell a mistake from a right answer fails here). And a
// diagnosis is only shown when it is true: run through every case, each mistake file is named by
// its own diagnosis and by no other.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedCase } from '../../../lessons-code/index.ts';
import { seedOf } from '../../../src/exercise-engine/generated.ts';
import { exerciseDefinition, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { alternativeSources } from '../../../src/exercise-engine/sources.ts';
import type { CaseReport, CheckReport } from '../../../src/exercise-engine/types.ts';
import { mistakeFiles } from '../../exercise-mistakes.ts';
import { EXERCISES } from '../../exercises.ts';
import { testPlatform } from './exercises-platform.ts';

const EXERCISES_DIR = new URL('../../../lessons-code/exercises/', import.meta.url);
const MISTAKES = mistakeFiles();
const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const CODE_EXERCISES = EXERCISES.filter((id) => exerciseDefinition(id)!.kind !== 'prediction');

const generatedIds = (id: string): string[] =>
  exerciseDefinition(id)!
    .cases.filter((c) => c.kind === 'generated')
    .map((c) => c.id);

/** Alternative right answers: alternatives/*.ts and the `// #alternative` branches of exercise.ts. */
function alternatives(id: string): { name: string; source: string }[] {
  const dir = new URL(`${id}/alternatives/`, EXERCISES_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.ts')) : [];
  return [
    ...files.map((name) => ({ name, source: readFileSync(new URL(name, dir), 'utf8') })),
    ...alternativeSources(id),
  ];
}

const checked = (report: CheckReport): CaseReport[] => {
  expect(report.outcome, 'the code loads and its cases run').toBe('checked');
  return report.outcome === 'checked' ? report.cases : [];
};

/** Every diagnosis a report shows, on any case. */
const allDiagnoses = (cases: CaseReport[]): string[] => [
  ...new Set(
    cases.flatMap((c) =>
      c.verdict.status === 'fail' || c.verdict.status === 'throw' ? (c.verdict.diagnoses ?? []) : [],
    ),
  ),
];

describe('every exercise whose answer is code has generated cases', () => {
  it.each(CODE_EXERCISES)('%s', (id) => {
    expect(generatedIds(id).length).toBeGreaterThan(0);
  });
});

describe('every alternative right answer passes every generated case', () => {
  for (const id of CODE_EXERCISES) {
    for (const alternative of alternatives(id)) {
      it(`${id}: ${alternative.name}`, async () => {
        const cases = checked(await runner.run(id, 'en', alternative.source));
        const generated = cases.filter((c) => generatedIds(id).includes(c.id));
        expect(generated.map((c) => [c.id, c.verdict.status])).toEqual(generatedIds(id).map((c) => [c, 'pass']));
      });
    }
  }
});

describe('every mistake in code fails a generated case, and each is named by its own diagnosis and no other', () => {
  for (const m of MISTAKES.filter((file) => CODE_EXERCISES.includes(file.exercise))) {
    it(`${m.exercise}/mistakes/${m.name}: ${m.diagnosis}`, async () => {
      const cases = checked(await runner.run(m.exercise, 'en', m.source));
      const failingGenerated = cases.filter(
        (c) => generatedIds(m.exercise).includes(c.id) && c.verdict.status !== 'pass',
      );
      // A mistake in a value the learner exports (an answer written out, not computed: its first
      // failing case reads values only) is no function of any input: generated inputs cannot reach
      // it, its chosen cases do.
      const definition = exerciseDefinition(m.exercise)!;
      const first = definition.cases.find((c) => c.id === m.fails[0])!;
      const inCode = first.uses.some((name) => definition.exports[name] === 'function');
      if (inCode)
        expect(
          failingGenerated.map((c) => c.id),
          'the generated cases it fails',
        ).not.toEqual([]);
      expect(allDiagnoses(cases).sort(), 'every diagnosis shown, on any case').toEqual([...m.diagnoses].sort());
    });
  }
});

describe('a failing generated case', () => {
  const NO_BLANK_LINE = `export function writeGaApiEvent(chunk: string): string {
  return chunk.split('\\n').map((line) => 'data: ' + line).join('\\n') + '\\n';
}
export function readChatService(stream: string): string {
  return '';
}
`;

  it('shows the smallest input found, both results, how it was found, and the true diagnosis', async () => {
    const cases = checked(await runner.run('fix-746', 'en', NO_BLANK_LINE));
    const writer = cases.find((c) => c.id === 'writer-generated')!.verdict;
    expect(writer).toMatchObject({
      status: 'fail',
      input: { kind: 'code', text: 'writeGaApiEvent("")' },
      expected: { kind: 'code', text: '"data: \\n\\n"' },
      actual: { kind: 'code', text: '"data: \\n"' },
      diagnoses: ['writer-no-blank-line'],
      generated: { seed: seedOf('writer-generated') },
    });
    expect(writer.status === 'fail' && writer.generated!.tried).toBeGreaterThan(0);
  });

  it('gives the same verdict on every check of the same code', async () => {
    const first = await runner.run('fix-746', 'en', NO_BLANK_LINE);
    const second = await runner.run('fix-746', 'en', NO_BLANK_LINE);
    expect(second).toEqual(first);
  });

  it('names no mistake that the code does not have everywhere', async () => {
    // The same writer, but right on chunks without a colon: no longer the mistake on every input.
    const mixed = NO_BLANK_LINE.replace(
      "return chunk.split('\\n')",
      "if (!chunk.includes(':'))\n" +
        "    return chunk.split('\\n').map((line) => 'data: ' + line + '\\n').join('') + '\\n';\n" +
        "  return chunk.split('\\n')",
    );
    const cases = checked(await runner.run('fix-746', 'en', mixed));
    const writer = cases.find((c) => c.id === 'writer-generated')!.verdict;
    expect(writer.status).toBe('fail');
    expect(writer).not.toHaveProperty('diagnoses');
    expect(writer).toMatchObject({ input: { kind: 'code', text: 'writeGaApiEvent(":")' } });
  });
});

describe('the engine side of generated cases', () => {
  it('a case whose reference fails on its own domain is reported as the check’s problem, never as a pass', async () => {
    const definition = exerciseDefinition('fix-746')!;
    const broken = definition.cases.find((c) => c.kind === 'generated') as GeneratedCase<string, unknown>;
    const { runGenerated } = await import('../../../src/exercise-engine/generated.ts');
    await expect(
      runGenerated(
        {
          ...broken,
          expected: () => {
            throw new Error('no reference');
          },
        },
        async () => 'x',
      ),
    ).rejects.toThrow(/reference of case writer-generated threw/);
  });
});
