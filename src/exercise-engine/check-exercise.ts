// An exercise's files checked against the contract, in Node: each file read and checked against its
// schema (exercise-schema.ts), then the rules between files, RULES below. Every problem is one line
// that names the file, the field and the fix:
//
//   lessons-code/exercises/last-event/text.fr.json: cases.three-reads.hints: 3 — the hints are
//   numbered 1 to 2; give numbers of hints of this text
//
// Called by astro build and astro dev before anything renders (contract-integration.ts), by the
// unit test over every exercise (test/unit/exercise-engine/exercise-contract.test.ts, which also
// breaks a copy of an exercise once per rule) and by the scaffold's test. docs/authoring.md lists
// RULES, made from them by `npx node scripts/write-exercise-schemas.ts`. What needs the exercise's
// code run (cases, verdicts, mistakes failing) stays with the tests that run it.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { z } from 'astro/zod';
import type { ExerciseDefinition } from '../../lessons-code/index.ts';
import { typographyProblems } from '../lib/typography.ts';
import {
  MIN_HINTS,
  MIN_MISTAKES,
  commentsSchema,
  exerciseTextSchema,
  mistakeHeader,
  textSchemaRef,
  type ExerciseTextFile,
  type MistakeHeader,
} from './exercise-schema.ts';
import { transpile } from './transpile.ts';
import { CHANGE_KINDS, LOCALES, type Locale } from './types.ts';
import { alternativesIn, commentBlocks, translateComments, variantOf, type CommentTable } from './variants.ts';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');

/** A learner's file of the exercise (an alternative, a mistake), by its path from the project's root. */
interface CodeFile {
  readonly file: string;
  readonly source: string;
}

/** An exercise's files as the rules see them: each one read, and left out where it is missing or broken. */
export interface ExerciseFiles {
  /** `lessons-code/exercises/<id>`: every problem line starts with it. */
  readonly folder: string;
  /** The files the exercise needs that are not there, by name. */
  readonly missing: readonly string[];
  /** The problems of files that cannot be read: JSON syntax, cases.ts that does not load, exercise.ts's groups. */
  readonly unreadable: readonly string[];
  /** The problems the schemas find, in the texts, the comment tables and the mistakes' headers. */
  readonly invalid: readonly string[];
  /** cases.ts's default export, when it loads. */
  readonly definition: ExerciseDefinition | undefined;
  /** Each text.<locale>.json that keeps its schema. */
  readonly texts: ReadonlyMap<Locale, ExerciseTextFile>;
  /** Each comments.<locale>.json that keeps its schema. */
  readonly comments: ReadonlyMap<Locale, CommentTable>;
  /** exercise.ts, when its groups are well formed. */
  readonly code: string | undefined;
  /** alternatives/*.ts. */
  readonly alternatives: readonly CodeFile[];
  /** mistakes/*.ts, each with its header when the schema accepts it. */
  readonly mistakes: readonly (CodeFile & { readonly header: MistakeHeader | undefined })[];
  /** answer.<locale>.md, where there is one. */
  readonly answers: ReadonlyMap<Locale, string>;
}

/** One rule of an exercise's files: what it asks, as docs/authoring.md lists it, and its check. */
export interface ExerciseRule {
  /** Its name in the tests. */
  readonly id: string;
  /** The rule in a sentence of Markdown. */
  readonly rule: string;
  /** Its problems, one line each. */
  readonly check: (files: ExerciseFiles) => string[];
}

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

/** The first line of an error's message. */
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/** A comment block's words, shortened for a problem line. */
const quoted = (key: string) => JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}…` : key);

/** The case ids of cases.ts, in its order. */
const caseIds = (files: ExerciseFiles) => files.definition?.cases.map((c) => c.id) ?? [];

/** The diagnosis ids the cases of cases.ts declare. */
const declaredDiagnoses = (files: ExerciseFiles) =>
  new Set(files.definition?.cases.flatMap((c) => (c.diagnoses ?? []).map((d) => d.id)) ?? []);

/**
 * Whether a mistake's diagnosis is the engine's own verdict on a value the code changed that its
 * caller keeps (learner-watch.ts): any exercise's code may make that mistake, and no case declares it.
 */
const isChangeKind = (id: string): boolean => (CHANGE_KINDS as readonly string[]).includes(id);

/** Each text that keeps its schema, with its file. */
const eachText = (files: ExerciseFiles) =>
  [...files.texts].map(([locale, text]) => ({ locale, text, file: `${files.folder}/text.${locale}.json` }));

/** The code without its whole-line comments. */
const withoutComments = (code: string) =>
  code
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');

/** The rules of an exercise's files, in the order docs/authoring.md lists them. */
export const RULES: readonly ExerciseRule[] = [
  {
    id: 'files',
    rule:
      'The folder holds `exercise.ts`, `cases.ts`, a `text.<locale>.json` for each language and a ' +
      '`comments.<locale>.json` for each language but English.',
    check: (files) =>
      files.missing.map((name) => `${files.folder}/${name}: missing — write it (docs/authoring.md, "The folder")`),
  },
  {
    id: 'readable',
    rule:
      'Each file can be read: the JSON files are JSON, `cases.ts` loads and exports its definition by ' +
      'default, and the groups of `exercise.ts` (`// #starter`, `// #solution`, `// #alternative <name>`, ' +
      '`// #end`) are well formed.',
    check: (files) => [...files.unreadable],
  },
  {
    id: 'schema',
    rule:
      'Each `text.<locale>.json`, `comments.<locale>.json` and mistake header has the fields of its zod ' +
      'schema in `src/exercise-engine/exercise-schema.ts`, as their descriptions say (the lengths, a ' +
      "`lesson` that links a heading of a page in the text's language, at least one hint per case), " +
      'and no other field.',
    check: (files) => [...files.invalid],
  },
  {
    id: 'json-schema',
    rule: 'Each `text.<locale>.json` names its JSON Schema: `"$schema": "../text.<locale>.schema.json"`.',
    check: (files) =>
      eachText(files)
        .filter(({ locale, text }) => text.$schema !== textSchemaRef(locale))
        .map(
          ({ locale, text, file }) =>
            `${file}: $schema: ${JSON.stringify(text.$schema ?? null)} — write "${textSchemaRef(locale)}" ` +
            '(npx node scripts/write-exercise-schemas.ts writes it)',
        ),
  },
  {
    id: 'text-cases',
    rule: 'Each text has an entry under `cases` for every case of `cases.ts`, and for no other id.',
    check: (files) => {
      if (files.definition === undefined) return [];
      const ids = caseIds(files);
      return eachText(files).flatMap(({ text, file }) => [
        ...ids
          .filter((c) => !Object.hasOwn(text.cases, c))
          .map((c) => `${file}: cases.${c}: missing — give this case of cases.ts its name, checks, lesson and hints`),
        ...Object.keys(text.cases)
          .filter((c) => !ids.includes(c))
          .map((c) => `${file}: cases.${c}: not a case of cases.ts — remove it, or give it the id of a case`),
      ]);
    },
  },
  {
    id: 'hint-count',
    rule: `The English text gives at least ${MIN_HINTS} hints, and each other text as many as the English one.`,
    check: (files) => {
      const english = files.texts.get('en');
      if (english === undefined) return [];
      const total = english.hints.length;
      return [
        ...(total < MIN_HINTS
          ? [`${files.folder}/text.en.json: hints: ${total} — give at least ${MIN_HINTS} hints`]
          : []),
        ...eachText(files)
          .filter(({ text }) => text.hints.length !== total)
          .map(({ text, file }) => `${file}: hints: ${text.hints.length} — give as many as text.en.json (${total})`),
      ];
    },
  },
  {
    id: 'case-hints',
    rule: "A case's `hints` are the numbers of hints of its text, from 1, and the same numbers in every language.",
    check: (files) => {
      const english = files.texts.get('en');
      return eachText(files).flatMap(({ locale, text, file }) =>
        Object.entries(text.cases).flatMap(([id, entry]) => {
          const outside = entry.hints.filter((n) => n > text.hints.length);
          const en = english?.cases[id];
          return [
            ...(outside.length > 0
              ? [
                  `${file}: cases.${id}.hints: ${outside.join(', ')} — the hints are numbered 1 to ` +
                    `${text.hints.length}; give numbers of hints of this text`,
                ]
              : []),
            ...(locale !== 'en' && en && entry.hints.join() !== en.hints.join()
              ? [`${file}: cases.${id}.hints: [${entry.hints}] — give the same as text.en.json, [${en.hints}]`]
              : []),
          ];
        }),
      );
    },
  },
  {
    id: 'hint-used',
    rule: "Every hint helps at least one case: its number is in some case's `hints`.",
    check: (files) =>
      eachText(files).flatMap(({ text, file }) => {
        const used = new Set(Object.values(text.cases).flatMap((entry) => entry.hints));
        return text.hints.flatMap((_, index) =>
          used.has(index + 1)
            ? []
            : [`${file}: hints.${index}: helps no case — add ${index + 1} to the hints of the cases it helps`],
        );
      }),
  },
  {
    id: 'same-page',
    rule:
      'In the other languages, the `lesson` of a case or a diagnosis links the page the English ' +
      "`lesson` links, at a heading of that language's page.",
    check: (files) => {
      const english = files.texts.get('en');
      if (english === undefined) return [];
      return eachText(files)
        .filter(({ locale }) => locale !== 'en')
        .flatMap(({ text, file }) => {
          type Link = [field: string, lesson: string, english: string | undefined];
          const links: Link[] = [
            ...Object.entries(text.cases).map(([id, c]): Link => [`cases.${id}`, c.lesson, english.cases[id]?.lesson]),
            ...Object.entries(text.diagnoses ?? {}).map(
              ([id, d]): Link => [`diagnoses.${id}`, d.lesson, english.diagnoses?.[id]?.lesson],
            ),
          ];
          return links
            .filter(([, lesson, en]) => en !== undefined && pageOf(lesson) !== pageOf(en))
            .map(
              ([field, lesson, en]) =>
                `${file}: ${field}.lesson: ${lesson} — link the page text.en.json links, ${pageOf(en!)}`,
            );
        });
    },
  },
  {
    id: 'diagnoses',
    rule:
      'Every diagnosis that a case of `cases.ts` declares has its `text` and `lesson` under `diagnoses` ' +
      'in every language, and `diagnoses` holds no other.',
    check: (files) => {
      if (files.definition === undefined) return [];
      const declared = declaredDiagnoses(files);
      return eachText(files).flatMap(({ text, file }) => {
        const written = Object.keys(text.diagnoses ?? {});
        return [
          ...[...declared]
            .filter((d) => !written.includes(d))
            .map((d) => `${file}: diagnoses.${d}: missing — give its text and lesson (cases.ts declares it)`),
          ...written
            .filter((d) => !declared.has(d))
            .map((d) => `${file}: diagnoses.${d}: declared by no case of cases.ts — remove it, or declare it there`),
        ];
      });
    },
  },
  {
    id: 'strings',
    rule: '`strings` has the same keys in every language.',
    check: (files) => {
      const english = files.texts.get('en');
      if (english === undefined) return [];
      const keys = Object.keys(english.strings ?? {});
      return eachText(files).flatMap(({ text, file }) => {
        const mine = Object.keys(text.strings ?? {});
        return [
          ...keys.filter((k) => !mine.includes(k)).map((k) => `${file}: strings.${k}: missing — translate it`),
          ...mine
            .filter((k) => !keys.includes(k))
            .map((k) => `${file}: strings.${k}: not in text.en.json — remove it, or add it there`),
        ];
      });
    },
  },
  {
    id: 'typography',
    rule:
      "The prose (the title, the cases' names and checks, the hints, the diagnoses, the strings, " +
      "`answer.<locale>.md`) follows its language's typography, as `content/i18n/TERMINOLOGY.md` says " +
      'and `src/lib/typography.ts` checks: in French U+00A0 before `:` and `»` and after `«`, U+202F ' +
      'before `;`, `!` and `?`; in Spanish «…» with no space inside; in English curly quotes; ’ in all ' +
      'three. Code between backquotes is left alone.',
    // Not the code's comments (comments.<locale>.json): code keeps plain spaces, as a no-break space
    // in source code is invisible in an editor and a trap for whoever copies it.
    check: (files) => {
      const fix = 'write it as content/i18n/TERMINOLOGY.md, "Typography", says';
      const texts = eachText(files).flatMap(({ locale, text, file }) =>
        (
          [
            ['title', text.title],
            ...Object.entries(text.cases).flatMap(([id, c]) => [
              [`cases.${id}.name`, c.name],
              [`cases.${id}.checks`, c.checks],
            ]),
            ...text.hints.map((hint, index) => [`hints.${index}`, hint]),
            ...Object.entries(text.diagnoses ?? {}).map(([id, d]) => [`diagnoses.${id}.text`, d.text]),
            ...Object.entries(text.strings ?? {}).map(([key, value]) => [`strings.${key}`, value]),
          ] as [field: string, prose: string][]
        ).flatMap(([field, prose]) =>
          typographyProblems(prose, locale).map((problem) => `${file}: ${field}: ${problem} — ${fix}`),
        ),
      );
      const answers = [...files.answers].flatMap(([locale, answer]) =>
        answer
          .split('\n\n')
          .flatMap((paragraph, index) =>
            typographyProblems(paragraph, locale).map(
              (problem) => `${files.folder}/answer.${locale}.md: paragraph ${index + 1}: ${problem} — ${fix}`,
            ),
          ),
      );
      return [...texts, ...answers];
    },
  },
  {
    id: 'starter',
    rule: 'The starter is not the reference solution: their code differs in more than its comments.',
    check: (files) =>
      files.code !== undefined &&
      withoutComments(variantOf(files.code, 'starter')) === withoutComments(variantOf(files.code, 'solution'))
        ? [
            `${files.folder}/exercise.ts: // #starter: the starter's code is the solution's — give the starter ` +
              'its own lines in a // #starter branch',
          ]
        : [],
  },
  {
    id: 'comments',
    rule:
      'Each `comments.<locale>.json` translates every block of comments of the starter and the ' +
      'solution, and holds no block that neither has.',
    check: (files) => {
      if (files.code === undefined) return [];
      const variants = (['starter', 'solution'] as const).map((kind) => variantOf(files.code!, kind));
      const blocks = new Set(variants.flatMap((code) => commentBlocks(code).map((block) => block.key)));
      return [...files.comments].flatMap(([locale, table]) => {
        const file = `${files.folder}/comments.${locale}.json`;
        const missing = new Set(variants.flatMap((code) => translateComments(code, table).missing));
        return [
          ...[...missing].map((key) => `${file}: ${quoted(key)}: missing — translate this comment of exercise.ts`),
          ...Object.keys(table)
            .filter((key) => !blocks.has(key))
            .map(
              (key) =>
                `${file}: ${quoted(key)}: no comment of the starter or the solution has these words — ` +
                'remove it, or give it the words of the English block',
            ),
        ];
      });
    },
  },
  {
    id: 'alternative',
    rule:
      'There is at least one other right answer, as an `// #alternative <name>` group of `exercise.ts` ' +
      'or a file of `alternatives/`, and each compiles.',
    check: (files) => {
      if (files.code === undefined) return [];
      const named = alternativesIn(files.code);
      const problems = [
        ...named.map((name) => ({
          file: `${files.folder}/exercise.ts: // #alternative ${name}`,
          source: variantOf(files.code!, `alternative:${name}`),
        })),
        ...files.alternatives,
      ].flatMap(({ file, source }) => compileProblems(file, source));
      if (named.length + files.alternatives.length === 0)
        problems.push(
          `${files.folder}/alternatives/: no other right answer — write one in an // #alternative <name> group ` +
            'of exercise.ts or in alternatives/<name>.ts',
        );
      return problems;
    },
  },
  {
    id: 'generated',
    rule:
      "An exercise whose answer is code (not `kind: 'prediction'`) has at least one generated case " +
      "(`kind: 'generated'`).",
    check: (files) =>
      files.definition !== undefined &&
      files.definition.kind !== 'prediction' &&
      !files.definition.cases.some((c) => c.kind === 'generated')
        ? [
            `${files.folder}/cases.ts: cases: no generated case — add one after the chosen cases ` +
              '(docs/authoring.md, "Generated cases")',
          ]
        : [],
  },
  {
    id: 'mistake-count',
    rule: `\`mistakes/\` holds at least ${MIN_MISTAKES} plausible wrong answers, one per file.`,
    check: (files) =>
      files.mistakes.length < MIN_MISTAKES
        ? [
            `${files.folder}/mistakes/: ${files.mistakes.length} file(s) — write at least ${MIN_MISTAKES} ` +
              'plausible mistakes, each with its four-field header (docs/authoring.md, "Mistakes")',
          ]
        : [],
  },
  {
    id: 'mistake-fails',
    rule: "A mistake's `Fails` names cases of `cases.ts`, in their order there.",
    check: (files) => {
      if (files.definition === undefined) return [];
      const ids = caseIds(files);
      return files.mistakes.flatMap(({ file, header }) => {
        if (header === undefined) return [];
        const unknown = header.Fails.filter((c) => !ids.includes(c));
        if (unknown.length > 0)
          return unknown.map((c) => `${file}: // Fails: ${c} — not a case of cases.ts; name its cases`);
        const ordered = ids.filter((c) => header.Fails.includes(c));
        return ordered.join() === header.Fails.join()
          ? []
          : [
              `${file}: // Fails: ${header.Fails.join(', ')} — write them in the order of cases.ts: ` +
                ordered.join(', '),
            ];
      });
    },
  },
  {
    id: 'mistake-diagnosis',
    rule:
      "A mistake's `Diagnosis` names diagnoses that cases of `cases.ts` declare, or the engine's verdict on a value " +
      'the code changed that its caller keeps (`changed-argument`, `changed-result`).',
    check: (files) => {
      if (files.definition === undefined) return [];
      const declared = declaredDiagnoses(files);
      return files.mistakes.flatMap(({ file, header }) =>
        (header?.Diagnosis ?? [])
          .filter((d) => !declared.has(d) && !isChangeKind(d))
          .map(
            (d) =>
              `${file}: // Diagnosis: ${d} — declared by no case of cases.ts; declare it on the case that shows it`,
          ),
      );
    },
  },
  {
    id: 'mistake-lesson',
    rule:
      "A mistake's `Lesson` is the English `lesson` of its first diagnosis, or of its first failing case when that " +
      'diagnosis is the engine’s verdict on a changed value.',
    check: (files) =>
      files.mistakes.flatMap(({ file, header }) => {
        if (header === undefined) return [];
        const english = files.texts.get('en');
        const first = header.Diagnosis[0]!;
        const lesson = isChangeKind(first)
          ? english?.cases[header.Fails[0]!]?.lesson
          : english?.diagnoses?.[first]?.lesson;
        const whose = isChangeKind(first) ? `its first failing case's (${header.Fails[0]})` : "its diagnosis's";
        return lesson !== undefined && lesson !== header.Lesson
          ? [`${file}: // Lesson: ${header.Lesson} — give ${whose} lesson, ${lesson}`]
          : [];
      }),
  },
  {
    id: 'mistake-compiles',
    rule: 'A mistake file compiles.',
    check: (files) => files.mistakes.flatMap(({ file, source }) => compileProblems(file, source)),
  },
];

/** A learner's file that sucrase cannot compile, as the page's checker compiles it (transpile.ts). */
function compileProblems(file: string, source: string): string[] {
  const result = transpile(source);
  if (result.ok) return [];
  const { message, line, column } = result.problem;
  return [`${file}${line === null ? '' : `:${line}:${column}`}: ${message} — fix its syntax`];
}

/** The .ts files of a folder of the exercise, by name. */
const codeFiles = (root: string, folder: string): CodeFile[] => {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ file: `${folder}/${name}`, source: readFileSync(join(dir, name), 'utf8') }));
};

/**
 * Reads an exercise's files for the rules. `fresh` loads cases.ts again even if it was loaded
 * before (astro dev, after an edit).
 */
export async function readExercise(id: string, root: string = PROJECT, fresh = false): Promise<ExerciseFiles> {
  const folder = `lessons-code/exercises/${id}`;
  const missing: string[] = [];
  const unreadable: string[] = [];
  const invalid: string[] = [];
  const read = (name: string): string | undefined => {
    if (existsSync(join(root, folder, name))) return readFileSync(join(root, folder, name), 'utf8');
    missing.push(name);
    return undefined;
  };
  /** A JSON file's value when it keeps its schema. */
  const readJson = <T>(name: string, schema: z.ZodType): T | undefined => {
    const text = read(name);
    if (text === undefined) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      unreadable.push(`${folder}/${name}: not JSON (${firstLine(error)}) — fix its syntax`);
      return undefined;
    }
    const found = schemaProblems(`${folder}/${name}`, schema, value);
    invalid.push(...found);
    return found.length === 0 ? (value as T) : undefined;
  };

  const code = read('exercise.ts');
  let groups: string | undefined;
  if (code !== undefined)
    try {
      alternativesIn(code, `${folder}/exercise.ts`);
      groups = code;
    } catch (error) {
      unreadable.push(`${firstLine(error)} — see docs/authoring.md, "exercise.ts: one file for every variant"`);
    }

  let definition: ExerciseDefinition | undefined;
  const cases = join(root, folder, 'cases.ts');
  if (existsSync(cases)) {
    const url = pathToFileURL(cases).href + (fresh ? `?t=${statSync(cases).mtimeMs}` : '');
    try {
      const loaded = ((await import(url)) as { default?: ExerciseDefinition }).default;
      if (Array.isArray(loaded?.cases)) definition = loaded;
      else
        unreadable.push(
          `${folder}/cases.ts: export default: not an exercise definition — export default the ExerciseDefinition`,
        );
    } catch (error) {
      unreadable.push(`${folder}/cases.ts: does not load (${firstLine(error)}) — fix what the error names`);
    }
  } else missing.push('cases.ts');

  const texts = new Map<Locale, ExerciseTextFile>();
  for (const locale of LOCALES) {
    const text = readJson<ExerciseTextFile>(`text.${locale}.json`, exerciseTextSchema(locale));
    if (text !== undefined) texts.set(locale, text);
  }
  const comments = new Map<Locale, CommentTable>();
  for (const locale of TRANSLATED) {
    const table = readJson<CommentTable>(`comments.${locale}.json`, commentsSchema);
    if (table !== undefined) comments.set(locale, table);
  }
  const mistakes = codeFiles(root, `${folder}/mistakes`).map(({ file, source }) => {
    const header = mistakeHeader(source);
    if (!header.success)
      invalid.push(
        ...header.error.issues.map(
          (issue) =>
            `${file}: // ${fieldPath(issue.path)}: ${issue.message} — the first comment holds Mistake, Lesson, ` +
            'Fails and Diagnosis (docs/authoring.md, "Mistakes")',
        ),
      );
    return { file, source, header: header.success ? header.data : undefined };
  });
  const answers = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const path = join(root, folder, `answer.${locale}.md`);
    if (existsSync(path)) answers.set(locale, readFileSync(path, 'utf8'));
  }
  return {
    folder,
    missing,
    unreadable,
    invalid,
    definition,
    texts,
    comments,
    code: groups,
    alternatives: codeFiles(root, `${folder}/alternatives`),
    mistakes,
    answers,
  };
}

/**
 * Every problem of an exercise's files, one line each naming the file, the field and the fix, rule
 * by rule; none when the files keep the contract. `root` is the project's folder; `fresh` as
 * readExercise's.
 */
export async function checkExercise(id: string, root: string = PROJECT, fresh = false): Promise<string[]> {
  const folder = `lessons-code/exercises/${id}`;
  if (!existsSync(join(root, folder, 'cases.ts')))
    return [`${folder}/cases.ts: missing — an exercise is a folder with a cases.ts`];
  const files = await readExercise(id, root, fresh);
  return RULES.flatMap((rule) => rule.check(files));
}
