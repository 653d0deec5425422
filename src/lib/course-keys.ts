// UI string keys made from ids that the data carry as plain strings (lessons-code's readers and
// splits are `{ id: string }`), typed so that `Astro.locals.t()` takes them: the id is checked, as
// the page is built, against the course's keys (src/lib/ui-keys.ts, generated from
// content/i18n/en.json). Where an id has a type of its own (a union of names), a template literal
// key needs no check here: the type check reads it.

import { courseStrings } from './ui-keys.ts';

/** The keys of en.json under `course.<P>.`, in full (a plural by its forms). */
type KeyUnder<P extends string> = Extract<keyof typeof courseStrings.shape, `course.${P}.${string}`>;

function isKey<P extends string>(key: string): key is KeyUnder<P> {
  return Object.hasOwn(courseStrings.shape, key);
}

/**
 * `course.<prefix>.<name>`, typed as one of the keys under that prefix:
 * `t(keyUnder('names.reader', reader.id))`. A key that en.json lacks throws, so that the build stops
 * there rather than a page showing the bare key. A plural is found by its forms (`…_one`,
 * `…_other`), not by its stem.
 */
export function keyUnder<P extends string>(prefix: P, name: string): KeyUnder<P> {
  const key = `course.${prefix}.${name}`;
  if (isKey<P>(key)) return key;
  throw new Error(`content/i18n/en.json has no UI string ${key}`);
}
