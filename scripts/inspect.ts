// `npm run inspect -- [file | -] [options]`: the stream inspector of 06e in a terminal. It reads a
// capture (a response body, curl -i or -v output, a HAR file) from a file or from standard input,
// with the very functions the page's worker calls (lessons-code/inspect/: runInspect), and prints the
// page's Markdown report (reportMarkdown) in the language asked for, its words read from
// content/i18n/<locale>.json and its links to the course's sections from the pages' own headings.
// Exit codes: 0 no finding is a problem, 1 one is (or what came is not a stream), 2 input it cannot
// read or a usage error, with the reason on standard error.
//
//   curl -sN https://api.example.com/v1/chat/completions -H … -d … | npm run -s inspect
//   npm run inspect -- capture.txt --lang fr
//   npm run inspect -- session.har --entry 3 --json

import { createReadStream, readFileSync, statSync } from 'node:fs';
import {
  FORMAT_IDS,
  LESSON_LINKS,
  MAX_INPUT_BYTES,
  harMarkdown,
  hasProblem,
  reportMarkdown,
  responseMarkdown,
  runInspect,
  type FormatId,
  type InspectResult,
  type LessonKey,
  type Tr,
} from '../lessons-code/index.ts';
import { formBase, translate, type Table } from '../src/demo-kit/format.ts';

const LOCALES = ['en', 'es', 'fr'] as const;
type Locale = (typeof LOCALES)[number];

/** Where the course is published (docs/deploying.md): the report's links and its last line point there. */
const SITE = 'https://spareilleux.github.io/learn/';
const INSPECTOR_PAGE = 'ga-ai/06e-inspect-your-stream/';

const USAGE = `Usage: npm run inspect -- [file | -] [--lang en|es|fr] [--json] [--entry N] [--format NAME] [--site URL]

Reads a captured response (a body, curl -i or -v output, or a HAR file) from the file, or from
standard input when no file or - is given, as the course's stream inspector (06e) does, and prints
its report in Markdown.
  --lang L       the report's language: en (default), es or fr
  --json         the whole report as JSON instead of Markdown
  --entry N      a HAR file's entry to inspect (without it, a HAR file's streams are listed)
  --format NAME  read the stream in this format instead of the one detected:
                 ${FORMAT_IDS.join(', ')}
  --site URL     where the course is served, for the report's links (${SITE})
  --help         this text
Exit code: 0 no finding is a problem, 1 a finding is a problem or the response is not a stream,
2 input it cannot read or a usage error (the reason on standard error).

In CI:  curl -sN <your streaming endpoint> … | npm run -s inspect`;

/** Exit codes. */
const OK = 0;
const PROBLEM = 1;
const UNREADABLE = 2;

class UsageError extends Error {}

interface CliOptions {
  file: string | null;
  lang: Locale;
  json: boolean;
  entry: number | undefined;
  format: FormatId | undefined;
  site: string;
  help: boolean;
}

/** The command line's arguments, or a UsageError that says what is wrong with them. */
function parseArgs(args: readonly string[]): CliOptions {
  const options: CliOptions = {
    file: null,
    lang: 'en',
    json: false,
    entry: undefined,
    format: undefined,
    site: SITE,
    help: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = (): string => {
      const next = args[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value.`);
      return next;
    };
    if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--lang') {
      const lang = value();
      if (!(LOCALES as readonly string[]).includes(lang))
        throw new UsageError(`--lang is en, es or fr, not "${lang}".`);
      options.lang = lang as Locale;
    } else if (arg === '--entry') {
      const text = value();
      if (!/^\d+$/.test(text)) throw new UsageError(`--entry needs an entry's index (0, 1, 2…), not "${text}".`);
      options.entry = Number(text);
    } else if (arg === '--format') {
      const format = value();
      if (!(FORMAT_IDS as readonly string[]).includes(format))
        throw new UsageError(`--format is one of ${FORMAT_IDS.join(', ')}, not "${format}".`);
      options.format = format as FormatId;
    } else if (arg === '--site') {
      const site = value();
      if (!URL.canParse(site)) throw new UsageError(`--site needs an address (https://…), not "${site}".`);
      options.site = site.endsWith('/') ? site : `${site}/`;
    } else if (arg.startsWith('-') && arg !== '-') throw new UsageError(`Unknown option ${arg}.`);
    else if (options.file !== null) throw new UsageError(`One input at a time: "${options.file}", then "${arg}".`);
    else options.file = arg;
  }
  return options;
}

/**
 * The UI strings of a locale as the page's element reads them (src/demo-kit/strings.ts): a key of
 * the inspector's own first (`course.inspect.<key>`), then a shared one (`course.<key>`), each filled
 * and put in its plural form by the page's own function (src/demo-kit/format.ts, translate).
 */
function stringsOf(locale: Locale): Tr {
  const table = JSON.parse(readFileSync(new URL(`../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Table;
  const keys = new Set(Object.keys(table).map(formBase));
  return (key, vars) => {
    for (const full of [`course.inspect.${key}`, `course.demo.${key}`, `course.${key}`])
      if (keys.has(full)) return translate(table, locale, full, vars);
    throw new Error(`missing UI string: ${key}`);
  };
}

/** A heading's id as Starlight makes it (github-slugger): lower case, punctuation dropped, spaces as dashes. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

const headingsOf = new Map<string, Map<string, string>>();

/** The headings of a page of the course (content/docs/<page>.mdx), by their ids. */
function headings(page: string): Map<string, string> {
  let found = headingsOf.get(page);
  if (!found) {
    const mdx = readFileSync(new URL(`../content/docs/${page}.mdx`, import.meta.url), 'utf8');
    found = new Map();
    for (const [, text] of mdx.matchAll(/^#{2,6}\s+(.+?)\s*$/gm)) {
      const plain = text!.replace(/`/g, '');
      found.set(slug(plain), plain);
    }
    headingsOf.set(page, found);
  }
  return found;
}

/**
 * The section a finding links to, in a locale, as the page's report writes it: its address on `site`
 * and its heading, read from the page's MDX (the page resolves the same links at build time:
 * src/lib/lesson-sections.ts). A link that names no heading is an error, never a link to nowhere.
 */
export function lessonLink(key: LessonKey, locale: Locale, site: string): { href: string; title: string } {
  const link = `/${LESSON_LINKS[key][locale]}`;
  const [, page, id] = /^\/([^#]+?)\/?#(.+)$/.exec(link) ?? [];
  const title = page === undefined ? undefined : headings(page).get(id!);
  if (title === undefined) throw new Error(`the link ${link} names no heading of its page`);
  return { href: new URL(link.slice(1), site).href, title };
}

/** The address of the inspector's page in a locale, on `site`. */
export function inspectorPage(locale: Locale, site: string): string {
  return new URL(`${locale === 'en' ? '' : `${locale}/`}${INSPECTOR_PAGE}`, site).href;
}

/**
 * A stream's bytes (standard input, a pipe, a device), whole; stops reading past MAX_INPUT_BYTES (the
 * inspector refuses it anyway), so that one that never ends (/dev/zero) is no endless read.
 */
async function readBounded(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_INPUT_BYTES) break;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The input's bytes, or that the file is too large to read; throws Node's error for a file it cannot
 * read. A file that is not a regular one (a named pipe, `<(curl …)`'s /dev/fd/N, a device) has no size
 * to check first: it is read as standard input is, up to the bound.
 */
async function inputBytes(file: string | null): Promise<Uint8Array | { tooLarge: true }> {
  if (file === null || file === '-') return readBounded(process.stdin);
  const stat = statSync(file);
  if (stat.isDirectory()) return readFileSync(file); // throws EISDIR, said as "it is a folder"
  if (!stat.isFile()) return readBounded(createReadStream(file));
  if (stat.size > MAX_INPUT_BYTES) return { tooLarge: true };
  return readFileSync(file);
}

/** What the command prints, on which stream, and its exit code. */
interface CliOutcome {
  stdout: string;
  stderr: string;
  code: number;
}

/** The command's outcome on one input's bytes: what the page would show, as text. */
async function inspectBytes(bytes: Uint8Array, options: CliOptions): Promise<CliOutcome> {
  const tr = stringsOf(options.lang);
  const result = (await runInspect({
    op: 'inspect',
    source: { kind: 'bytes', bytes },
    ...(options.entry === undefined ? {} : { entry: options.entry }),
    ...(options.format === undefined ? {} : { format: options.format }),
  })) as InspectResult;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  switch (result.kind) {
    case 'problem': {
      // The page's words for a HAR entry that is gone ask to open the file again; here, the index is wrong.
      if (result.problem === 'noSuchEntry')
        return {
          stdout: '',
          stderr: `No stream of this HAR file has the index ${options.entry}: run without --entry to list them.\n`,
          code: UNREADABLE,
        };
      const said = result.detail ? ` ${tr('problem.curlNote', { note: result.detail })}` : '';
      return { stdout: '', stderr: `${tr(`problem.${result.problem}`)}${said}\n`, code: UNREADABLE };
    }
    case 'har':
      return {
        stdout: options.json ? json(result) : harMarkdown(result.entries, result.total, tr),
        stderr: options.json ? '' : 'Inspect one of them with --entry N.\n',
        code: OK,
      };
    case 'response':
      return { stdout: options.json ? json(result) : responseMarkdown(result.response, tr), stderr: '', code: PROBLEM };
    case 'report': {
      const markdown = () =>
        reportMarkdown(result.report, tr, {
          lesson: (key) => lessonLink(key, options.lang, options.site),
          page: inspectorPage(options.lang, options.site),
        });
      return {
        stdout: options.json ? json(result.report) : markdown(),
        stderr: '',
        code: hasProblem(result.report) ? PROBLEM : OK,
      };
    }
  }
}

/** The whole command: arguments in, an outcome out; never throws. */
export async function main(args: readonly string[]): Promise<CliOutcome> {
  let options: CliOptions;
  try {
    options = parseArgs(args);
  } catch (error) {
    if (error instanceof UsageError) return { stdout: '', stderr: `${error.message}\n\n${USAGE}\n`, code: UNREADABLE };
    throw error;
  }
  if (options.help) return { stdout: `${USAGE}\n`, stderr: '', code: OK };
  if (options.file === null && process.stdin.isTTY)
    return { stdout: '', stderr: `No input: give a file, or pipe a capture in.\n\n${USAGE}\n`, code: UNREADABLE };
  let bytes: Uint8Array | { tooLarge: true };
  try {
    bytes = await inputBytes(options.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    return { stdout: '', stderr: `Cannot read ${options.file}: ${reason}.\n`, code: UNREADABLE };
  }
  if ('tooLarge' in bytes)
    return { stdout: '', stderr: `${stringsOf(options.lang)('problem.tooLarge')}\n`, code: UNREADABLE };
  try {
    return await inspectBytes(bytes, options);
  } catch (error) {
    // A fault of the inspector's own, not of the input: said in one line, never as a stack trace.
    return {
      stdout: '',
      stderr: `The inspector failed on this input: ${(error as Error).message}\n`,
      code: UNREADABLE,
    };
  }
}

if (import.meta.main) {
  const outcome = await main(process.argv.slice(2));
  process.stdout.write(outcome.stdout);
  process.stderr.write(outcome.stderr);
  process.exitCode = outcome.code;
}
