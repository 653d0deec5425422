// Attempts that travel (src/workbench/share.ts, progress-file.ts): a link carries the code in its
// fragment and gives it back exactly, or says why it cannot (cut, altered, too long, a decompression
// bomb stopped early); a progress file round-trips every exercise's state, and a wrong, foreign,
// newer or damaged file is refused with the reason, never half read.

import { describe, expect, it } from 'vitest';
import { exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { freshState, MAX_CODE, type ExerciseState } from '../../../src/workbench/exercise-store.ts';
import { progressFile, readProgressFile } from '../../../src/workbench/progress-file.ts';
import { codeOfFragment, exerciseOfFragment, fragmentFor } from '../../../src/workbench/share.ts';

describe('a link to the learner’s code', () => {
  it('gives back the very code, whatever it holds; the fragment is URL-safe and compressed', async () => {
    const code = exerciseSource('bill-in-finally', 'solution', 'es') + '\r\n// ¿Qué tal? 𝄞 “quotes” \u0000 end\n';
    const fragment = await fragmentFor('bill-in-finally', code);
    expect(fragment).toMatch(/^#code\/bill-in-finally\/1\/[A-Za-z0-9_-]+$/);
    expect(fragment.length).toBeLessThan(code.length);
    expect(exerciseOfFragment(fragment)).toBe('bill-in-finally');
    expect(await codeOfFragment(fragment, MAX_CODE)).toEqual({ code });
    expect(await codeOfFragment(await fragmentFor('x', ''), MAX_CODE)).toEqual({ code: '' });
  });

  it('a cut or altered link is “damaged”; other fragments are not links to code', async () => {
    const fragment = await fragmentFor('fix-746', exerciseSource('fix-746', 'starter', 'en'));
    expect(await codeOfFragment(fragment.slice(0, -10), MAX_CODE)).toEqual({ problem: 'damaged' });
    expect(await codeOfFragment(fragment.slice(0, fragment.length / 2), MAX_CODE)).toEqual({ problem: 'damaged' });
    const altered = fragment.slice(0, 40) + (fragment[40] === 'A' ? 'B' : 'A') + fragment.slice(41);
    // The format's checksum finds a changed byte out.
    expect(await codeOfFragment(altered, MAX_CODE)).toEqual({ problem: 'damaged' });
    expect(await codeOfFragment('#code/fix-746/1/', MAX_CODE)).toEqual({ problem: 'damaged' });
    expect(await codeOfFragment('#code/fix-746/1/A', MAX_CODE)).toEqual({ problem: 'damaged' });
    expect(exerciseOfFragment('#exercise-fix-746')).toBeNull();
    expect(exerciseOfFragment('#code/fix-746/2/abc')).toBeNull();
    expect(exerciseOfFragment('#code/../1/abc')).toBeNull();
  });

  it('code longer than the editor takes is refused, and a bomb is stopped early', async () => {
    expect(await codeOfFragment(await fragmentFor('x', 'a'.repeat(MAX_CODE)), MAX_CODE)).toEqual({
      code: 'a'.repeat(MAX_CODE),
    });
    expect(await codeOfFragment(await fragmentFor('x', 'a'.repeat(MAX_CODE + 1)), MAX_CODE)).toEqual({
      problem: 'tooLong',
    });
    // 50 MB of one letter compress to ~50 KB: reading stops after 3 bytes per allowed character.
    const bomb = await fragmentFor('x', 'a'.repeat(50_000_000));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await codeOfFragment(bomb, MAX_CODE)).toEqual({ problem: 'tooLong' });
  });
});

const IDS = ['fix-746', 'bill-in-finally', 'predict'];
const solved: ExerciseState = {
  ...freshState(),
  code: 'export const x = 1;\n',
  solved: true,
  assisted: true,
  revealed: true,
  hints: 2,
  last: { locale: 'es', codeHash: 'abc', report: { outcome: 'checked', cases: [], console: ['hola'] } as never },
};

function fileWith(
  edit: (file: { exercises: Record<string, Record<string, unknown>> } & Record<string, unknown>) => void,
): string {
  const file = JSON.parse(progressFile(new Map([['fix-746', solved]]), new Date('2025-06-01T12:00:00Z')));
  edit(file);
  return JSON.stringify(file);
}

describe('the progress file', () => {
  it('round-trips every exercise’s state; untouched exercises are left out', () => {
    const states = new Map<string, ExerciseState>([
      ['fix-746', solved],
      ['bill-in-finally', { ...freshState(), code: '// mine\n' }],
      ['predict', freshState()],
    ]);
    const text = progressFile(states, new Date('2025-06-01T12:00:00Z'));
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: 'ga-course-progress', version: 1, saved: '2025-06-01T12:00:00.000Z' });
    expect(Object.keys(file.exercises)).toEqual(['bill-in-finally', 'fix-746']);
    const read = readProgressFile(text, IDS, MAX_CODE);
    expect(read).toEqual({
      exercises: new Map([
        ['bill-in-finally', states.get('bill-in-finally')],
        ['fix-746', solved],
      ]),
    });
  });

  it('keeps the order the hints were opened in; a file without it (older) opens the first ones', () => {
    const state: ExerciseState = { ...freshState(), hints: 2, hintOrder: [3, 1] };
    const text = progressFile(new Map([['fix-746', state]]), new Date('2025-06-01T12:00:00Z'));
    expect(readProgressFile(text, IDS, MAX_CODE)).toEqual({ exercises: new Map([['fix-746', state]]) });
    const older = fileWith((file) => delete file.exercises['fix-746']!.hintOrder);
    const read = readProgressFile(older, IDS, MAX_CODE);
    expect('exercises' in read && read.exercises.get('fix-746')).toMatchObject({ hints: 2, hintOrder: [] });
    const damaged = fileWith((file) => (file.exercises['fix-746']!.hintOrder = [1, 1]));
    expect(readProgressFile(damaged, IDS, MAX_CODE)).toEqual({
      problem: { kind: 'damaged', where: 'exercises.fix-746.hintOrder' },
    });
  });

  it('refuses what is not JSON, not this course’s, or from a newer version', () => {
    expect(readProgressFile('{"format": "ga-course-progress",', IDS, MAX_CODE)).toEqual({
      problem: { kind: 'notJson' },
    });
    expect(readProgressFile('', IDS, MAX_CODE)).toEqual({ problem: { kind: 'notJson' } });
    expect(readProgressFile('[]', IDS, MAX_CODE)).toEqual({ problem: { kind: 'foreign' } });
    expect(readProgressFile('{"name": "my-package", "version": "1.0.0"}', IDS, MAX_CODE)).toEqual({
      problem: { kind: 'foreign' },
    });
    expect(
      readProgressFile(
        fileWith((f) => (f.format = 'other-course')),
        IDS,
        MAX_CODE,
      ),
    ).toEqual({ problem: { kind: 'foreign' } });
    expect(
      readProgressFile(
        fileWith((f) => ((f.version = 2), (f.extra = 1))),
        IDS,
        MAX_CODE,
      ),
    ).toEqual({ problem: { kind: 'newer' } });
    expect(
      readProgressFile(
        fileWith((f) => (f.exercises['rm-rf'] = f.exercises['fix-746']!)),
        IDS,
        MAX_CODE,
      ),
    ).toEqual({ problem: { kind: 'unknown', id: 'rm-rf' } });
  });

  const damaged: [
    string,
    (f: { exercises: Record<string, Record<string, unknown>> } & Record<string, unknown>) => void,
  ][] = [
    ['version', (f) => (f.version = '1')],
    ['version', (f) => delete f.version],
    ['saved', (f) => (f.saved = 'yesterday')],
    ['extra', (f) => (f.extra = true)],
    ['exercises', (f) => (f.exercises = {})],
    ['exercises', (f) => (f.exercises = [] as never)],
    ['exercises.fix-746', (f) => (f.exercises['fix-746'] = 'solved' as never)],
    ['exercises.fix-746.code', (f) => (f.exercises['fix-746']!.code = 42)],
    ['exercises.fix-746.code', (f) => (f.exercises['fix-746']!.code = 'x'.repeat(MAX_CODE + 1))],
    ['exercises.fix-746.code', (f) => delete f.exercises['fix-746']!.code],
    ['exercises.fix-746.solved', (f) => (f.exercises['fix-746']!.solved = 'yes')],
    ['exercises.fix-746.assisted', (f) => (f.exercises['fix-746']!.solved = false)],
    ['exercises.fix-746.revealed', (f) => (f.exercises['fix-746']!.revealed = 1)],
    ['exercises.fix-746.hints', (f) => (f.exercises['fix-746']!.hints = -1)],
    ['exercises.fix-746.hints', (f) => (f.exercises['fix-746']!.hints = 1.5)],
    ['exercises.fix-746.last', (f) => (f.exercises['fix-746']!.last = { locale: 'de', codeHash: 'x', report: {} })],
    ['exercises.fix-746.answer', (f) => (f.exercises['fix-746']!.answer = { locale: 'en' })],
    ['exercises.fix-746.owner', (f) => (f.exercises['fix-746']!.owner = 'me')],
  ];
  for (const [where, edit] of damaged) {
    it(`refuses a damaged file, saying where: ${where} (${edit
      .toString()
      .replace(/^\(f\) => /, '')
      .slice(0, 60)})`, () => {
      expect(readProgressFile(fileWith(edit), IDS, MAX_CODE)).toEqual({ problem: { kind: 'damaged', where } });
    });
  }
});
