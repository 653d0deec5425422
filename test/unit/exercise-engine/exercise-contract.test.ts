// The contract of an exercise's files (src/exercise-engine/exercise-schema.ts and
// check-exercise.ts): every exercise keeps it, and a broken field is reported in one line that
// names the file, the field and the fix.

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { afterAll, describe, expect, it } from 'vitest';
import { AstroError } from 'astro/errors';
import { checkExercise } from '../../../src/exercise-engine/check-exercise.ts';
import { exerciseContract } from '../../../src/exercise-engine/contract-integration.ts';
import {
  commentsSchema,
  exerciseTextSchema,
  mistakeHeaderSchema,
} from '../../../src/exercise-engine/exercise-schema.ts';
import { EXERCISES } from '../../exercises.ts';
import { schemaFiles, schemaOf } from '../../../scripts/write-exercise-schemas.ts';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));

describe('every exercise keeps the contract of its files', () => {
  for (const id of EXERCISES) it(id, () => expect(checkExercise(id)).toEqual([]));
});

describe('a broken file is reported with its file, its field and the fix', () => {
  const root = mkdtempSync(join(tmpdir(), 'exercise-contract-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const ID = 'fix-746';
  const folder = `lessons-code/exercises/${ID}`;
  mkdirSync(join(root, 'lessons-code/exercises'), { recursive: true });
  cpSync(join(PROJECT, folder), join(root, folder), { recursive: true });
  const path = (name: string) => join(root, folder, name);
  const edit = (name: string, change: (text: string) => string) =>
    writeFileSync(path(name), change(readFileSync(path(name), 'utf8')));

  it('a field misspelt, a case’s hint out of range, a lesson on another page, a mistake without its lesson', () => {
    expect(checkExercise(ID, root)).toEqual([]);
    edit('text.es.json', (text) => text.replace('"title"', '"titel"'));
    const fr = JSON.parse(readFileSync(path('text.fr.json'), 'utf8'));
    const caseId = Object.keys(fr.cases)[0]!;
    fr.cases[caseId].hints = [1, 99];
    fr.cases[caseId].lesson = '/fr/ga-ai/06c-model-stream/#exercices';
    writeFileSync(path('text.fr.json'), JSON.stringify(fr));
    edit('mistakes/joins-lines.ts', (text) => text.replace(/^\/\/ Lesson: .*\n/m, ''));
    const problems = checkExercise(ID, root);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${folder}/text\\.es\\.json: title: .*expected string.* — `)),
        expect.stringMatching(new RegExp(`^${folder}/text\\.es\\.json: \\(the file\\): .*titel.* — `)),
        `${folder}/text.fr.json: cases.${caseId}.hints: 99 — the hints are numbered 1 to ${fr.hints.length}; ` +
          'give numbers of hints of this text',
        expect.stringMatching(new RegExp(`^${folder}/text\\.fr\\.json: cases\\.${caseId}\\.lesson: .* — link the `)),
        expect.stringMatching(new RegExp(`^${folder}/mistakes/joins-lines\\.ts: // Lesson: .* — the first comment`)),
      ]),
    );
    expect(problems.every((line) => line.startsWith(`${folder}/`) && line.includes(' — '))).toBe(true);
  });

  it('stops the build and astro dev with those lines, as an AstroError whose hint says where the rules are', () => {
    const setup = exerciseContract(root).hooks['astro:config:setup'] as () => void;
    let thrown: unknown;
    try {
      setup();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AstroError);
    expect((thrown as AstroError).message).toContain(`${folder}/text.es.json: title: `);
    expect((thrown as AstroError).hint).toContain('docs/authoring.md');
    // This project's exercises keep the contract: the build goes on.
    expect(() => (exerciseContract().hooks['astro:config:setup'] as () => void)()).not.toThrow();
  });

  it('too few mistakes, a comment table that is not one, a file that is not JSON', () => {
    writeFileSync(path('comments.es.json'), '{"Return the data.": "Devuelve los datos."}');
    writeFileSync(path('text.en.json'), '{"title": ');
    rmSync(path('mistakes'), { recursive: true });
    const problems = checkExercise(ID, root);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${folder}/comments\\.es\\.json: Return the data\\.: .*array.* — `)),
        expect.stringMatching(new RegExp(`^${folder}/text\\.en\\.json: not JSON .* — fix its syntax$`)),
        expect.stringMatching(new RegExp(`^${folder}/mistakes/: 0 file\\(s\\) — write at least 4 plausible`)),
      ]),
    );
  });
});

describe('the schemas describe every field', () => {
  it('each field of text.<locale>.json, comments.<locale>.json and a mistake header has its description', () => {
    const undescribed: string[] = [];
    const walk = (schema: Record<string, unknown>, at: string) => {
      if (typeof schema.description !== 'string' || schema.description.length < 10) undescribed.push(at);
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>))
        walk(value, `${at}.${key}`);
      const items = schema.additionalProperties ?? schema.items;
      if (items && typeof items === 'object') walk(items as Record<string, unknown>, `${at}[…]`);
    };
    for (const [name, schema] of [
      ['text.en.json', exerciseTextSchema('en')],
      ['comments.es.json', commentsSchema],
      ['mistake header', mistakeHeaderSchema],
    ] as const)
      walk(z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>, name);
    expect(undescribed).toEqual([]);
  });
});

describe('an editor checks the text files through their JSON Schema', () => {
  const exercises = join(PROJECT, 'lessons-code/exercises');
  it('the schemas are those the contract makes (npx node scripts/write-exercise-schemas.ts writes them)', () => {
    for (const [name, text] of schemaFiles())
      expect(JSON.parse(readFileSync(join(exercises, name), 'utf8')), name).toEqual(JSON.parse(text));
  });
  it('every text file names its language’s schema', () => {
    for (const id of EXERCISES)
      for (const locale of ['en', 'es', 'fr']) {
        const name = `text.${locale}.json`;
        const data = JSON.parse(readFileSync(join(exercises, id, name), 'utf8'));
        expect(data.$schema, `${id}/${name}`).toBe(schemaOf(name));
      }
  });
});
