// Generated cases (src/exercise-engine/generated.ts): every exercise whose answer is code is also
// checked on inputs fast-check generates, against its reference solution (that it has such a case is
// a rule of the contract, src/exercise-engine/check-exercise.ts); a failing one shows the smallest
// input found and a diagnosis only when it is true; the same code gets the same verdict on every
// check. Their domains are right both ways elsewhere, where those files are checked anyway: every
// alternative right answer passes every case, generated ones included (exercises.test.ts), and every
// mistake file fails at least one and is named by its own diagnoses and no other
// (exercise-mistakes.test.ts).

import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedCase } from '../../../lessons-code/index.ts';
import { seedOf } from '../../../src/exercise-engine/generated.ts';
import { exerciseDefinition, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import type { CaseReport, CheckReport } from '../../../src/exercise-engine/types.ts';
import { testPlatform } from './exercises-platform.ts';

const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const checked = (report: CheckReport): CaseReport[] => {
  expect(report.outcome, 'the code loads and its cases run').toBe('checked');
  return report.outcome === 'checked' ? report.cases : [];
};

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
