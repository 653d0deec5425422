// An exercise's files checked against the contract, in Node: each file against its schema
// (exercise-schema.ts), then the rules between files. Every problem is one line that names the
// file, the field and the fix:
//
//   lessons-code/exercises/last-event/text.fr.json: cases.three-reads.hints: [1, 3] — the hints
//   are numbered 1 to 2; give numbers of hints of this text
//
// Called by the unit test over every exercise (test/unit/exercise-engine/exercise-contract.test.ts)
// and by the scaffold's test. The rules that need the exercise's code run (cases, verdicts,
// mistakes failing) stay with the tests that run it.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'astro/zod';
import {
  MIN_HINTS,
  MIN_MISTAKES,
  commentsSchema,
  exerciseTextSchema,
  mistakeHeader,
  type MistakeHeader,
} from './exercise-schema.ts';
import { LOCALES, type Locale } from './types.ts';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
/** The path of a field in a file, as a reader finds it: `cases.three-reads.hints`. */
const fieldPath = (path: readonly PropertyKey[]) => (path.length === 0 ? '(the file)' : path.map(String).join('.'));

/** A schema's problems with a value, one line each. */
function schemaProblems(file: string, schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map(
    (issue) => `${file}: ${fieldPath(issue.path)}: ${issue.message} — see its description in exercise-schema.ts`,
  );
}

/** The page a section link names, without its language. */
const pageOf = (link: string) => link.replace(/^\/(es|fr)\//, '/').replace(/#.*$/, '');

/**
 * Every problem of an exercise's text, comment and mistake files, one line each naming the file,
 * the field and the fix; none when the files keep the contract. `root` is the project's folder.
 */
export function checkExercise(id: string, root: string = PROJECT): string[] {
  const folder = `lessons-code/exercises/${id}`;
  const dir = join(root, folder);
  if (!existsSync(join(dir, 'cases.ts')))
    return [`${folder}/cases.ts: missing — an exercise is a folder with a cases.ts`];
  const problems: string[] = [];
  const readJson = (name: string): unknown => {
    const file = `${folder}/${name}`;
    if (!existsSync(join(root, file))) {
      problems.push(`${file}: missing — write it (docs/authoring.md, "Adding an exercise")`);
      return undefined;
    }
    try {
      return JSON.parse(readFileSync(join(root, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not JSON (${(error as Error).message}) — fix its syntax`);
      return undefined;
    }
  };

  // Each text against its schema.
  type Text = z.output<ReturnType<typeof exerciseTextSchema>>;
  const texts = new Map<Locale, Text>();
  for (const locale of LOCALES) {
    const file = `${folder}/text.${locale}.json`;
    const value = readJson(`text.${locale}.json`);
    if (value === undefined) continue;
    const found = schemaProblems(file, exerciseTextSchema(locale), value);
    problems.push(...found);
    if (found.length === 0) texts.set(locale, value as Text);
  }

  // The texts between themselves: the same cases, hints and diagnoses, on the same pages.
  const english = texts.get('en');
  if (english) {
    const caseIds = Object.keys(english.cases);
    const total = english.hints.length;
    if (total < MIN_HINTS)
      problems.push(
        `${folder}/text.en.json: hints: ${total} — give at least ${MIN_HINTS} hints, the same in every language`,
      );
    for (const [locale, text] of texts) {
      const file = `${folder}/text.${locale}.json`;
      const ids = Object.keys(text.cases);
      for (const missing of caseIds.filter((c) => !ids.includes(c)))
        problems.push(`${file}: cases.${missing}: missing — give it as text.en.json does`);
      for (const extra of ids.filter((c) => !caseIds.includes(c)))
        problems.push(`${file}: cases.${extra}: not a case of text.en.json — remove it or rename it`);
      if (text.hints.length !== total)
        problems.push(`${file}: hints: ${text.hints.length} — give as many hints as text.en.json (${total})`);
      const used = new Set<number>();
      for (const [caseId, entry] of Object.entries(text.cases)) {
        const outside = entry.hints.filter((n) => n > text.hints.length);
        if (outside.length > 0)
          problems.push(
            `${file}: cases.${caseId}.hints: ${outside.join(', ')} — the hints are numbered 1 to ` +
              `${text.hints.length}; give numbers of hints of this text`,
          );
        for (const n of entry.hints) used.add(n);
        const en = english.cases[caseId];
        if (locale !== 'en' && en && entry.hints.join() !== en.hints.join())
          problems.push(
            `${file}: cases.${caseId}.hints: [${entry.hints}] — give the same as text.en.json, [${en.hints}]`,
          );
        if (locale !== 'en' && en && pageOf(entry.lesson) !== pageOf(en.lesson))
          problems.push(`${file}: cases.${caseId}.lesson: ${entry.lesson} — link the page text.en.json links`);
      }
      for (let n = 1; n <= text.hints.length; n++)
        if (!used.has(n)) problems.push(`${file}: hints.${n - 1}: helps no case — name it in a case's hints`);
      const diagnoses = Object.keys(english.diagnoses ?? {});
      const mine = Object.keys(text.diagnoses ?? {});
      for (const missing of diagnoses.filter((d) => !mine.includes(d)))
        problems.push(`${file}: diagnoses.${missing}: missing — give it as text.en.json does`);
      for (const extra of mine.filter((d) => !diagnoses.includes(d)))
        problems.push(`${file}: diagnoses.${extra}: not a diagnosis of text.en.json — remove it or rename it`);
      for (const [d, entry] of Object.entries(text.diagnoses ?? {})) {
        const en = english.diagnoses?.[d];
        if (locale !== 'en' && en && pageOf(entry.lesson) !== pageOf(en.lesson))
          problems.push(`${file}: diagnoses.${d}.lesson: ${entry.lesson} — link the page text.en.json links`);
      }
    }
  }

  // The comments' translations.
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    const value = readJson(`comments.${locale}.json`);
    if (value !== undefined)
      problems.push(...schemaProblems(`${folder}/comments.${locale}.json`, commentsSchema, value));
  }

  // The mistake files: enough of them, each header whole and naming this exercise's cases and diagnoses.
  const mistakesDir = join(dir, 'mistakes');
  const names = existsSync(mistakesDir) ? readdirSync(mistakesDir).filter((name) => name.endsWith('.ts')) : [];
  if (names.length < MIN_MISTAKES)
    problems.push(
      `${folder}/mistakes/: ${names.length} file(s) — write at least ${MIN_MISTAKES} plausible mistakes, ` +
        'each with its four-field header (docs/authoring.md, "Mistakes")',
    );
  for (const name of names.sort()) {
    const file = `${folder}/mistakes/${name}`;
    const result = mistakeHeader(readFileSync(join(mistakesDir, name), 'utf8'));
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push(
          `${file}: // ${fieldPath(issue.path)}: ${issue.message} — the first comment holds Mistake, Lesson, ` +
            'Fails and Diagnosis (docs/authoring.md, "Mistakes")',
        );
      continue;
    }
    const header: MistakeHeader = result.data;
    if (!english) continue;
    for (const c of header.Fails.filter((c) => !(c in english.cases)))
      problems.push(`${file}: // Fails: ${c} — not a case of ${id}; name cases of text.en.json`);
    for (const d of header.Diagnosis.filter((d) => !(d in (english.diagnoses ?? {}))))
      problems.push(`${file}: // Diagnosis: ${d} — not a diagnosis of text.en.json; give it a text there`);
    const first = english.diagnoses?.[header.Diagnosis[0]!];
    if (first && first.lesson !== header.Lesson)
      problems.push(`${file}: // Lesson: ${header.Lesson} — give its diagnosis's lesson, ${first.lesson}`);
  }
  return problems;
}
