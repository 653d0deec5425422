// The stream inspector's words: the formats and examples it offers, the words of a report, and the
// report to share as Markdown, in the page's language. The strings come in as data (`Tr`): the page
// passes its own (src/widgets/inspect/inspect-element.ts), the command line those of
// content/i18n/<locale>.json (scripts/inspect.ts), so both print the same report. Its imports at run
// time are input.ts's constants only, so that the page's own script stays small: the reading itself
// happens in the worker.

import { expectArray, expectFunction, expectNumber, expectObject } from '../core/arguments.ts';
import type { Finding, LessonKey } from './findings.ts';
import type { FormatId } from './format.ts';
import { HAR_PHASES, type HarEntry, type HarTimings } from './input.ts';
import type { InspectReport } from './inspect.ts';
import { EXCERPT_CHARS, errorShapeName, type ResponseView } from './response.ts';
import type { TransportHeader } from './transport.ts';
import type { EndingView } from './turn.ts';

// The format ids live with the formats (format.ts), the examples with their streams (inspect.ts):
// this file imports the two, neither imports it.
export { FORMAT_IDS, type FormatId } from './format.ts';
export { EXAMPLE_IDS, type ExampleId } from './inspect.ts';

/** The providers' formats by their APIs' own names (names: never translated). GA's and plain SSE are UI strings. */
export const FORMAT_NAMES: Readonly<Partial<Record<FormatId, string>>> = {
  'openai-responses': 'OpenAI Responses',
  'openai-chat': 'OpenAI Chat Completions',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini streamGenerateContent',
};

/** The most characters of the answer or the reasoning the page shows; Copy takes all of it. */
export const SHOWN_CHARS = 20_000;

/** A translated string by key (without `course.`), as the kit's Strings and serverStrings give it. */
export type Tr = (key: string, vars?: Record<string, string | number>) => string;

/** A format's name: the API's own for a provider, the page's words for GA's and plain SSE. */
export function formatName(id: FormatId, tr: Tr): string {
  expectFunction(tr, 'formatName', 'tr');
  return FORMAT_NAMES[id] ?? tr(`inspect.format.${id}`);
}

/** The key of an ending's words (`inspect.ending.<key>`, `inspect.endingHelp.<key>`). */
export function endingKey(kind: EndingView['kind']): string {
  return kind === 'token-limit' ? 'tokenLimit' : kind;
}

/** Reasons that close a round normally but ask the host to call the model again. */
const TOOL_ROUND_REASONS = new Set(['tool_use', 'tool_calls', 'function_call', 'pause_turn']);

/** Whether an ending is complete only as a round: the model asks for tools, or the API paused the turn. */
function isToolRound(ending: EndingView): boolean {
  return ending.kind === 'complete' && TOOL_ROUND_REASONS.has(ending.reason);
}

/**
 * The sentences that explain an ending: its kind's, and the tool round's when it is one. An unknown
 * ending in a known format is a stream that closed without saying why (Chat Completions' `[DONE]`
 * with no `finish_reason`).
 */
export function endingHelp(ending: EndingView, tr: Tr): string {
  if (ending.kind === 'unknown' && ending.event !== '') return tr('inspect.endingHelp.noReason');
  const help = tr(`inspect.endingHelp.${endingKey(ending.kind)}`);
  return isToolRound(ending) ? `${help} ${tr('inspect.endingHelp.toolRound')}` : help;
}

/** Which event said how the turn ended and why, as code (`message_stop, end_turn`), or ''. */
export function endingSaidBy(ending: EndingView): string {
  if (ending.event === '') return ending.reason;
  return ending.reason === '' ? ending.event : `${ending.event}, ${ending.reason}`;
}

/**
 * A finding's lines as the page lists them: "Lines: 3, 7" or "Lines: 3, 7 and 12 more"; for a finding
 * on a HAR entry's head or timings, which have no lines, where it comes from.
 */
export function findingLines(finding: Finding, tr: Tr): string {
  if (finding.lines.length === 0 && finding.from) return tr(`inspect.findingFrom.${finding.from}`);
  const lines = finding.lines.join(', ');
  const more = finding.count - finding.lines.length;
  return more > 0 ? tr('inspect.findingLinesMore', { lines, count: more }) : tr('inspect.findingLines', { lines });
}

/** A finding's explanation, its details (the stream's own words) filled in. */
export function findingText(finding: Finding, tr: Tr): string {
  if (finding.id === 'errorEvent' && finding.detail.message === '') return tr('inspect.finding.errorEvent.textBare');
  if (finding.id === 'contentType' && finding.detail.type === '') return tr('inspect.finding.contentType.textMissing');
  if (finding.id === 'cacheControl' && finding.detail.value === '')
    return tr('inspect.finding.cacheControl.textMissing');
  const vars: Record<string, string | number> = { ...finding.detail };
  if (finding.id === 'replaced') vars.count = finding.count;
  if (finding.id === 'burst')
    Object.assign(vars, {
      wait: milliseconds(Number(finding.detail.wait)),
      receive: milliseconds(Number(finding.detail.receive)),
      count: Number(finding.detail.events),
    });
  return tr(`inspect.finding.${finding.id}.text`, vars);
}

/**
 * What the page says when there is no finding: that the stream ends as its format says it should,
 * only of a stream in a format the inspector knows. A body in which the standard's reader found no
 * event, and events in no known format, get words of their own: the findings that need a format were
 * not looked for. `md`: the report's shorter words for a stream read in full.
 */
export function noFindingsText(report: Pick<InspectReport, 'stream' | 'format'>, tr: Tr, md = false): string {
  if (report.stream.eventCount === 0) return tr('inspect.findingsNoneNoEvent');
  if (report.format.id === 'plain') return tr('inspect.findingsNonePlain');
  return tr(md ? 'inspect.md.noFindings' : 'inspect.findingsNone');
}

/**
 * The signs of a format that format.ts (signsOf) names in words, not code, each with the key
 * of its words in the page's language (`inspect.sign.<key>`). Every other sign is code: an event
 * type, a field or a line, shown as the stream writes it.
 */
export const WORD_SIGNS: Readonly<Record<string, string>> = {
  'text chunks': 'textChunks',
  'error (a string)': 'errorString',
};

/** A sign of a format in the page's language, or null when it is code (to be shown as it is). */
export function evidenceWords(what: string, tr: Tr): string | null {
  const key = Object.hasOwn(WORD_SIGNS, what) ? WORD_SIGNS[what] : undefined;
  return key === undefined ? null : tr(`inspect.sign.${key}`);
}

/** Milliseconds as the page shows them: whole ones from 10 up, one decimal below. */
export function milliseconds(ms: number): number {
  return ms >= 10 ? Math.round(ms) : Math.round(ms * 10) / 10;
}

/** A HAR timing in words: its milliseconds, "does not apply" (-1) or "not recorded" (absent). */
function timingText(ms: number | null, tr: Tr): string {
  if (ms === null) return tr('inspect.timing.absent');
  if (ms < 0) return tr('inspect.timing.none');
  return tr('inspect.ms', { ms: milliseconds(ms) });
}

/** The timings a HAR entry records, phase by phase (HAR names, never translated), then the whole entry. */
export function timingsList(timings: HarTimings, tr: Tr): [string, string][] {
  return [
    ...HAR_PHASES.map((phase): [string, string] => [phase, timingText(timings[phase], tr)]),
    ['time', timingText(timings.time, tr)],
  ];
}

/** A header as the transport part shows it: its value, or that the response has none. */
export function headerText(header: TransportHeader, tr: Tr): string {
  return header.value ?? tr('inspect.headerAbsent');
}

/** The line ends of a stream in words: one kind, none, or how many of each. */
export function lineEndsText(ends: InspectReport['stream']['lineEnds'], tr: Tr): string {
  if (ends.kind === 'mixed') return tr('inspect.lineEnds.mixed', { lf: ends.lf, crlf: ends.crlf, cr: ends.cr });
  return tr(`inspect.lineEnds.${ends.kind}`);
}

/**
 * The longest run of backquotes in a text. Counted in one pass: spread into Math.max, the runs of a
 * stream or of a tool call's arguments (hundreds of thousands in a hostile capture) are more
 * arguments than a call takes, and it throws a RangeError.
 */
function longestBackquotes(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 0x60 /* ` */ ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** A Markdown code fence for `text`: longer than any run of backquotes in it. */
export function fence(text: string): string {
  return '`'.repeat(Math.max(3, longestBackquotes(text) + 1));
}

/** Code in Markdown: in backquotes, more of them than the text holds in a row. */
function code(text: string): string {
  const longest = longestBackquotes(text);
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** What the Markdown report needs besides the strings: its links, and the stream when asked for. */
export interface ReportOptions {
  /** The section of the course each finding links to: its address and its heading. */
  lesson: (key: LessonKey) => { href: string; title: string };
  /** The page's address, for the report's last line. */
  page: string;
  /** The stream itself, when the learner asked for it to be included. */
  stream?: string;
}

/**
 * What the Markdown report reads of a report: all but the turn's answer and reasoning, which it never
 * holds (the page's worker sends the page only the start of them: src/widgets/inspect/inspect-ops.ts).
 */
export type ReportFacts = Omit<InspectReport, 'turn'> & { turn: Omit<InspectReport['turn'], 'answer' | 'reasoning'> };

/**
 * The report to share, in Markdown, in the page's language: the format and what decided it, the
 * stream's figures, how the turn ended, the tool calls and the usage, then each finding with its lines
 * and its lesson. The stream itself only when `options.stream` is given.
 */
export function reportMarkdown(report: ReportFacts, tr: Tr, options: ReportOptions): string {
  expectObject(report, 'reportMarkdown', 'report');
  expectFunction(tr, 'reportMarkdown', 'tr');
  expectObject(options, 'reportMarkdown', 'options');
  const { format, stream, turn } = report;
  const out: string[] = [`# ${tr('inspect.md.heading')}`, ''];
  const name = formatName(format.id, tr);
  out.push(
    format.id === format.detected
      ? `- ${tr('inspect.md.format', { format: name })}`
      : `- ${tr('inspect.md.formatChosen', { format: name, detected: formatName(format.detected, tr) })}`,
  );
  if (format.evidence.length > 0)
    out.push(
      `- ${tr('inspect.md.evidence', {
        evidence: format.evidence
          .map((e) => {
            const where = tr('inspect.evidenceWhere', { line: e.line, count: e.count });
            return `${evidenceWords(e.what, tr) ?? code(e.what)} ${where}`;
          })
          .join(tr('inspect.md.evidenceSeparator')),
      })}`,
    );
  if (report.head) out.push(`- ${tr('inspect.md.head', { status: code(report.head.statusLine) })}`);
  const { transport } = report;
  if (transport) {
    const headers = transport.headers.map((header) =>
      header.value === null
        ? `${code(header.name)} ${tr('inspect.headerAbsent')}`
        : code(`${header.name}: ${header.value}`),
    );
    out.push(`  - ${tr('inspect.md.headers', { headers: headers.join(', ') })}`);
    if (transport.timings)
      out.push(
        `  - ${tr('inspect.md.timings', {
          timings: timingsList(transport.timings, tr)
            .map(([phase, value]) => `${code(phase)} ${value}`)
            .join(', '),
        })}`,
      );
  }
  out.push(
    `- ${tr('inspect.md.size', {
      bytes: tr('count.bytes', { count: stream.bytes }),
      lines: tr('count.dataLines', { count: stream.lineCount }),
      events: tr('count.events', { count: stream.eventCount }),
    })}`,
    `- ${tr('inspect.md.lineEnds', { ends: lineEndsText(stream.lineEnds, tr) })}`,
  );
  if (report.decoded) out.push(`- ${tr('inspect.md.decoded', { how: tr(`inspect.decoded.${report.decoded}`) })}`);
  if (report.curlSaid) out.push(`- ${tr('inspect.md.curlSaid', { said: code(report.curlSaid) })}`);
  const ending = turn.ending;
  const said = endingSaidBy(ending);
  const where = ending.line === null ? '' : ` (${tr('inspect.md.line', { line: ending.line })})`;
  out.push(
    `- ${tr('inspect.md.ending', { ending: tr(`inspect.ending.${endingKey(ending.kind)}`) })}` +
      (said === '' ? '' : ` — ${code(said)}`) +
      where,
  );
  if (ending.message !== '') out.push(`  - ${tr('inspect.md.words', { message: code(ending.message) })}`);
  if (turn.toolCalls.length > 0) {
    out.push(`- ${tr('inspect.md.toolCalls', { count: turn.toolCalls.length })}`);
    for (const call of turn.toolCalls)
      out.push(
        `  - ${code(call.name || '?')} ${code(call.arguments)} (${tr('inspect.md.line', { line: call.line })}` +
          `${call.freeform ? `, ${tr('inspect.freeform')}` : ''})`,
      );
  }
  if (turn.usage)
    out.push(`- ${tr('inspect.md.usage', { usage: turn.usage.fields.map(([k, v]) => `${code(k)} ${v}`).join(', ') })}`);

  out.push('', `## ${tr('inspect.md.findings')}`, '');
  if (report.findings.length === 0) out.push(noFindingsText(report, tr, true));
  report.findings.forEach((finding, i) => {
    const lesson = options.lesson(finding.lesson);
    out.push(
      `${i + 1}. **${tr(`inspect.finding.${finding.id}.title`)}** (${findingLines(finding, tr)}). ` +
        `${findingText(finding, tr)} ${tr('inspect.md.lesson', { link: `[${lesson.title}](${lesson.href})` })}`,
    );
  });
  if (options.stream !== undefined) {
    const ticks = fence(options.stream);
    out.push('', `## ${tr('inspect.md.stream')}`, '', `${ticks}text`, options.stream.replace(/\n?$/, ''), ticks);
  }
  out.push('', tr('inspect.md.madeBy', { url: options.page }), '');
  return out.join('\n');
}

/**
 * A response that is not an event stream, in Markdown, with the facts and words the page shows of it
 * (its title, why it is no stream, the status and headers, the server's own words, the body as it
 * came). The page draws these parts in its own markup; the command line prints this.
 */
export function responseMarkdown(v: ResponseView, tr: Tr): string {
  expectObject(v, 'responseMarkdown', 'v');
  expectFunction(tr, 'responseMarkdown', 'tr');
  const out: string[] = [
    `# ${tr(`inspect.response.title.${v.why}`)}`,
    '',
    tr(`inspect.response.why.${v.why}`, { count: v.jsonLines }),
    '',
  ];
  const header = (name: string, value: string | null) =>
    value === null ? `${code(name)} ${tr('inspect.headerAbsent')}` : code(`${name}: ${value}`);
  if (v.statusLine !== '') out.push(`- ${tr('inspect.md.head', { status: code(v.statusLine) })}`);
  if (v.entry) out.push(`- ${tr('inspect.fact.entry')}: ${code(`${v.entry.method} ${v.entry.url}`)}`);
  const headers = [
    ...(v.statusLine !== '' ? [header('content-type', v.contentType)] : []),
    ...(v.retryAfter !== null ? [header('retry-after', v.retryAfter)] : []),
    ...(v.location !== null ? [header('location', v.location)] : []),
  ];
  if (headers.length > 0) out.push(`- ${tr('inspect.md.headers', { headers: headers.join(', ') })}`);
  const { words } = v;
  if (words) {
    out.push(`- ${tr('inspect.response.shape')}: ${errorShapeName(words.shape, (key) => tr(`inspect.${key}`))}`);
    if (words.kind !== '') out.push(`- ${tr('inspect.response.kind')}: ${code(words.kind)}`);
    if (words.code !== '') out.push(`- ${tr('inspect.response.code')}: ${code(words.code)}`);
    if (words.retryDelay !== '') out.push(`- ${header('retryDelay', words.retryDelay)}`);
    if (words.message !== '') out.push(`- ${tr('inspect.md.words', { message: code(words.message) })}`);
  }
  out.push('', `## ${tr('inspect.response.body')}`, '');
  if (v.excerpt === '') out.push(tr('inspect.response.bodyEmpty'));
  else {
    const ticks = fence(v.excerpt);
    out.push(`${ticks}text`, v.excerpt, ticks);
    if (v.cut) out.push('', tr('inspect.shownPart', { count: EXCERPT_CHARS }));
  }
  out.push('');
  return out.join('\n');
}

/** A HAR file's streaming entries, one per line, as the page's picker lists them, with how many there are. */
export function harMarkdown(entries: readonly HarEntry[], total: number, tr: Tr): string {
  expectArray(entries, 'harMarkdown', 'entries');
  expectNumber(total, 'harMarkdown', 'total');
  expectFunction(tr, 'harMarkdown', 'tr');
  return [
    `# ${tr('inspect.harEntries')}`,
    '',
    tr('inspect.harFound', { count: entries.length, total }),
    '',
    ...entries.map(
      (e) => `- ${e.index}: ${code(`${e.method} ${e.url}`)} · ${e.status} · ${tr('count.bytes', { count: e.size })}`,
    ),
    '',
  ].join('\n');
}
