// The contract of an exercise's files (src/exercise-engine/exercise-schema.ts and
// check-exercise.ts): every exercise keeps it; each rule, broken in a copy of an exercise, is
// reported in a line that names the file, the field and the fix; the build stops on it; and what is
// made from the contract (the JSON Schemas, the list of rules in docs/authoring.md) is up to date.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'astro/zod';
import { afterAll, describe, expect, it } from 'vitest';
import { AstroError } from 'astro/errors';
import { checkExercise, readExercise, RULES } from '../../../src/exercise-engine/check-exercise.ts';
import { exerciseContract } from '../../../src/exercise-engine/contract-integration.ts';
import {
  commentsSchema,
  exerciseTextSchema,
  mistakeHeaderSchema,
} from '../../../src/exercise-engine/exercise-schema.ts';
import { variantOf } from '../../../src/exercise-engine/variants.ts';
import { EXERCISES } from '../../exercises.ts';
import { AUTHORING, schemaFiles, withRules } from '../../../scripts/write-exercise-schemas.ts';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));

describe('every exercise keeps the contract of its files', () => {
  for (const id of EXERCISES) it(id, async () => expect(await checkExercise(id)).toEqual([]));
});

// Each rule broken in a copy of one exercise: the copy is the exercise's folder beside lessons-code's
// index.ts and package.json (through which its cases.ts imports 'lessons-code'), one per rule, so
// that each copy's cases.ts is a module of its own.
const ID = 'fix-746';
const FOLDER = `lessons-code/exercises/${ID}`;
const copies: string[] = [];
afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true });
});

/** A copy of the exercise in a project of its own, and the means to change its files. */
function copy() {
  const root = mkdtempSync(join(tmpdir(), 'exercise-contract-'));
  copies.push(root);
  mkdirSync(join(root, 'lessons-code/exercises'), { recursive: true });
  for (const file of ['index.ts', 'package.json'])
    symlinkSync(join(PROJECT, 'lessons-code', file), join(root, 'lessons-code', file));
  cpSync(join(PROJECT, FOLDER), join(root, FOLDER), { recursive: true });
  const path = (name: string) => join(root, FOLDER, name);
  const read = (name: string) => readFileSync(path(name), 'utf8');
  return {
    root,
    path,
    read,
    edit: (name: string, change: (text: string) => string) => writeFileSync(path(name), change(read(name))),
    json: (name: string, change: (data: Record<string, any>) => void) => {
      const data = JSON.parse(read(name));
      change(data);
      writeFileSync(path(name), JSON.stringify(data, null, 2));
    },
  };
}
type Copy = ReturnType<typeof copy>;

/** The exercise's first case and its first mistake file whose header names two cases or more. */
const english = JSON.parse(readFileSync(join(PROJECT, FOLDER, 'text.en.json'), 'utf8'));
const FIRST_CASE = Object.keys(english.cases)[0]!;
const DIAGNOSIS = Object.keys(english.diagnoses)[0]!;
const STRING = Object.keys(english.strings)[0]!;
const MISTAKE = readdirSync(join(PROJECT, FOLDER, 'mistakes'))
  .sort()
  .find((name) => /^\/\/ Fails: [\w-]+, /m.test(readFileSync(join(PROJECT, FOLDER, 'mistakes', name), 'utf8')))!;
const at = (name: string) => `^${FOLDER.replaceAll('.', '\\.')}/${name.replaceAll('.', '\\.')}`;

/** Per rule of RULES: how the copy is broken, and the line its problem is reported in. */
const BREAKS: Record<string, { change: (c: Copy) => void; line: RegExp }> = {
  files: {
    change: (c) => rmSync(c.path('text.fr.json')),
    line: new RegExp(`${at('text.fr.json')}: missing — write it`),
  },
  readable: {
    change: (c) => c.edit('cases.ts', (text) => `throw new Error('a broken cases.ts');\n${text}`),
    line: new RegExp(`${at('cases.ts')}: does not load \\(a broken cases\\.ts\\) — `),
  },
  schema: {
    change: (c) => c.edit('text.es.json', (text) => text.replace('"title"', '"titel"')),
    line: new RegExp(`${at('text.es.json')}: \\(the file\\): .*titel.* — see its description in exercise-schema`),
  },
  'json-schema': {
    change: (c) => c.json('text.fr.json', (text) => (text.$schema = '../text.en.schema.json')),
    line: new RegExp(`${at('text.fr.json')}: \\$schema: "\\.\\./text\\.en\\.schema\\.json" — write "\\.\\./text`),
  },
  'text-cases': {
    change: (c) => c.json('text.es.json', (text) => delete text.cases[FIRST_CASE]),
    line: new RegExp(`${at('text.es.json')}: cases\\.${FIRST_CASE}: missing — give this case of cases\\.ts`),
  },
  'hint-count': {
    change: (c) => c.json('text.es.json', (text) => text.hints.pop()),
    line: new RegExp(`${at('text.es.json')}: hints: ${english.hints.length - 1} — give as many as text\\.en\\.json`),
  },
  'case-hints': {
    change: (c) => c.json('text.fr.json', (text) => (text.cases[FIRST_CASE].hints = [1, 99])),
    line: new RegExp(`${at('text.fr.json')}: cases\\.${FIRST_CASE}\\.hints: 99 — the hints are numbered 1 to `),
  },
  'hint-used': {
    change: (c) => c.json('text.en.json', (text) => text.hints.push('A hint that no case names.')),
    line: new RegExp(`${at('text.en.json')}: hints\\.${english.hints.length}: helps no case — add `),
  },
  'same-page': {
    change: (c) =>
      c.json('text.fr.json', (text) => (text.cases[FIRST_CASE].lesson = '/fr/ga-ai/06c-model-stream/#exercices')),
    line: new RegExp(`${at('text.fr.json')}: cases\\.${FIRST_CASE}\\.lesson: \\S+ — link the page text\\.en\\.json`),
  },
  diagnoses: {
    change: (c) => c.json('text.es.json', (text) => delete text.diagnoses[DIAGNOSIS]),
    line: new RegExp(`${at('text.es.json')}: diagnoses\\.${DIAGNOSIS}: missing — give its text and lesson`),
  },
  strings: {
    change: (c) => c.json('text.fr.json', (text) => delete text.strings[STRING]),
    line: new RegExp(`${at('text.fr.json')}: strings\\.${STRING.replaceAll('.', '\\.')}: missing — translate it`),
  },
  typography: {
    change: (c) => c.json('text.fr.json', (text) => (text.title = 'Corriger #746 : des deux côtés')),
    line: new RegExp(`${at('text.fr.json')}: title: U\\+00A0 expected before “:”.* — write it as content/i18n`),
  },
  starter: {
    change: (c) => c.edit('exercise.ts', (text) => variantOf(text, 'solution')),
    line: new RegExp(`${at('exercise.ts')}: // #starter: the starter's code is the solution's — `),
  },
  comments: {
    change: (c) => c.json('comments.es.json', (table) => (table['No block has these words.'] = ['Ninguno.'])),
    line: new RegExp(`${at('comments.es.json')}: "No block has these words\\.": no comment of the starter`),
  },
  alternative: {
    change: (c) => rmSync(c.path('alternatives'), { recursive: true }),
    line: new RegExp(`${at('alternatives/')}: no other right answer — write one`),
  },
  generated: {
    change: (c) =>
      c.edit('cases.ts', (text) =>
        text.replace(
          'export default definition;',
          "export default { ...definition, cases: definition.cases.filter((c) => c.kind !== 'generated') };",
        ),
      ),
    line: new RegExp(`${at('cases.ts')}: cases: no generated case — add one`),
  },
  'mistake-count': {
    change: (c) => {
      for (const name of readdirSync(c.path('mistakes')).sort().slice(3)) rmSync(c.path(`mistakes/${name}`));
    },
    line: new RegExp(`${at('mistakes/')}: 3 file\\(s\\) — write at least 4 plausible mistakes`),
  },
  'mistake-fails': {
    change: (c) =>
      c.edit(`mistakes/${MISTAKE}`, (text) =>
        text.replace(/^\/\/ Fails: ([\w-]+), ([\w-]+)/m, (_, first, second) => `// Fails: ${second}, ${first}`),
      ),
    line: new RegExp(`${at(`mistakes/${MISTAKE}`)}: // Fails: .* — write them in the order of cases\\.ts: `),
  },
  'mistake-diagnosis': {
    change: (c) =>
      c.edit(`mistakes/${MISTAKE}`, (text) => text.replace(/^\/\/ Diagnosis: .*$/m, '// Diagnosis: no-such-one')),
    line: new RegExp(`${at(`mistakes/${MISTAKE}`)}: // Diagnosis: no-such-one — declared by no case of cases\\.ts`),
  },
  'mistake-lesson': {
    change: (c) =>
      c.edit(`mistakes/${MISTAKE}`, (text) =>
        text.replace(/^\/\/ Lesson: .*$/m, '// Lesson: /ga-ai/06c-model-stream/#exercises'),
      ),
    line: new RegExp(`${at(`mistakes/${MISTAKE}`)}: // Lesson: /ga-ai/06c-model-stream/#exercises — give its `),
  },
  'mistake-compiles': {
    change: (c) => c.edit(`mistakes/${MISTAKE}`, (text) => `${text}\nexport const = ;\n`),
    line: new RegExp(`${at(`mistakes/${MISTAKE}`)}:\\d+:\\d+: .* — fix its syntax$`),
  },
};

describe('each rule, broken in a copy of an exercise, is reported with its file, its field and the fix', () => {
  it('every rule has its broken copy here, and the unbroken copy keeps every rule', async () => {
    expect(Object.keys(BREAKS).sort()).toEqual(RULES.map((rule) => rule.id).sort());
    expect(await checkExercise(ID, copy().root)).toEqual([]);
  });

  for (const rule of RULES)
    it(`${rule.id}: ${rule.rule.slice(0, 70)}…`, async () => {
      const broken = BREAKS[rule.id];
      if (broken === undefined) throw new Error(`no broken copy for the rule ${rule.id}`);
      const c = copy();
      broken.change(c);
      const own = rule.check(await readExercise(ID, c.root));
      expect(own).toEqual(expect.arrayContaining([expect.stringMatching(broken.line)]));
      const all = await checkExercise(ID, c.root);
      expect(all).toEqual(expect.arrayContaining(own));
      expect(all.every((line) => line.startsWith(`${FOLDER}/`) && line.includes(' — '))).toBe(true);
    });
});

describe('the build and astro dev', () => {
  it('stop on a broken exercise with its lines, as an AstroError whose hint says where the rules are', async () => {
    const c = copy();
    BREAKS.schema!.change(c);
    const setup = exerciseContract(c.root).hooks['astro:config:setup'] as () => Promise<void>;
    const thrown = await setup().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(AstroError);
    expect((thrown as AstroError).message).toContain(`${FOLDER}/text.es.json: (the file): `);
    expect((thrown as AstroError).hint).toContain('docs/authoring.md');
    // This project's exercises keep the contract: the build goes on.
    await expect((exerciseContract().hooks['astro:config:setup'] as () => Promise<void>)()).resolves.toBeUndefined();
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

describe('what is made from the contract is up to date (npx node scripts/write-exercise-schemas.ts)', () => {
  it('the JSON Schemas of the text files', () => {
    const exercises = join(PROJECT, 'lessons-code/exercises');
    for (const [name, text] of schemaFiles())
      expect(JSON.parse(readFileSync(join(exercises, name), 'utf8')), name).toEqual(JSON.parse(text));
  });
  it('the list of rules in docs/authoring.md, made from RULES', () => {
    const guide = readFileSync(AUTHORING, 'utf8');
    expect(guide).toBe(withRules(guide));
    for (const rule of RULES) expect(guide.replace(/\s+/g, ' ')).toContain(rule.rule);
  });
});
