// `npm run new:exercise -- <id> --page <page>`: a new exercise, ready to be rewritten. It writes the
// folder lessons-code/exercises/<id>/ (a small working exercise: the code with its starter and
// reference solution, its cases with a diagnosis, its texts and comments in English, Spanish and
// French, an alternative right answer and a plausible mistake) and the exercise's section on the
// page in the three languages (docs/authoring.md says what each file is for). Every phase of
// `npm test` passes on what it writes; the author then replaces the example with the exercise.
//
//   npm run new:exercise -- last-event --page 06d
//
// It refuses an id that is taken or not of lowercase letters, digits and hyphens, and a page that
// does not exist, and says why. `--root <dir>` writes into another copy of the project (the tests).

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const LOCALES = ['en', 'es', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

/** The heading of a page's exercises section, and the ones it goes before when a page has none. */
const EXERCISES_HEADING: Record<Locale, string> = { en: 'Exercises', es: 'Ejercicios', fr: 'Exercices' };
const CLOSING_HEADINGS: Record<Locale, string[]> = {
  en: ['Key takeaways', 'Sources'],
  es: ['Lo esencial', 'Fuentes'],
  fr: ['L’essentiel', 'À retenir', 'Sources'],
};

/** The example's words, per language: what the author rewrites first. */
const WORDS: Record<
  Locale,
  {
    title: string;
    intro: string;
    caseName: string;
    checks: string;
    hints: [string, string];
    diagnosis: string;
    comment: string;
    sectionIntro: string;
  }
> = {
  en: {
    title: 'The last event',
    intro: 'Write `lastData`: the data of the last event of a stream that arrives in two reads.',
    caseName: 'A stream in two reads',
    checks: '`lastData` returns the data of the last event of the stream: `"b"`.',
    hints: [
      'Read the whole body first: `await new Response(body).text()`.',
      '`readStandard` from lessons-code gives the data of every event; take the last one with `.at(-1)`.',
    ],
    diagnosis: 'Your function returned the data of the first event, `"a"`: the last one is at the end of the list.',
    comment: 'Return the data of the last event of the stream.',
    sectionIntro: 'Each exercise has an editor in the page that checks your answer.',
  },
  es: {
    title: 'El último evento',
    intro: 'Escribe `lastData`: los datos del último evento de un flujo que llega en dos lecturas.',
    caseName: 'Un flujo en dos lecturas',
    checks: '`lastData` devuelve los datos del último evento del flujo: `"b"`.',
    hints: [
      'Lee primero el cuerpo entero: `await new Response(body).text()`.',
      '`readStandard`, de lessons-code, da los datos de cada evento; toma el último con `.at(-1)`.',
    ],
    diagnosis: 'Tu función devolvió los datos del primer evento, `"a"`: el último está al final de la lista.',
    comment: 'Devuelve los datos del último evento del flujo.',
    sectionIntro: 'Cada ejercicio tiene en la página un editor que comprueba tu respuesta.',
  },
  fr: {
    title: 'Le dernier événement',
    intro: 'Écrivez `lastData`\u00a0: les données du dernier événement d’un flux qui arrive en deux lectures.',
    caseName: 'Un flux en deux lectures',
    checks: '`lastData` renvoie les données du dernier événement du flux\u00a0: `"b"`.',
    hints: [
      'Lisez d’abord tout le corps\u00a0: `await new Response(body).text()`.',
      '`readStandard`, de lessons-code, donne les données de chaque événement\u00a0; prenez le dernier avec `.at(-1)`.',
    ],
    diagnosis:
      'Votre fonction a renvoyé les données du premier événement, `"a"`\u00a0: le dernier est à la fin de la liste.',
    comment: 'Renvoyez les données du dernier événement du flux.',
    sectionIntro: 'Chaque exercice a dans la page un éditeur qui vérifie votre réponse.',
  },
};

const EXERCISE_TS = `// #solution
import { readStandard } from 'lessons-code';

// #end
// #starter
// // ${WORDS.en.comment}
// #end
export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  // #starter
  // return '';
  // #solution
  const text = await new Response(body).text();
  return readStandard(text).at(-1) ?? '';
  // #end
}
`;

const CASES_TS = `// The example exercise \`npm run new:exercise\` writes (docs/authoring.md): rewrite it.

import { readStandard, type ExerciseCase, type ExerciseDefinition } from 'lessons-code';

const READS = ['data: a\\n', '\\ndata: b\\n\\n'];

const definition: ExerciseDefinition = {
  exports: { lastData: 'function' },
  cases: [
    {
      id: 'two-reads',
      uses: ['lastData'],
      run: (learner) => learner.call('lastData', learner.stream(READS)),
      expected: readStandard(READS.join('')).at(-1),
      input: (tools) => ({ kind: 'code', text: tools.showValue(READS) }),
      diagnoses: [{ id: 'first-event', recognize: (outcome) => outcome.kind === 'value' && outcome.value === 'a' }],
    } satisfies ExerciseCase<unknown>,
  ],
};

export default definition;
`;

const ALTERNATIVE_TS = `// Another right answer: the body read chunk by chunk, then the last event's data.
import { readStandard } from 'lessons-code';

export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read())
    text += decoder.decode(read.value, { stream: true });
  text += decoder.decode();
  const events = readStandard(text);
  return events[events.length - 1] ?? '';
}
`;

function mistakeTs(lesson: string): string {
  return `// Mistake: returns the data of the first event instead of the last one.
// Lesson: ${lesson}
// Fails: two-reads
// Diagnosis: first-event
import { readStandard } from 'lessons-code';

export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  return readStandard(text)[0] ?? '';
}
`;
}

class Refused extends Error {}

interface Options {
  id: string;
  page: string;
  root: string;
}

function parseArgs(argv: readonly string[]): Options {
  let id: string | undefined;
  let page: string | undefined;
  let root = process.cwd();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--page') page = argv[++i];
    else if (arg === '--root') root = resolve(argv[++i] ?? '.');
    else if (!arg.startsWith('--') && id === undefined) id = arg;
    else throw new Refused(`unknown argument ${arg}`);
  }
  if (!id || !page) throw new Refused('usage: npm run new:exercise -- <id> --page <page> (06, 06b, 06c or 06d)');
  return { id, page, root };
}

/** The page's file name (without .mdx) whose name starts with `page` and a hyphen, or its whole name. */
function pageFile(root: string, page: string): string {
  const dir = join(root, 'content/docs/ga-ai');
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.mdx')) : [];
  const found = names.filter((name) => name === `${page}.mdx` || name.startsWith(`${page}-`));
  if (found.length !== 1)
    throw new Refused(
      `no page "${page}": choose one of ${names.map((name) => name.split('-')[0]).join(', ')} (content/docs/ga-ai/)`,
    );
  return found[0]!.replace(/\.mdx$/, '');
}

const docPath = (root: string, locale: Locale, page: string) =>
  join(root, 'content/docs', locale === 'en' ? '' : locale, 'ga-ai', `${page}.mdx`);

/** The page's link from the site's root to its exercises section, in `locale`. */
const sectionLink = (locale: Locale, page: string) =>
  `${locale === 'en' ? '' : `/${locale}`}/ga-ai/${page}/#${EXERCISES_HEADING[locale].toLowerCase()}`;

/** The page's MDX with the exercise's section added (and the exercises section, and its imports, if it had none). */
export function withSection(mdx: string, locale: Locale, id: string, depth: number): string {
  const lines = mdx.split('\n');
  const headingAt = (text: string) => lines.findIndex((line) => line === `## ${text}`);
  const imports: string[] = [];
  const up = '../'.repeat(depth);
  for (const [name, file] of [
    ['Exercise', 'Exercise.astro'],
    ['ExerciseProgress', 'ExerciseProgress.astro'],
  ])
    if (!new RegExp(`^import ${name} from`, 'm').test(mdx))
      imports.push(`import ${name} from '${up}src/workbench/${file}';`);
  const words = WORDS[locale];
  let start = headingAt(EXERCISES_HEADING[locale]);
  if (start < 0) {
    const closing = CLOSING_HEADINGS[locale].map(headingAt).filter((i) => i >= 0);
    const at = closing.length > 0 ? Math.min(...closing) : lines.length;
    lines.splice(
      at,
      0,
      `## ${EXERCISES_HEADING[locale]}`,
      '',
      words.sectionIntro,
      '',
      `<ExerciseProgress ids={[]} />`,
      '',
    );
    start = at;
  }
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  const numbered = lines.slice(start, end).filter((line) => /^### \d+\./.test(line)).length;
  const progress = lines.findIndex((line, i) => i > start && i < end && line.startsWith('<ExerciseProgress ids={['));
  if (progress >= 0)
    lines[progress] = lines[progress]!.replace(/ids=\{\[(.*?)\]\}/, (_, ids: string) =>
      ids.trim() === '' ? `ids={['${id}']}` : `ids={[${ids}, '${id}']}`,
    );
  while (end > start && lines[end - 1] === '') end--;
  lines.splice(end, 0, '', `### ${numbered + 1}. ${words.title}`, '', words.intro, '', `<Exercise id="${id}" />`);
  if (imports.length > 0) {
    const close = lines.indexOf('---', 1);
    const lastImport = lines.reduce((last, line, i) => (line.startsWith('import ') ? i : last), close);
    lines.splice(lastImport + 1, 0, ...imports);
  }
  return lines.join('\n');
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Writes the exercise; returns the files written, from the root. */
export function newExercise({ id, page, root }: Options): string[] {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(id))
    throw new Refused(`"${id}" is not an exercise id: lowercase letters, digits and single hyphens (last-event)`);
  const dir = join(root, 'lessons-code/exercises', id);
  if (existsSync(dir)) throw new Refused(`lessons-code/exercises/${id}/ exists already: choose another id`);
  const file = pageFile(root, page);
  for (const locale of LOCALES) {
    const path = docPath(root, locale, file);
    if (!existsSync(path))
      throw new Refused(`${relative(root, path)} is missing: the page must exist in each language`);
    if (readFileSync(path, 'utf8').includes(`<Exercise id="${id}"`))
      throw new Refused(`${relative(root, path)} already shows an exercise "${id}"`);
  }
  const written: string[] = [];
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    written.push(relative(root, path));
  };
  write(join(dir, 'exercise.ts'), EXERCISE_TS);
  write(join(dir, 'cases.ts'), CASES_TS);
  write(join(dir, 'alternatives/read-by-chunk.ts'), ALTERNATIVE_TS);
  write(join(dir, 'mistakes/first-event.ts'), mistakeTs(sectionLink('en', file)));
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const lesson = sectionLink(locale, file);
    write(
      join(dir, `text.${locale}.json`),
      json({
        title: words.title,
        cases: { 'two-reads': { name: words.caseName, checks: words.checks, lesson, hints: [1, 2] } },
        hints: words.hints,
        diagnoses: { 'first-event': { text: words.diagnosis, lesson } },
      }),
    );
    if (locale !== 'en') write(join(dir, `comments.${locale}.json`), json({ [WORDS.en.comment]: [words.comment] }));
    const path = docPath(root, locale, file);
    write(path, withSection(readFileSync(path, 'utf8'), locale, id, locale === 'en' ? 3 : 4));
  }
  return written;
}

if (import.meta.main) {
  try {
    const options = parseArgs(process.argv.slice(2));
    const written = newExercise(options);
    console.log(`new exercise ${options.id}:\n${written.map((path) => `  ${path}`).join('\n')}`);
    console.log('Next: rewrite the example (docs/authoring.md, "Adding an exercise"), then npm test.');
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`new:exercise: ${error.message}`);
    process.exitCode = 2;
  }
}
