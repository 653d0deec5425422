// The stream inspector's view model (lessons-code/inspect/report.ts): the report to share in
// Markdown, in each locale, with the stream left out unless asked for; the words of a finding and
// of an ending; and every key the inspector builds exists in every locale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROVIDER_RECORDINGS, TRUNCATED_RECORDINGS } from '../../../../lessons-code/index.ts';
import { selectStrings, translate, formBase } from '../../../../src/demo-kit/format.ts';
import { FINDING_IDS, LESSON_KEYS } from '../../../../lessons-code/inspect/findings.ts';
import { HAR_PHASES } from '../../../../lessons-code/inspect/input.ts';
import { exampleStream, inspectBody } from '../../../../lessons-code/inspect/inspect.ts';
import { LESSON_LINKS } from '../../../../lessons-code/inspect/lessons.ts';
import {
  EXAMPLE_IDS,
  FORMAT_IDS,
  FORMAT_NAMES,
  WORD_SIGNS,
  endingHelp,
  evidenceWords,
  fence,
  findingLines,
  reportMarkdown,
  type Tr,
} from '../../../../lessons-code/inspect/report.ts';

const LOCALES = ['en', 'es', 'fr'] as const;
const tables = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    selectStrings(
      JSON.parse(readFileSync(new URL(`../../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
        string,
        string
      >,
      ['course.'],
    ),
  ]),
);
const trOf =
  (locale: (typeof LOCALES)[number]): Tr =>
  (key, vars) =>
    translate(tables[locale]!, locale, key, vars);
const tr = trOf('en');
const lesson = (key: (typeof LESSON_KEYS)[number]) => ({
  href: `https://course.example/${LESSON_LINKS[key].en}`,
  title: key,
});
const anthropic = PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text;
const cut = new TextDecoder().decode(TRUNCATED_RECORDINGS.find((c) => c.provider === 'anthropic')!.bytes);

describe('the report to share', () => {
  it('gives the format, what decided it, the figures, the ending, the usage, and says when nothing was found', () => {
    const text = reportMarkdown(inspectBody(anthropic), tr, { lesson, page: 'https://course.example/inspect/' });
    expect(text).toContain('# Stream inspection');
    expect(text).toContain('- Format: Anthropic Messages');
    expect(text).toContain('`type: message_start` (line 1)');
    expect(text).toContain('- Size: 2,879 bytes, 60 lines, 20 events');
    expect(text).toContain('- How the turn ended: Complete — `message_stop, end_turn` (line 58)');
    expect(text).toContain('- Usage: `input_tokens` 24, `output_tokens` 112');
    expect(text).toContain('## Findings\n\nNone: the stream ends as its format says it should.');
    expect(text).not.toContain('event: message_start'); // the stream is left out
    expect(text).not.toContain('Decoded from');
    const utf16 = reportMarkdown(inspectBody(anthropic, { decoded: 'utf-16le' }), tr, { lesson, page: 'p' });
    expect(utf16).toContain('- Decoded from: UTF-16 LE, turned into text by the inspector');
    const said = 'curl: (18) transfer closed with outstanding read data remaining';
    const curl = reportMarkdown(inspectBody(cut, { curlSaid: said }), tr, { lesson, page: 'p' });
    expect(curl).toContain(`- What curl said at the end: \`${said}\``);
    expect(text.trimEnd().endsWith('https://course.example/inspect/')).toBe(true);
  });

  it('lists each finding with its lines and its lesson, and includes the stream only when asked', () => {
    const report = inspectBody(cut);
    const text = reportMarkdown(report, tr, { lesson, page: 'p', stream: cut });
    expect(text).toContain('- How the turn ended: Cut');
    const first = text.split('\n').find((line) => line.startsWith('1. '));
    expect(first).toMatch(/^1\. \*\*The body ends without the closing event\*\* \(Lines: 44\)\. In this format /);
    expect(first).toContain('a turn that succeeds ends with message_stop;');
    expect(first).toMatch(/In the course: \[turnEndings\]\(https:\/\/course\.example\/ga-ai\/06c-model-stream\/#cuts-/);
    expect(text).toContain('## The stream\n\n```text\nevent: message_start\n');
  });

  it('fences a stream with more backquotes than it holds in a row', () => {
    expect(fence('no ticks')).toBe('```');
    expect(fence('a ```` b')).toBe('`````');
  });

  it('is written in the page’s language', () => {
    const report = inspectBody(cut);
    const es = reportMarkdown(report, trOf('es'), { lesson, page: 'p' });
    expect(es).toContain('# Inspección de un flujo');
    expect(es).toContain('Cómo terminó el turno: Cortado');
    const fr = reportMarkdown(report, trOf('fr'), { lesson, page: 'p' });
    expect(fr).toContain('L’issue du tour\u00a0: Coupé');
    expect(fr).toContain('Taille\u00a0: 2\u202f270 octets'); // the number as Intl writes it in French
  });
});

describe('the signs of a format, in the page’s language', () => {
  // Every sign the course's streams give is code (an event type, a field, a line), shown as the stream
  // writes it, or a sign in words, which each locale translates: no English words on a Spanish screen.
  const codeLike = /^[\w.[\]]+(?:: \S+)?$/;
  it('every sign of the course’s streams is code or has words in every locale', async () => {
    const signs = new Set<string>();
    for (const id of EXAMPLE_IDS)
      for (const e of inspectBody(await exampleStream(id)).format.evidence) signs.add(e.what);
    expect([...signs].filter((what) => !codeLike.test(what) && !Object.hasOwn(WORD_SIGNS, what))).toEqual([]);
    expect([...signs].filter((what) => Object.hasOwn(WORD_SIGNS, what)).sort()).toEqual(Object.keys(WORD_SIGNS).sort());
    for (const locale of LOCALES)
      for (const what of Object.keys(WORD_SIGNS)) expect(evidenceWords(what, trOf(locale))).not.toMatch(/^inspect\./);
  });

  it('GA’s streams: the report names its signs in Spanish and French, listed as French writes a list', async () => {
    for (const id of ['ga', 'gaFailure'] as const) {
      const report = inspectBody(await exampleStream(id));
      for (const locale of ['es', 'fr'] as const) {
        const text = reportMarkdown(report, trOf(locale), { lesson, page: 'p' });
        const evidence = text.split('\n').find((line) => line.startsWith(`- ${trOf(locale)('inspect.evidence')}`))!;
        expect(evidence).toBeDefined();
        expect(evidence).not.toMatch(/text chunks|error \(a string\)/);
      }
    }
    const voicing = inspectBody(await exampleStream('ga'));
    const es = reportMarkdown(voicing, trOf('es'), { lesson, page: 'p' });
    expect(es).toMatch(/`type: routing` \(línea \d+\); fragmentos de texto plano \(/);
    const fr = reportMarkdown(voicing, trOf('fr'), { lesson, page: 'p' });
    expect(fr).toMatch(/`type: routing` \(ligne \d+\)\u202f; des fragments de texte brut \(/);
    const failure = reportMarkdown(inspectBody(await exampleStream('gaFailure')), trOf('fr'), { lesson, page: 'p' });
    expect(failure).toContain('un événement d’erreur qui porte une chaîne');
  });
});

describe('the words of a report', () => {
  it('a finding’s lines, and how many more there were', () => {
    const finding = {
      id: 'loneCr',
      severity: 'problem',
      lines: [3, 4] as number[],
      count: 5,
      detail: {},
      lesson: 'fiveRules',
    } as const;
    expect(findingLines(finding, tr)).toBe('Lines: 3, 4 and 3 more');
    expect(findingLines({ ...finding, count: 2 }, tr)).toBe('Lines: 3, 4');
    expect(findingLines(finding, trOf('fr'))).toBe('Lignes\u00a0: 3, 4 et 3 autres');
  });

  it('a round that ends to ask for tools is complete, and says the host calls again', () => {
    const ending = { kind: 'complete', event: 'finish_reason', reason: 'tool_calls', message: '', line: 5 } as const;
    expect(endingHelp(ending, tr)).toContain('the host calls the model again');
    expect(endingHelp({ ...ending, reason: 'stop' }, tr)).not.toContain('calls the model again');
  });
});

describe('every key the inspector builds exists in every locale', () => {
  const built = [
    ...FINDING_IDS.flatMap((id) => [`inspect.finding.${id}.title`, `inspect.finding.${id}.text`]),
    ...['complete', 'tokenLimit', 'refused', 'failed', 'cut', 'unknown'].flatMap((k) => [
      `inspect.ending.${k}`,
      `inspect.endingHelp.${k}`,
    ]),
    ...FORMAT_IDS.filter((id) => !(id in FORMAT_NAMES)).map((id) => `inspect.format.${id}`),
    ...EXAMPLE_IDS.map((id) => `inspect.example.${id}`),
    ...['lf', 'crlf', 'cr', 'none', 'mixed'].map((k) => `inspect.lineEnds.${k}`),
    ...['problem', 'note'].map((k) => `inspect.severity.${k}`),
    // the transport part: its phases, where a finding on it comes from, a timing in words, the head's source
    ...[...HAR_PHASES, 'time'].map((k) => `inspect.phase.${k}`),
    ...['head', 'timings'].map((k) => `inspect.findingFrom.${k}`),
    ...['absent', 'none'].map((k) => `inspect.timing.${k}`),
    ...['head', 'har'].map((k) => `inspect.transportFrom.${k}`),
    'inspect.finding.contentType.textMissing',
    'inspect.finding.cacheControl.textMissing',
    // an ending without its reason, and the words when nothing is found in a body without events or in
    // no known format
    'inspect.endingHelp.noReason',
    'inspect.findingsNoneNoEvent',
    'inspect.findingsNonePlain',
    ...Object.values(WORD_SIGNS).map((key) => `inspect.sign.${key}`),
    'inspect.md.evidenceSeparator',
    'inspect.headerAbsent',
    'inspect.ms',
  ];
  // The keys the page's element and its views name as they are.
  const named = ['inspect-element.ts', 'inspect-report-render.ts', 'inspect-response-render.ts'].flatMap((file) =>
    [
      ...readFileSync(new URL(`../../../../src/widgets/inspect/${file}`, import.meta.url), 'utf8').matchAll(
        /\bt\('([\w.]+)'/g,
      ),
    ].map((m) => `inspect.${m[1]}`),
  );
  for (const locale of LOCALES)
    it(locale, () => {
      const keys = new Set(Object.keys(tables[locale]!).map(formBase));
      expect(named.length).toBeGreaterThan(30);
      expect([...built, ...named].filter((key) => !keys.has(key) && !keys.has(key.replace(/^inspect\./, '')))).toEqual(
        [],
      );
    });
});
