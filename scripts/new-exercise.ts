// `npm run new:exercise -- <id> --page <page>`: a new exercise, ready to be rewritten. It writes the
// folder lessons-code/exercises/<id>/ (a small working exercise: the code with its starter and
// reference solution, a chosen case and a generated one that know its four plausible mistakes, its
// texts and comments in English, Spanish and French, an alternative right answer and the mistakes as
// files) and the exercise's section on the page in the three languages (docs/authoring.md says what
// each file is for). Every phase of `npm test` passes on what it writes, on any page: its test
// (test/unit/scripts/new-exercise.test.ts) runs every unit test that reads the exercises or the
// pages, and the lint, on a scaffolded copy of the project. The author then replaces the example
// with the exercise.
//
//   npm run new:exercise -- last-event --page 06d
//   npm run new:exercise -- last-event --page 06b --dry-run   (prints the files; writes nothing)
//   npm run new:exercise -- --help
//
// It refuses an id that is taken or not of lowercase letters, digits and hyphens, and a page that
// does not exist (the pages are those of content/docs/ga-ai/), and says why. Files come out as Biome
// formats them, French with its no-break spaces. `--root <dir>` writes into another copy of the project.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NBSP, NNBSP } from '../src/lib/typography.ts';
import { schemaOf } from './write-exercise-schemas.ts';

const PROJECT = fileURLToPath(new URL('../', import.meta.url));
/** Biome's command, run by this Node: the formatter `npm run lint` checks against. */
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

const LOCALES = ['en', 'es', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

/** The heading of a page's exercises section, and the ones it goes before when a page has none. */
const EXERCISES_HEADING: Record<Locale, string> = { en: 'Exercises', es: 'Ejercicios', fr: 'Exercices' };
const CLOSING_HEADINGS: Record<Locale, string[]> = {
  en: ['Key takeaways', 'Sources'],
  es: ['Lo esencial', 'Fuentes'],
  fr: ['L’essentiel', 'À retenir', 'Sources'],
};

/** The four plausible mistakes of the example, each with its file, its diagnosis and what it returns. */
const MISTAKES = ['first-event', 'every-event', 'field-names-kept', 'unfinished-kept'] as const;
type MistakeId = (typeof MISTAKES)[number];

/** The example's words, per language: what the author rewrites first. French is written with plain
 * spaces before its punctuation: `frenchSpacing` gives each the no-break space the rules want. */
interface Words {
  title: string;
  intro: string;
  caseName: string;
  checks: string;
  /** The generated case's name, and what it checks. */
  anyName: string;
  anyChecks: string;
  hints: [string, string];
  diagnoses: Record<MistakeId, string>;
  starterComment: string;
  solutionComment: string;
  sectionIntro: string;
}

const WORDS: Record<Locale, Words> = {
  en: {
    title: 'The last event',
    intro: 'Write `lastData`: the data of the last event of a stream that arrives in three reads.',
    caseName: 'A stream in three reads',
    anyName: 'Any stream, cut anywhere',
    anyChecks:
      'On streams the check generates (events of one or two data lines, some not finished, cut into reads ' +
      'anywhere), `lastData` gives what the reference solution gives: `""` when no event is complete.',
    checks:
      '`lastData` returns the data of the last event the stream finishes, its two data lines joined: ' +
      '`"b\\nc"`; the event after it is never finished.',
    hints: [
      'Read the whole body first: `await new Response(body).text()`.',
      '`readStandard` from lessons-code gives the data of every event; take the last one with `.at(-1)`.',
    ],
    diagnoses: {
      'first-event': 'Your function returned the data of the first event: the last one is at the end of the list.',
      'every-event': 'Your function returned the data of every event, joined: only the last event’s data is wanted.',
      'field-names-kept':
        'Your function returned the end of the stream as it came, field names and all: an event’s data is what ' +
        'follows `data:` on its lines.',
      'unfinished-kept':
        'Your function returned the data of an event the stream never finished: an event counts only once a ' +
        'blank line ends it.',
    },
    starterComment: 'Return the data of the last event of the stream.',
    solutionComment: 'The whole body first, then the standard’s parser: the data of each event, the last one kept.',
    sectionIntro: 'Each exercise has an editor in the page that checks your answer.',
  },
  es: {
    title: 'El último evento',
    intro: 'Escribe `lastData`: los datos del último evento de un flujo que llega en tres lecturas.',
    caseName: 'Un flujo en tres lecturas',
    anyName: 'Cualquier flujo, cortado en cualquier punto',
    anyChecks:
      'Con los flujos que genera la comprobación (eventos de una o dos líneas de datos, algunos sin terminar, ' +
      'cortados en lecturas en cualquier punto), `lastData` da lo mismo que la solución de referencia: `""` ' +
      'cuando ningún evento está completo.',
    checks:
      '`lastData` devuelve los datos del último evento que el flujo termina, sus dos líneas de datos unidas: ' +
      '`"b\\nc"`; el evento siguiente nunca se termina.',
    hints: [
      'Lee primero el cuerpo entero: `await new Response(body).text()`.',
      '`readStandard`, de lessons-code, da los datos de cada evento; toma el último con `.at(-1)`.',
    ],
    diagnoses: {
      'first-event': 'Tu función devolvió los datos del primer evento: el último está al final de la lista.',
      'every-event': 'Tu función devolvió los datos de todos los eventos, unidos: solo se piden los del último.',
      'field-names-kept':
        'Tu función devolvió el final del flujo tal como llegó, con los nombres de campo: los datos de un evento ' +
        'son lo que sigue a `data:` en sus líneas.',
      'unfinished-kept':
        'Tu función devolvió los datos de un evento que el flujo nunca terminó: un evento solo cuenta cuando una ' +
        'línea vacía lo cierra.',
    },
    starterComment: 'Devuelve los datos del último evento del flujo.',
    solutionComment:
      'Primero el cuerpo entero, luego el analizador del estándar: los datos de cada evento; se queda con ' +
      'los del último.',
    sectionIntro: 'Cada ejercicio tiene en la página un editor que comprueba tu respuesta.',
  },
  fr: {
    title: 'Le dernier événement',
    intro: 'Écrivez `lastData` : les données du dernier événement d’un flux qui arrive en trois lectures.',
    caseName: 'Un flux en trois lectures',
    anyName: 'N’importe quel flux, coupé n’importe où',
    anyChecks:
      'Sur les flux que la vérification génère (des événements d’une ou deux lignes de données, certains ' +
      'inachevés, coupés en lectures n’importe où), `lastData` donne ce que donne la solution de référence : ' +
      '`""` quand aucun événement n’est complet.',
    checks:
      '`lastData` renvoie les données du dernier événement que le flux termine, ses deux lignes de données ' +
      'jointes : `"b\\nc"` ; l’événement suivant n’est jamais terminé.',
    hints: [
      'Lisez d’abord tout le corps : `await new Response(body).text()`.',
      '`readStandard`, de lessons-code, donne les données de chaque événement ; prenez le dernier avec `.at(-1)`.',
    ],
    diagnoses: {
      'first-event': 'Votre fonction a renvoyé les données du premier événement : le dernier est en fin de liste.',
      'every-event':
        'Votre fonction a renvoyé les données de tous les événements, jointes : seules celles du dernier sont ' +
        'demandées.',
      'field-names-kept':
        'Votre fonction a renvoyé la fin du flux telle qu’elle est arrivée, noms de champ compris : les données ' +
        'd’un événement sont ce qui suit `data:` sur ses lignes.',
      'unfinished-kept':
        'Votre fonction a renvoyé les données d’un événement que le flux n’a jamais terminé : un ' +
        'événement ne compte qu’une fois fermé par une ligne vide.',
    },
    starterComment: 'Renvoyez les données du dernier événement du flux.',
    solutionComment:
      'Tout le corps d’abord, puis l’analyseur du standard : les données de chaque événement, ' +
      'dont on garde celles du dernier.',
    sectionIntro: 'Chaque exercice a dans la page un éditeur qui vérifie votre réponse.',
  },
};

/**
 * French text with the no-break spaces of content/i18n/TERMINOLOGY.md, from the constants its
 * check uses (src/lib/typography.ts): U+00A0 before `:` and `»` and after `«`,
 * U+202F before `;`, `!` and `?`. What is between backquotes is code and keeps its characters.
 */
export function frenchSpacing(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/ ([:»])/g, `${NBSP}$1`)
            .replace(/« /g, `«${NBSP}`)
            .replace(/ ([;!?])/g, `${NNBSP}$1`),
    )
    .join('');
}

/** A text of the example in `locale`, spaced as the language wants it. */
const say = (locale: Locale, text: string) => (locale === 'fr' ? frenchSpacing(text) : text);

/** The chosen case's stream: events cut between reads, the last finished one of two lines, then an unfinished one. */
const READS = ['data: a\n\nda', 'ta: b\ndata: c\n\nda', 'ta: d\n'];

const EXERCISE_TS = `// #solution
import { readStandard } from 'lessons-code';

// #end
// #starter
// // ${WORDS.en.starterComment}
// #solution
// ${WORDS.en.solutionComment}
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

function casesTs(): string {
  return `// The example exercise \`npm run new:exercise\` writes (docs/authoring.md): rewrite it.

import { readStandard, type ExerciseDefinition, type Gen, type GeneratedCase } from 'lessons-code';
// The file of the exercise is its reference solution: what a right answer gives on any input.
import * as reference from './exercise.ts';

/** The chosen case's stream: events cut between reads, the last finished one of two lines, then an unfinished one. */
const READS = ${JSON.stringify(READS).replaceAll('"', "'").replaceAll(',', ', ')};

/** A body made of these reads, one chunk each, as the learner's function gets it. */
function bodyOf(reads: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const read of reads) controller.enqueue(encoder.encode(read));
      controller.close();
    },
  });
}

/** The pieces of a text between blank lines, empty ones left out. */
const pieces = (text: string) => text.split('\\n\\n').filter((piece) => piece !== '');

/** What each mistake of mistakes/ returns for the text of a stream: its diagnosis, on any input. */
const MISTAKEN: [string, (text: string) => string][] = [
  ['first-event', (text) => readStandard(text)[0] ?? ''],
  ['every-event', (text) => readStandard(text).join('\\n')],
  ['field-names-kept', (text) => pieces(text).at(-1) ?? ''],
  ['unfinished-kept', (text) => readStandard(\`\${text}\\n\\n\`).at(-1) ?? ''],
];

/** A text cut into reads at the given places. */
function cutAt(text: string, cuts: number[]): string[] {
  const at = [0, ...[...cuts].sort((a, b) => a - b), text.length];
  return at.slice(1).map((end, i) => text.slice(at[i], end));
}

/** Streams of a few events of one or two data lines (some without the space, some not finished), cut anywhere. */
const streams = (gen: Gen) =>
  gen
    .string({ unit: gen.constantFrom('data: a\\n', 'data: b\\n', 'data:c\\n', 'id: 1\\n', '\\n'), maxLength: 8 })
    .chain((text) => gen.array(gen.nat(text.length), { maxLength: 3 }).map((cuts) => cutAt(text, cuts)));

const definition: ExerciseDefinition = {
  exports: { lastData: 'function' },
  cases: [
    {
      id: 'three-reads',
      uses: ['lastData'],
      run: (learner) => learner.call('lastData', learner.stream(READS)),
      expected: readStandard(READS.join('')).at(-1),
      input: (tools) => ({ kind: 'code', text: tools.showValue(READS) }),
      diagnoses: MISTAKEN.map(([id, mistaken]) => ({
        id,
        recognize: (outcome) => outcome.kind === 'value' && outcome.value === mistaken(READS.join('')),
      })),
    },
    {
      kind: 'generated',
      id: 'any-stream',
      uses: ['lastData'],
      inputs: streams,
      // Each input is a stream the learner's function reads in its worker, read by read: fewer
      // inputs than the default 100 keep the check within its time limit, and still meet every mistake.
      runs: 40,
      run: async (learner, reads) => learner.call('lastData', learner.stream(reads)),
      expected: (reads) => reference.lastData(bodyOf(reads)),
      input: (reads, tools) => ({ kind: 'code', text: tools.showValue(reads) }),
      diagnoses: MISTAKEN.map(([id, mistaken]) => ({ id, like: (reads) => mistaken(reads.join('')) })),
    } satisfies GeneratedCase<string[], unknown>,
  ],
};

export default definition;
`;
}

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

/** Each mistake: what it does wrong (the header's first field) and its code. */
const MISTAKE_FILES: Record<MistakeId, { mistake: string; code: string }> = {
  'first-event': {
    mistake: 'returns the data of the first event instead of the last one.',
    code: `import { readStandard } from 'lessons-code';

export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  return readStandard(text)[0] ?? '';
}
`,
  },
  'every-event': {
    mistake: 'returns the data of every event of the stream, joined by line breaks, instead of the last one.',
    code: `import { readStandard } from 'lessons-code';

export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  return readStandard(text).join('\\n');
}
`,
  },
  'field-names-kept': {
    mistake: 'cuts the stream at its blank lines and returns the last piece as it is, field names and all.',
    code: `export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  const events = text.split('\\n\\n').filter((event) => event !== '');
  return events.at(-1) ?? '';
}
`,
  },
  'unfinished-kept': {
    mistake:
      'ends the stream with a blank line of its own before reading it, so an event the stream left unfinished\n' +
      '// counts as the last one.',
    code: `import { readStandard } from 'lessons-code';

export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {
  const text = await new Response(body).text();
  return readStandard(text + '\\n\\n').at(-1) ?? '';
}
`,
  },
};

/** A mistake file: the four fields of its header (test/exercise-mistakes.ts reads them), then its code. */
function mistakeTs(id: MistakeId, lesson: string): string {
  const { mistake, code } = MISTAKE_FILES[id];
  return `// Mistake: ${mistake}
// Lesson: ${lesson}
// Fails: three-reads, any-stream
// Diagnosis: ${id}
${code}`;
}

class Refused extends Error {}

interface Options {
  id: string;
  page: string;
  root: string;
  /** Writes nothing: `newExercise` returns what it would write. */
  dryRun?: boolean;
}

/** The pages that accept an exercise: every page of the course, content/docs/ga-ai/<name>.mdx, by number ('06b'). */
export function pageNumbers(root: string): string[] {
  const dir = join(root, 'content/docs/ga-ai');
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.mdx')) : [];
  return names.map((name) => name.split('-')[0]!.replace(/\.mdx$/, '')).sort();
}

const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** What `--help` prints, and a wrong command line before its reason. */
export function usage(root: string): string {
  return `usage: npm run new:exercise -- <id> --page <page> [--dry-run]

  <id>       the exercise's folder, lessons-code/exercises/<id>/: lowercase letters, digits, single hyphens
  --page     the page that shows it: ${list(pageNumbers(root))} (content/docs/ga-ai/)
  --dry-run  print what it would write, and write nothing
  --help     print this

It writes a small working exercise and its section on the page in each language; every phase of
npm test passes on it. Then rewrite it: docs/authoring.md, "Adding an exercise".`;
}

export function parseArgs(argv: readonly string[], cwd = process.cwd()): Options | 'help' {
  let id: string | undefined;
  let page: string | undefined;
  let root = cwd;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--page') page = argv[++i];
    else if (arg === '--root') root = resolve(argv[++i] ?? '.');
    else if (arg === '--dry-run') dryRun = true;
    else if (!arg.startsWith('-') && id === undefined) id = arg;
    else throw new Refused(`unknown argument ${arg}\n\n${usage(root)}`);
  }
  if (!id) throw new Refused(`give the exercise's id\n\n${usage(root)}`);
  if (!page) throw new Refused(`give the page that shows it (--page)\n\n${usage(root)}`);
  return { id, page, root, dryRun };
}

/** The page's file name (without .mdx) whose name starts with `page` and a hyphen, or its whole name. */
function pageFile(root: string, page: string): string {
  const dir = join(root, 'content/docs/ga-ai');
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.mdx')) : [];
  const found = names.filter((name) => name === `${page}.mdx` || name.startsWith(`${page}-`));
  if (found.length !== 1)
    throw new Refused(`no page "${page}": choose ${list(pageNumbers(root))} (content/docs/ga-ai/)`);
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
      say(locale, words.sectionIntro),
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
  lines.splice(
    end,
    0,
    '',
    `### ${numbered + 1}. ${say(locale, words.title)}`,
    '',
    say(locale, words.intro),
    '',
    `<Exercise id="${id}" />`,
  );
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

/**
 * The files' texts as Biome formats them with the project's biome.json, what `npm run lint` then
 * finds unchanged: written to a folder of their own with that configuration (Git's ignore file left
 * out, as the folder has none), formatted there in one run, read back.
 */
function biomeFormatted(files: Written[]): Written[] {
  const dir = mkdtempSync(join(tmpdir(), 'new-exercise-format-'));
  try {
    const config = JSON.parse(readFileSync(join(PROJECT, 'biome.json'), 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    for (const { path, text } of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = spawnSync(process.execPath, [BIOME, 'format', '--write', ...files.map((f) => f.path)], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`biome format: ${run.stdout}${run.stderr}`);
    return files.map((file) => ({ ...file, text: readFileSync(join(dir, file.path), 'utf8') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A file the command writes: its path from the root, and its text. */
export interface Written {
  path: string;
  text: string;
  /** The page's text before (an existing page gets a section; a new file has none). */
  before?: string;
}

/** The exercise's files and the pages with its section, checked first; written unless `dryRun`. */
export function newExercise({ id, page, root, dryRun = false }: Options): Written[] {
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
  const created: Written[] = [];
  const add = (path: string, text: string) => created.push({ path: relative(root, path), text });
  add(join(dir, 'exercise.ts'), EXERCISE_TS);
  add(join(dir, 'cases.ts'), casesTs());
  add(join(dir, 'alternatives/read-by-chunk.ts'), ALTERNATIVE_TS);
  for (const mistake of MISTAKES) add(join(dir, `mistakes/${mistake}.ts`), mistakeTs(mistake, sectionLink('en', file)));
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const lesson = sectionLink(locale, file);
    const text = (value: string) => say(locale, value);
    add(
      join(dir, `text.${locale}.json`),
      json({
        // The JSON Schema an editor checks the file with (scripts/write-exercise-schemas.ts).
        $schema: schemaOf(`text.${locale}.json`),
        title: text(words.title),
        cases: {
          'three-reads': { name: text(words.caseName), checks: text(words.checks), lesson, hints: [1, 2] },
          'any-stream': { name: text(words.anyName), checks: text(words.anyChecks), lesson, hints: [1, 2] },
        },
        hints: words.hints.map(text),
        diagnoses: Object.fromEntries(
          MISTAKES.map((mistake) => [mistake, { text: text(words.diagnoses[mistake]), lesson }]),
        ),
      }),
    );
    // Code keeps plain spaces, in every language (exercises.test.ts says why).
    if (locale !== 'en')
      add(
        join(dir, `comments.${locale}.json`),
        json({
          [WORDS.en.starterComment]: [words.starterComment],
          [WORDS.en.solutionComment]: [words.solutionComment],
        }),
      );
  }
  const files = biomeFormatted(created);
  for (const locale of LOCALES) {
    const path = docPath(root, locale, file);
    const before = readFileSync(path, 'utf8');
    files.push({ path: relative(root, path), text: withSection(before, locale, id, locale === 'en' ? 3 : 4), before });
  }
  if (!dryRun)
    for (const { path, text } of files) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  return files;
}

/** The lines a page gains or changes, marked `+` (and `-` for a line it loses), for `--dry-run`. */
export function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // The longest common subsequence, table from the ends: a page gains a section and one line changes.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!))
      out.push(`${j++ + 1} + ${b[j - 1]}`);
    else out.push(`${i++ + 1} - ${a[i - 1]}`);
  }
  return out;
}

if (import.meta.main) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options === 'help') console.log(usage(process.cwd()));
    else {
      const files = newExercise(options);
      if (options.dryRun) {
        for (const { path, text, before } of files) {
          console.log(`--- ${path}${before === undefined ? ' (new)' : ' (lines added or changed)'}`);
          console.log(before === undefined ? text.trimEnd() : changedLines(before, text).join('\n'));
        }
        console.log(`\nnew:exercise --dry-run: nothing written (${files.length} files).`);
      } else {
        console.log(`new exercise ${options.id}:\n${files.map(({ path }) => `  ${path}`).join('\n')}`);
        console.log('Next: rewrite the example (docs/authoring.md, "Adding an exercise"), then npm test.');
      }
    }
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`new:exercise: ${error.message}`);
    process.exitCode = 2;
  }
}
