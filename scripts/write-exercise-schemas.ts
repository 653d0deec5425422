// `npx node scripts/write-exercise-schemas.ts`: what is made from the exercise contract. The JSON
// Schema of an exercise's text.<locale>.json, made from its zod schema
// (src/exercise-engine/exercise-schema.ts), and the "$schema" of every text file pointed at it, so
// that an editor completes and underlines its fields; the schemas go beside the contract,
// lessons-code/exercises/text.<locale>.schema.json. And the list of the rules of an exercise's files
// in docs/authoring.md, made from RULES (src/exercise-engine/check-exercise.ts). A unit test
// (test/unit/exercise-engine/exercise-contract.test.ts) fails when any of them is not what this
// writes: run it again after a change of the contract.

import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { RULES } from '../src/exercise-engine/check-exercise.ts';
import { exerciseTextSchema, textSchemaRef } from '../src/exercise-engine/exercise-schema.ts';
import { LOCALES, type Locale } from '../src/lib/locales.ts';

const EXERCISES = fileURLToPath(new URL('../lessons-code/exercises/', import.meta.url));
export const AUTHORING = fileURLToPath(new URL('../docs/authoring.md', import.meta.url));
const RULES_START =
  '<!-- Made from RULES (src/exercise-engine/check-exercise.ts) by scripts/write-exercise-schemas.ts. -->';
const RULES_END = '<!-- End of the list made from RULES. -->';

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
  return text ? textSchemaRef(text[1] as Locale) : null;
}

/**
 * Markdown wrapped to lines of at most `width` characters where it can be, the lines after the first
 * indented; a code span, spaces and all, stays on one line.
 */
function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.match(/(?:[^\s`]*`[^`]*`)+[^\s`]*|\S+/g) ?? []) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/** docs/authoring.md's text with its list of RULES as RULES says, between the list's markers. */
export function withRules(guide: string): string {
  const start = guide.indexOf(RULES_START);
  const end = guide.indexOf(RULES_END);
  if (start < 0 || end < start) throw new Error(`${AUTHORING}: the markers of the list of rules are missing`);
  const list = RULES.map((rule, index) => {
    const marker = `${index + 1}. `;
    return wrap(marker + rule.rule, 100, ' '.repeat(marker.length));
  }).join('\n');
  return `${guide.slice(0, start)}${RULES_START}\n\n${list}\n\n${guide.slice(end)}`;
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
  writeFileSync(AUTHORING, withRules(readFileSync(AUTHORING, 'utf8')));
  console.log(`wrote the schemas in ${EXERCISES}, the "$schema" of every text file and the rules in ${AUTHORING}`);
}
