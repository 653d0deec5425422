// `npm run inspect` (scripts/inspect.ts) against the page's report: on every capture of
// test/fixtures/inspect-captures/ (each streaming entry of a HAR file too), in each language, what the
// command prints is the Markdown report the page's Copy gives (reportMarkdown, lessons-code/inspect/
// report.ts, on the worker's result, with the locale's strings looked up as the page's are), and its
// exit code says whether a finding is a problem. Then the command itself, as a developer runs it: a
// file, standard input, JSON, a HAR file's list, bad input and bad options, none with a stack trace.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LESSON_KEYS, runInspect, reportMarkdown, type InspectResult, type Tr } from '../../../lessons-code/index.ts';
import { translate, type Table } from '../../../src/demo-kit/format.ts';
import { inspectorPage, lessonLink, main } from '../../../scripts/inspect.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIR = `${ROOT}test/fixtures/inspect-captures/`;
const CAPTURES = readdirSync(DIR).filter((name) => name !== 'expected.json');
const LOCALES = ['en', 'es', 'fr'] as const;
const SITE = 'https://spareilleux.github.io/learn/';

/** The page's strings of a locale: every key the report asks for is `course.` + the key (src/demo-kit/strings.ts). */
function pageStrings(locale: string): Tr {
  const table = JSON.parse(readFileSync(`${ROOT}content/i18n/${locale}.json`, 'utf8')) as Table;
  return (key, vars) => translate(table, locale, `course.${key}`, vars);
}

/** The page's report on a capture (an entry of a HAR file), or null when the input is no stream. */
async function pageReport(bytes: Uint8Array, locale: (typeof LOCALES)[number], entry?: number) {
  const result = (await runInspect({
    op: 'inspect',
    source: { kind: 'bytes', bytes },
    ...(entry === undefined ? {} : { entry }),
  })) as InspectResult;
  if (result.kind !== 'report') return { result, markdown: null, problem: false };
  const markdown = reportMarkdown(result.report, pageStrings(locale), {
    lesson: (key) => lessonLink(key, locale, SITE),
    page: inspectorPage(locale, SITE),
  });
  return { result, markdown, problem: result.report.findings.some((f) => f.severity === 'problem') };
}

const args = (file: string, locale: string, extra: string[] = []) => [`${DIR}${file}`, '--lang', locale, ...extra];

describe('npm run inspect prints the page’s report', () => {
  it('on every capture, in every language, with the exit code its findings call for', async () => {
    let reports = 0;
    for (const file of CAPTURES) {
      const bytes = new Uint8Array(readFileSync(`${DIR}${file}`));
      for (const locale of LOCALES) {
        const page = await pageReport(bytes, locale);
        const cli = await main(args(file, locale));
        const where = `${file} (${locale})`;
        if (page.result.kind === 'report') {
          expect(cli.stdout, where).toBe(page.markdown);
          expect(cli.code, where).toBe(page.problem ? 1 : 0);
          expect(cli.stderr, where).toBe('');
          reports++;
        } else if (page.result.kind === 'har') {
          expect(cli.code, where).toBe(0);
          expect(page.result.entries.length, where).toBeGreaterThan(0);
          for (const { index } of page.result.entries) {
            const entry = await pageReport(bytes, locale, index);
            const read = await main(args(file, locale, ['--entry', String(index)]));
            expect(read.stdout, `${where} entry ${index}`).toBe(entry.markdown);
            expect(read.code, `${where} entry ${index}`).toBe(entry.problem ? 1 : 0);
            reports++;
          }
        } else if (page.result.kind === 'response') {
          // Not a stream: the response's facts and words, and exit 1 (no stream came).
          expect(cli.code, where).toBe(1);
          expect(cli.stdout, where).toContain(page.result.response.excerpt.split('\n')[0]);
        } else {
          expect(cli.code, where).toBe(2);
          expect(cli.stdout, where).toBe('');
          expect(cli.stderr, where).not.toBe('');
        }
      }
    }
    // As many reports as the captures' table expects (a stream each, or each streaming entry of a HAR file).
    const table = JSON.parse(readFileSync(`${DIR}expected.json`, 'utf8')) as {
      captures: Record<string, { kind: string; entries?: object }>;
    };
    const expected = Object.values(table.captures).reduce(
      (sum, c) => sum + (c.kind === 'report' ? 1 : c.kind === 'har' ? Object.keys(c.entries ?? {}).length : 0),
      0,
    );
    expect(expected).toBeGreaterThan(10);
    expect(reports).toBe(LOCALES.length * expected);
  });

  it('finds every lesson a finding links to among the headings of its page, in each language', () => {
    for (const locale of LOCALES)
      for (const key of LESSON_KEYS) {
        const { href, title } = lessonLink(key, locale, SITE);
        expect(href).toMatch(new RegExp(`^${SITE}(${locale === 'en' ? '' : `${locale}/`})ga-ai/06[b-d]?-[^#]+/#.+`));
        expect(title.length).toBeGreaterThan(3);
      }
    expect(lessonLink('stopsShort', 'en', SITE).title).toBe('A stream that stops short');
    expect(lessonLink('fiveRules', 'fr', SITE).title).toBe('Cinq règles pour lire un flux d’événements');
  });

  it('exits 1 on a stream with a problem, 0 on one without, whatever the language', async () => {
    expect((await main(args('chat-sse.txt', 'es'))).code).toBe(0);
    const cut = await main(args('chat-sse-cut.txt', 'fr'));
    expect(cut.code).toBe(1);
    expect(cut.stdout).toContain('# Inspection d’un flux');
  });
});

describe('npm run inspect as a developer runs it', () => {
  const run = (argv: string[], input?: Buffer | string) =>
    spawnSync(process.execPath, ['scripts/inspect.ts', ...argv], { cwd: ROOT, input: input ?? '', encoding: 'utf8' });

  it('reads standard input when no file is given, or with -', () => {
    const capture = readFileSync(`${DIR}chat-sse-cut.txt`);
    const piped = run([], capture);
    expect(piped.status).toBe(1);
    expect(piped.stdout).toContain('No [DONE] at the end');
    expect(run(['-', '--lang', 'es'], capture).stdout).toContain('# Inspección de un flujo');
  });

  it('prints the whole report as JSON with --json, and a chosen format with --format', () => {
    const out = run([`${DIR}chat-sse.txt`, '--json']);
    expect(out.status).toBe(0);
    const report = JSON.parse(out.stdout);
    expect(report.format.id).toBe('openai-chat');
    expect(report.stream.eventCount).toBe(4);
    const chosen = JSON.parse(run([`${DIR}chat-sse.txt`, '--json', '--format', 'plain']).stdout);
    expect(chosen.format).toMatchObject({ id: 'plain', detected: 'openai-chat' });
  });

  it('lists a HAR file’s streams without --entry, and refuses an index that is not one of them', () => {
    const list = run([`${DIR}page.har`]);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^- 2: `POST http:\/\/127\.0\.0\.1:\d+\/sse` · 200/m);
    const wrong = run([`${DIR}page.har`, '--entry', '0']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('--entry');
  });

  it('exits 2 with the reason on standard error, and no stack trace, on input it cannot read', () => {
    const cases: [string[], string | Buffer, RegExp][] = [
      [['no-such-file.txt'], '', /Cannot read no-such-file\.txt: no such file/],
      [[`${DIR}`], '', /it is a folder/],
      [[], '', /nothing to read/],
      [[], Buffer.from([0, 1, 2, 0xff, 0]), /not text/],
      [[`${DIR}curl-refused.txt`], '', /curl got no response/],
      [['--lang', 'de'], '', /--lang is en, es or fr/],
      [['--entry', 'x'], '', /--entry needs/],
      [['--format', 'sse'], '', /--format is one of/],
      [['--bogus'], '', /Unknown option --bogus/],
    ];
    for (const [argv, input, reason] of cases) {
      const out = run(argv, input);
      expect(out.status, argv.join(' ')).toBe(2);
      expect(out.stdout, argv.join(' ')).toBe('');
      expect(out.stderr, argv.join(' ')).toMatch(reason);
      expect(out.stderr, argv.join(' ')).not.toMatch(/\n\s+at /);
    }
  });

  it('says in words what it cannot read in a hostile capture, and reads the odd one it can', () => {
    // JSON nested past what a reader can walk: a problem with its reason, no RangeError, no stack trace.
    const deep = run([], `data: {"error":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n\n`);
    expect(deep.status).toBe(2);
    expect(deep.stdout).toBe('');
    expect(deep.stderr).toMatch(/nested more than 500 levels deep/);
    expect(deep.stderr).not.toMatch(/\n\s+at /);
    // A finish_reason named like a member of Object.prototype is a reason no reader knows: the report says so.
    const chunk = (delta: object, reason: string | null) => {
      const choices = [{ index: 0, delta, finish_reason: reason }];
      return `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices })}\n\n`;
    };
    const odd = run(['--lang', 'fr'], `${chunk({ content: 'Hi' }, null)}${chunk({}, '__proto__')}data: [DONE]\n\n`);
    expect(odd.stderr).toBe('');
    expect(odd.stdout).toContain('`finish_reason, __proto__`');
  });

  it.runIf(existsSync('/dev/zero'))(
    'stops reading a file that never ends (a device, a pipe) at the largest input',
    () => {
      // statSync gives such a file no size: it was read whole, which for /dev/zero is never (the timeout ends it).
      const endless = spawnSync(process.execPath, ['scripts/inspect.ts', '/dev/zero'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(endless.status).toBe(2);
      expect(endless.stderr).toMatch(/larger than 20 MB/);
    },
  );

  it('says how to use it with --help', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run inspect');
    expect(help.stdout).toContain('npm run -s inspect');
  });
});
