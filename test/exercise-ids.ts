// Which exercises there are and where each is shown, derived from the files, for every test that
// walks the exercises (unit and browser alike): an exercise is a folder of lessons-code/exercises/
// with a cases.ts (as the engine finds it), and a page shows those its MDX names in
// `<Exercise id="…" />`, in that order. A new exercise needs no line in any test.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
