// Which exercises there are and where each is shown, derived from the files, for every test that
// walks the exercises (unit and browser alike): an exercise is a folder of lessons-code/exercises/
// with a cases.ts (as the engine finds it, src/exercise-engine/registry.ts), and a page shows those
// its English MDX names in `<Exercise id="…" />`, in that order. A new exercise, on any page, needs
// no line in any test.
//
// `EXERCISES_ONLY=<id>,<id>` in the environment narrows `EXERCISES` (and the mistake files) to those
// exercises: the scaffold's test (test/unit/scripts/new-exercise.test.ts) runs every test that walks
// the exercises on a scaffolded copy of the project that way, on the new exercise alone.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_KIND_NAMES, PAGES, type PageKind } from './pages.ts';

const PROJECT = fileURLToPath(new URL('../', import.meta.url));

/** The exercise folders, alphabetical. */
export function exerciseIds(root: string = PROJECT): string[] {
  const dir = join(root, 'lessons-code/exercises');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'cases.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** The exercises a page shows, in its order: `page` is its path from the site's root in English ('/ga-ai/06d-…/'). */
export function exercisesOn(page: string, root: string = PROJECT): string[] {
  const file = join(root, 'content/docs', `${page.replace(/^\/|\/$/g, '')}.mdx`);
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<Exercise id="([a-z0-9-]+)"/g)].map((m) => m[1]!);
}

/** The course's pages, as paths from the site's root in English ('/ga-ai/06b-beyond-the-wire/'), in name order. */
export function coursePages(root: string = PROJECT): string[] {
  const dir = join(root, 'content/docs/ga-ai');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => `/ga-ai/${name.replace(/\.mdx$/, '')}/`);
}

/** The pages that show at least one exercise, in name order. */
export function exercisePages(root: string = PROJECT): string[] {
  return coursePages(root).filter((page) => exercisesOn(page, root).length > 0);
}

/**
 * The kinds of page (test/pages.ts) that show exercises, in the pages' order: what the browser tests
 * walk. A page with an exercise and no line in test/pages.ts is an error that says so.
 */
export function exercisePageKinds(root: string = PROJECT): PageKind[] {
  return exercisePages(root).map((path) => {
    const kind = PAGE_KIND_NAMES.find((name) => PAGES[name] === path);
    if (!kind) throw new Error(`${path} shows exercises: give it a line in test/pages.ts`);
    return kind;
  });
}

/** The exercises the tests walk: every one, or those `EXERCISES_ONLY` names (each must exist). */
function walked(): readonly string[] {
  const all = exerciseIds();
  const only = process.env.EXERCISES_ONLY?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!only || only.length === 0) return all;
  const unknown = only.filter((id) => !all.includes(id));
  if (unknown.length > 0)
    throw new Error(`EXERCISES_ONLY names no exercise folder: ${unknown.join(', ')} (lessons-code/exercises/)`);
  return only;
}

/** Every exercise the tests walk, alphabetical (narrowed by `EXERCISES_ONLY`). */
export const EXERCISES: readonly string[] = walked();

/** How many cases an exercise has: its English text names each once (checkExercise checks it). */
export function caseCount(id: string, root: string = PROJECT): number {
  const text = JSON.parse(readFileSync(join(root, 'lessons-code/exercises', id, 'text.en.json'), 'utf8'));
  return Object.keys(text.cases).length;
}
