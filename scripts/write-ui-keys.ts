// Writes src/lib/ui-keys.ts from content/i18n/en.json: a zod object with one string field per course
// key (`course.*`, plural forms included), which content.config.ts adds to Starlight's i18n schema
// (https://starlight.astro.build/guides/i18n/#extend-translation-schema). Starlight then types
// `Astro.locals.t()` with those keys, and the build rejects a locale file that lacks one.
// Run `npx node scripts/write-ui-keys.ts` after adding, renaming or removing a key in en.json;
// test/unit/content/i18n.test.ts fails while the file is out of date.

import { readFileSync, writeFileSync } from 'node:fs';

const STRINGS_FILE = 'content/i18n/en.json';
export const KEYS_FILE = 'src/lib/ui-keys.ts';

/** The course's keys of a locale file (`course.*`), in the file's order; Starlight's own are typed by Starlight. */
function courseKeys(table: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(table).filter((key) => key.startsWith('course.'));
}

/** The text of src/lib/ui-keys.ts for the English strings `table`. */
export function uiKeysSource(table: Readonly<Record<string, unknown>>): string {
  const fields = courseKeys(table).map((key) => `  ${JSON.stringify(key).replaceAll('"', "'")}: z.string(),`);
  return [
    `// Generated from ${STRINGS_FILE} by \`npx node scripts/write-ui-keys.ts\`: do not edit by hand.`,
    '// Every course key of the UI strings, plural forms (`_one`, `#name_other`) included: content.config.ts',
    "// extends Starlight's i18n schema with `courseStrings`, so that `Astro.locals.t()` knows them.",
    '',
    "import { z } from 'astro/zod';",
    '',
    'export const courseStrings = z.object({',
    ...fields,
    '});',
    '',
    "type Form = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';",
    '/** The key a plural form belongs to (`course.x#before_one` → `course.x`), as src/demo-kit/format.ts reads it. */',
    'type Stem<K> = K extends `${infer S}#${string}_${Form}` ? S : K extends `${infer S}_${Form}` ? S : K;',
    '',
    '/** A course key as code asks for it: `course.count.chunks` for `course.count.chunks_one` and `_other`. */',
    'export type CourseKey = Stem<keyof z.infer<typeof courseStrings>>;',
    '',
    "/** The keys under `course.<prefix>.`, without it: `KeysUnder<'ws'>` is `'legend' | 'lf' | …`. */",
    'export type KeysUnder<P extends string> = Under<CourseKey, P>;',
    'type Under<K, P extends string> = K extends `course.${P}.${infer R}` ? R : never;',
    '',
    "/** The names `N` (one word) with a key `course.<N>.<S>`: `HavingKey<'title'>` names the demos with a title. */",
    'export type HavingKey<S extends string> = Having<CourseKey, S>;',
    'type Having<K, S extends string> = K extends `course.${infer N}.${S}` ? N : never;',
    '',
  ].join('\n');
}

if (import.meta.main) {
  const table = JSON.parse(readFileSync(STRINGS_FILE, 'utf8')) as Record<string, unknown>;
  writeFileSync(KEYS_FILE, uiKeysSource(table));
  console.log(`${KEYS_FILE}: ${courseKeys(table).length} keys`);
}
