// Which parts of lessons-code the learner's module needs, read from its transpiled code, and those
// parts loaded. The learner's worker used to bundle all of lessons-code for every page with an
// exercise; now it loads, before running the learner's module, only the modules whose names the
// code takes from `lessons-code`: nothing for a module that imports only types.
//
// sucrase turns `import { a, b } from 'lessons-code'` into `var _lessonscode = require('lessons-code');`
// and every use into `_lessonscode.a`. When the code uses `require` or such a variable any other way
// (a namespace or default import, `export *`, a computed name, `require` passed around), the names
// cannot be read off the code, and every module index.ts exports from is loaded: what the learner
// gets is the same either way, only the bytes differ.

import { LESSONS_CODE_MAP } from './lessons-code-map.ts';

/** `lessons-code`, and the relative paths a copy of the lesson's files would use for it. */
export function isLessonsCode(specifier: string): boolean {
  const bare = specifier.replace(/^(?:\.\.?\/)+/, '');
  return (
    bare === 'lessons-code' ||
    bare === 'lessons-code/index.ts' ||
    bare === 'lessons-code/index' ||
    bare === 'lessons-code/index.js'
  );
}

const REQUIRE_DECLARATION = /\bvar ([\w$]+) = require\((['"])([^'"\\]*)\2\);/g;

/** The names the code reads from lessons-code, or 'all' when they cannot be told from the code. */
export function lessonsCodeNames(code: string): Set<string> | 'all' {
  const variables: string[] = [];
  let requires = 0;
  for (const match of code.matchAll(REQUIRE_DECLARATION)) {
    requires++;
    if (isLessonsCode(match[3]!)) variables.push(match[1]!);
  }
  if ((code.match(/\brequire\b/g) ?? []).length !== requires) return 'all';
  const names = new Set<string>();
  for (const variable of variables) {
    const escaped = variable.replace(/\$/g, '\\$');
    const uses = code.match(new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])(?:\\.[\\w$]+)?`, 'g')) ?? [];
    let bare = 0; // its own declaration names it once
    for (const use of uses) {
      if (use.length === variable.length) bare++;
      else names.add(use.slice(variable.length + 1));
    }
    if (bare > 1) return 'all';
  }
  return names;
}

/**
 * The exports of lessons-code the code needs (all of index.ts's when its names cannot be told),
 * as one frozen object standing for the module. Names index.ts does not export are absent.
 */
export async function loadLessonsCode(code: string): Promise<Readonly<Record<string, unknown>>> {
  const wanted = lessonsCodeNames(code);
  const picked: Record<string, unknown> = { __esModule: true };
  // Every row when the names cannot be told: the map holds every value index.ts exports (a unit test
  // checks it). Never a dynamic import of index.ts itself: this worker also imports index.ts
  // statically (values.ts), and a module imported both ways is bundled whole into the worker.
  const loads: Promise<void>[] = [];
  for (const [load, list] of LESSONS_CODE_MAP) {
    const names = list.split(' ').filter((name) => wanted === 'all' || wanted.has(name));
    if (names.length === 0) continue;
    loads.push(
      load().then((module) => {
        for (const name of names) picked[name] = module[name];
      }),
    );
  }
  await Promise.all(loads);
  return Object.freeze(picked);
}
