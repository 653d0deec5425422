// The workbench never loses a learner's work silently: the editor refuses a change past
// 200,000 characters and says so, keeping the text as it was; a store that is full or blocked
// keeps the last saved version and the page is told; old saved code (the first workbench's key)
// comes back; a corrupt store is ignored. Also the state round trip: results, hints, how a solve
// was made.

import { EditorState } from '@codemirror/state';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { sizeLimit } from '../../../src/workbench/exercise-editor.ts';
import {
  freshState,
  hashCode,
  MAX_CODE,
  readExercise,
  solvedInStore,
  storageKey,
  writeExercise,
} from '../../../src/workbench/exercise-store.ts';

class MemoryStorage {
  items = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;
const g = globalThis as unknown as { window?: unknown };
beforeEach(() => {
  storage = new MemoryStorage();
  g.window = { localStorage: storage };
});
afterEach(() => {
  delete g.window;
});

describe('the editor refuses code past the limit, whole, and says so', () => {
  const refusedAfter = async (start: string, insert: string) => {
    let refused = 0;
    let state = EditorState.create({ doc: start, extensions: [sizeLimit(MAX_CODE, () => refused++)] });
    state = state.update({ changes: { from: state.doc.length, insert } }).state;
    await Promise.resolve();
    return { text: state.doc.toString(), refused };
  };

  it('an edit that stays within the limit is made', async () => {
    expect(await refusedAfter('abc', 'x'.repeat(MAX_CODE - 3))).toEqual({
      text: 'abc' + 'x'.repeat(MAX_CODE - 3),
      refused: 0,
    });
  });

  it('a paste that would go past it is refused: the text is unchanged and the page is told', async () => {
    const start = 'export const answer = 1;\n';
    expect(await refusedAfter(start, 'y'.repeat(MAX_CODE))).toEqual({ text: start, refused: 1 });
  });

  it('a text already past the limit may still shrink', async () => {
    let state = EditorState.create({
      doc: 'z'.repeat(MAX_CODE + 10),
      extensions: [sizeLimit(MAX_CODE, () => undefined)],
    });
    state = state.update({ changes: { from: 0, to: 5 } }).state;
    expect(state.doc.length).toBe(MAX_CODE + 5);
  });
});

describe('the store', () => {
  it('round trip: code, solved with the solution shown, hints, the last check and a revealed answer', () => {
    const state = freshState();
    state.code = 'export const x = 1;\n';
    state.solved = true;
    state.assisted = true;
    state.revealed = true;
    state.hints = 2;
    state.last = {
      locale: 'fr',
      codeHash: hashCode(state.code),
      report: {
        outcome: 'checked',
        cases: [{ id: 'a', verdict: { status: 'pass', actual: { kind: 'code', text: '1' } } }],
        console: [],
      },
    };
    state.answer = { locale: 'fr', reveal: { expected: { a: { kind: 'code', text: '1' } }, proof: [] } };
    expect(writeExercise('demo', state)).toBe(true);
    expect(readExercise('demo')).toEqual(state);
    expect(solvedInStore(['demo', 'other'])).toEqual(new Map([['demo', { assisted: true }]]));
  });

  it('a full store: the write says so, and the version saved before is still there', () => {
    const saved = { ...freshState(), code: 'version 1' };
    expect(writeExercise('demo', saved)).toBe(true);
    storage.full = true;
    expect(writeExercise('demo', { ...saved, code: 'version 2' })).toBe(false);
    expect(readExercise('demo').code).toBe('version 1');
  });

  it('a store the browser forbids: nothing throws, the page works and is told', () => {
    g.window = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readExercise('demo')).toEqual(freshState());
    expect(writeExercise('demo', freshState())).toBe(false);
  });

  it('code saved by the first workbench comes back, with its solved state and hints', () => {
    storage.setItem('ga-course:l6:v1:exercise:fix-746', JSON.stringify({ code: '// mine\n', solved: true, hints: 2 }));
    expect(readExercise('fix-746')).toMatchObject({ code: '// mine\n', solved: true, assisted: false, hints: 2 });
  });

  it('saved code of any length is given back as it was, never replaced by the starter', () => {
    const long = 'x'.repeat(MAX_CODE + 1);
    storage.setItem(storageKey('demo'), JSON.stringify({ code: long }));
    expect(readExercise('demo').code).toBe(long);
  });

  it('a corrupt store is ignored: a fresh state, and a report of the wrong shape is not shown', () => {
    storage.setItem(storageKey('a'), '{not json');
    expect(readExercise('a')).toEqual(freshState());
    storage.setItem(
      storageKey('b'),
      JSON.stringify({
        code: 42,
        solved: 'yes',
        hints: -3,
        last: { locale: 'en', codeHash: 'x', report: { outcome: 'checked' } },
      }),
    );
    expect(readExercise('b')).toEqual(freshState());
  });

  it('the console kept with the last check is bounded', () => {
    const state = freshState();
    state.last = {
      locale: 'en',
      codeHash: 'h',
      report: { outcome: 'load-timeout', console: Array.from({ length: 100 }, (_, i) => String(i)) },
    };
    writeExercise('demo', state);
    expect(readExercise('demo').last?.report.console).toHaveLength(20);
  });

  it("a prediction saved with the former starter’s [] and '' untouched still asks for those values", () => {
    const starter = exerciseSource('predict', 'starter', 'en');
    // The earlier starter's three values, with the learner's first prediction written in.
    const saved =
      "// mine\nexport const fromGaChatbotApi: string[] = ['a'];\n  export const fromGaApi: string[] = [];  \n" +
      "export const dependsOnSystem: string = '';\n";
    writeExercise('predict', { ...freshState(), code: saved });
    const code = readExercise('predict').code!;
    expect(code).toBe(
      "// mine\nexport const fromGaChatbotApi: string[] = ['a'];\n" +
        '  export const fromGaApi: string[] | undefined = undefined;  \n' +
        'export const dependsOnSystem: string | undefined = undefined;\n',
    );
    // Each line it puts back is the starter's own line for that value.
    for (const line of code.split('\n').filter((l) => l.includes('undefined'))) expect(starter).toContain(line.trim());
    // [] written by the learner in today's starter, or in another exercise, stays as it is.
    const today = 'export const fromGaApi: string[] | undefined = [];\n';
    writeExercise('predict', { ...freshState(), code: today });
    expect(readExercise('predict').code).toBe(today);
    writeExercise('demo', { ...freshState(), code: 'export const fromGaApi: string[] = [];\n' });
    expect(readExercise('demo').code).toBe('export const fromGaApi: string[] = [];\n');
  });

  it('the code hash tells two codes apart and is stable', () => {
    expect(hashCode('a')).toBe(hashCode('a'));
    expect(hashCode('a')).not.toBe(hashCode('b'));
    expect(hashCode('')).toMatch(/^[0-9a-f]{8}$/);
  });
});
