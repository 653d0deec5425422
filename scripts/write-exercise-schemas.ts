// `npx node scripts/write-exercise-schemas.ts`: the JSON Schema of an exercise's text.<locale>.json,
// made from the contract's zod schema (src/exercise-engine/exercise-schema.ts), and the "$schema" of
// every text file pointed at it, so that an editor completes and underlines its fields. The schemas
// go beside the contract, lessons-code/exercises/text.<locale>.schema.json. A unit test
// (test/unit/exercise-engine/exercise-contract.test.ts) fails when they or a file's "$schema" are
// not what this writes: run it again after a change of the contract.

import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { exerciseTextSchema } from '../src/exercise-engine/exercise-schema.ts';
import { LOCALES } from '../src/lib/locales.ts';

const EXERCISES = fileURLToPath(new URL('../lessons-code/exercises/', import.meta.url));

/** The schema file of each kind of data file, by name, and its text. */
export function schemaFiles(): Map<string, string> {
  const json = (schema: z.ZodType) =>
    `${JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), null, 2)}\n`;
  const files = new Map<string, string>();
  for (const locale of LOCALES) files.set(`text.${locale}.schema.json`, json(exerciseTextSchema(locale)));
  return files;
}

/** The schema a file of an exercise names, relative to it; null for a file that is not a text. */
export function schemaOf(name: string): string | null {
  const text = /^text\.(\w+)\.json$/.exec(name);
  return text ? `../text.${text[1]}.schema.json` : null;
}

/** A data file's text with its "$schema" first, the rest as it was. */
function withSchema(source: string, schema: string): string {
  const data = JSON.parse(source) as Record<string, unknown>;
  const { $schema: _, ...rest } = data;
  return `${JSON.stringify({ $schema: schema, ...rest }, null, 2)}\n`;
}

if (import.meta.main) {
  for (const [name, text] of schemaFiles()) writeFileSync(join(EXERCISES, name), text);
  for (const entry of readdirSync(EXERCISES, { withFileTypes: true })) {
    if (!entry.isDirectory() || !existsSync(join(EXERCISES, entry.name, 'cases.ts'))) continue;
    for (const name of readdirSync(join(EXERCISES, entry.name))) {
      const schema = schemaOf(name);
      if (schema === null) continue;
      const path = join(EXERCISES, entry.name, name);
      writeFileSync(path, withSchema(readFileSync(path, 'utf8'), schema));
    }
  }
  console.log(`wrote the schemas in ${EXERCISES} and the "$schema" of every text file`);
}
