// The variants of the exercises' files as modules the tests can import, and the exercise files'
// comment tables: each variant is written to node_modules/.cache/exercise-variants/<id>/, where
// tsc's options apply to it as to any file of the project (`'lessons-code'` resolves through the
// tsconfig's paths, and Vite's resolver through an absolute path).

import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readVariant } from '../../../src/exercise-engine/variants-node.ts';
import type { VariantName } from '../../../src/exercise-engine/variants.ts';

const EXERCISES_DIR = new URL('../../../lessons-code/exercises/', import.meta.url);
const CACHE = new URL('../../../node_modules/.cache/exercise-variants/', import.meta.url);
const INDEX = fileURLToPath(new URL('../../../lessons-code/index.ts', import.meta.url));

/** Writes a variant to the cache as `<id>/<variant>.<locale>.ts` (or `<prefix><variant>…`) and returns its path. */
export function writeVariant(
  id: string,
  variant: VariantName,
  locale = 'en',
  edit = (code: string) => code,
  prefix = '',
): string {
  const { code } = readVariant(new URL(`${id}/exercise.ts`, EXERCISES_DIR), variant, locale);
  const dir = new URL(`${id}/`, CACHE);
  mkdirSync(dir, { recursive: true });
  const file = fileURLToPath(new URL(`${prefix}${variant.replace(':', '-')}.${locale}.ts`, dir));
  writeFileSync(file, edit(code));
  return file;
}

/** A variant as a module, for tests that call its functions directly. */
export async function importVariant<T>(id: string, variant: VariantName): Promise<T> {
  // For Vite's resolver, 'lessons-code' as the absolute path of index.ts (a file of its own, so that
  // a test file type-checking the variants beside this one never reads it half-written).
  const file = writeVariant(
    id,
    variant,
    'en',
    (code) => code.replaceAll("from 'lessons-code'", `from '${INDEX}'`),
    'import-',
  );
  return (await import(/* @vite-ignore */ file)) as T;
}
