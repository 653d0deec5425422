// The shape of an exercise's files as data, each field described: text.<locale>.json (the
// exercise's prose, `ExerciseText` in lessons-code/exercises/contract.ts), comments.<locale>.json
// (the translations of the code's comments) and the four-field header of a mistake file
// (mistakes/*.ts). check-exercise.ts checks the files with them, then the rules between files;
// docs/authoring.md says what each file is for.

import { z } from 'astro/zod';
import type { Locale } from './types.ts';

/** A link from the site's root to a section of a page of the course, in a language. */
const SECTION_LINK: Record<Locale, RegExp> = {
  en: /^\/ga-ai\/[a-z0-9-]+\/#[^\s#/]+$/,
  es: /^\/es\/ga-ai\/[a-z0-9-]+\/#[^\s#/]+$/,
  fr: /^\/fr\/ga-ai\/[a-z0-9-]+\/#[^\s#/]+$/,
};

/** The least a text says: a title, a case's name, what it checks, a mistake's description. */
const MIN_LENGTH = { title: 6, caseName: 6, checks: 11, mistake: 21, diagnosis: 21 } as const;
/** Hints an exercise gives at least, and mistake files it has at least. */
export const MIN_HINTS = 2;
export const MIN_MISTAKES = 4;

/** A language's part of a link from the site's root: '' in English, '/es', '/fr'. */
const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

const lesson = (locale: Locale) =>
  z
    .string()
    .regex(SECTION_LINK[locale], {
      message: `not a link to a heading of a page: write ${prefix(locale)}/ga-ai/<page>/#<heading>`,
    })
    .describe(
      'The section of the course its check rests on: a link from the site’s root to a heading of a page ' +
        `in this language (${prefix(locale)}/ga-ai/06-answer-on-the-wire/#…).`,
    );

/** text.<locale>.json. */
export function exerciseTextSchema(locale: Locale) {
  return z
    .strictObject({
      $schema: z.string().optional().describe('The JSON Schema an editor checks this file with.'),
      title: z.string().min(MIN_LENGTH.title).describe('The exercise’s title, as the page’s heading shows it.'),
      cases: z
        .record(
          z.string().describe('A case id of cases.ts.'),
          z
            .strictObject({
              name: z.string().min(MIN_LENGTH.caseName).describe('The case’s name, shown beside its verdict.'),
              checks: z.string().min(MIN_LENGTH.checks).describe('One sentence on what the case checks.'),
              lesson: lesson(locale),
              hints: z
                .array(z.number().int().min(1).describe('The number of a hint of this text, from 1.'))
                .min(1)
                .describe('The numbers, from 1, of the hints that help with this case, in the order offered.'),
            })
            .describe('One case’s prose.'),
        )
        .describe('Per case id of cases.ts: its name, what it checks, its lesson and its hints.'),
      hints: z
        .array(z.string().min(1).describe('One hint, a sentence or two.'))
        .describe('The hints, opened one at a time on request; `backquoted` parts show as code.'),
      diagnoses: z
        .record(
          z.string().describe('A diagnosis id declared in cases.ts.'),
          z
            .strictObject({
              text: z
                .string()
                .min(MIN_LENGTH.diagnosis)
                .describe('The sentence that names the mistake; `backquoted` parts show as code.'),
              lesson: lesson(locale),
            })
            .describe('One diagnosis’s prose.'),
        )
        .optional()
        .describe('Per diagnosis id declared in cases.ts: its sentence and the section that explains the rule.'),
      strings: z
        .record(z.string(), z.string().describe('One string the definition shows, by its key.'))
        .optional()
        .describe('Anything else the definition shows (notes, captions, proof sentences), by key.'),
    })
    .describe(`An exercise’s prose in ${locale}: lessons-code/exercises/<id>/text.${locale}.json.`);
}

export type ExerciseTextFile = z.output<ReturnType<typeof exerciseTextSchema>>;

/** What a text.<locale>.json's "$schema" says: the JSON Schema made from exerciseTextSchema, beside the folders. */
export const textSchemaRef = (locale: Locale) => `../text.${locale}.schema.json`;

/** comments.<locale>.json. */
export const commentsSchema = z
  .record(
    z.string().min(1).describe('An English comment block of exercise.ts, its lines joined by one space.'),
    z
      .array(z.string().describe('One line of the translated comment.'))
      .min(1)
      .describe('Its translation, line by line, as the learner’s file shows it.'),
  )
  .describe('The translations of the comments of exercise.ts’s starter and solution: comments.<locale>.json.');

/** A list of ids written `a, b, c`. */
const idList = (what: string) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1))
    .describe(what);

/** The four fields of a mistake file's first comment. */
export const mistakeHeaderSchema = z
  .strictObject({
    Mistake: z
      .string()
      .min(MIN_LENGTH.mistake)
      .describe('What the code does wrong, in the learner’s terms (may run over several lines).'),
    Lesson: lesson('en'),
    Fails: idList('Every case that must not pass, in the order of cases.ts, comma-separated.'),
    Diagnosis: idList(
      'The diagnosis the first failing case shows, then any others the same wrong idea brings, comma-separated.',
    ),
  })
  .describe('The first comment of lessons-code/exercises/<id>/mistakes/<name>.ts: four fields.');

export type MistakeHeader = z.output<typeof mistakeHeaderSchema>;

const FIELDS = ['Mistake', 'Lesson', 'Fails', 'Diagnosis'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The fields of a mistake file's first comment, as written: its lines up to the first that is not
 * a comment or is an empty comment, each `Field: value` starting a field and any other line going on
 * with the field before it (a long mistake, a long list of cases). A field not written is absent.
 */
function mistakeHeaderFields(source: string): Partial<Record<Field, string>> {
  const header: Partial<Record<Field, string>> = {};
  let field: Field | null = null;
  for (const line of source.split('\n')) {
    const text = /^\s*\/\/(.*)$/.exec(line)?.[1]!.trim();
    if (!text) break;
    const start = /^(\w+):\s*(.*)$/.exec(text);
    if (start && (FIELDS as readonly string[]).includes(start[1]!)) {
      field = start[1] as Field;
      header[field] = start[2]!;
    } else if (field !== null) header[field] += ` ${text}`;
  }
  return header;
}

/** A mistake file's header read and checked: its four fields, or what the schema finds wrong. */
export const mistakeHeader = (source: string) => mistakeHeaderSchema.safeParse(mistakeHeaderFields(source));
