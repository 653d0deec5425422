// What the stream inspector points out in a stream: each finding names the lines it rests on and the
// section of the course that explains it (a LessonKey: inspect-lessons.ts holds the links). Pure.
// The findings on the transport (status, headers, a HAR entry's timings) read inspect-transport.ts.

import type { StandardTrace } from '../../../lessons-code/index.ts';
import type { FormatId, InspectedEvent } from './inspect-format.ts';
import { directives, type TransportView } from './inspect-transport.ts';
import { CLOSING_EVENTS, type TurnFacts, type TurnView } from './inspect-turn.ts';

/** The sections of the course a finding sends the reader to (their links: inspect-lessons.ts). */
export const LESSON_KEYS = [
  'fiveRules',
  'whenFails',
  'sentences',
  'writerReader',
  'networkCuts',
  'stopsShort',
  'routeByPayload',
  'turnEndings',
  'fourDetails',
  'noStream',
] as const;
export type LessonKey = (typeof LESSON_KEYS)[number];

/** The findings, in the order the page lists them: problems first, then notes. */
export const FINDING_IDS = [
  'status',
  'burst',
  'contentType',
  'cut',
  'doneMissing',
  'errorEvent',
  'discarded',
  'sentenceRun',
  'toolIndex',
  'toolArguments',
  'loneCr',
  'fieldName',
  'replaced',
  'notJson',
  'emptyData',
  'doneUnexpected',
  'keepAlive',
  'compressed',
  'cacheControl',
  'proxyBuffering',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

/**
 * One finding: `problem` when a client would show or keep something wrong, `note` when a careful
 * reader is unharmed. `lines`: the first lines it rests on (numbers in the input), `count` all of
 * them; `detail`: the stream's own words it quotes (code, never translated). `from`: a finding on the
 * transport rests on the response's head or on a HAR entry's timings, which have no lines when they
 * come from a HAR file.
 */
export interface Finding {
  id: FindingId;
  severity: 'problem' | 'note';
  lines: number[];
  count: number;
  detail: Record<string, string>;
  lesson: LessonKey;
  from?: 'head' | 'timings';
}

/** The most line numbers a finding carries; `count` says how many there were. */
const MAX_FINDING_LINES = 12;

/** A sentence end run straight into the next sentence: the mark the pinned split leaves (`chord.Then`). */
const SENTENCE_RUN = /[.!?][A-Z]/g;

const PROVIDER_FORMATS: readonly FormatId[] = ['openai-responses', 'anthropic', 'gemini'];
const JSON_FORMATS: readonly FormatId[] = [...PROVIDER_FORMATS, 'openai-chat'];

export interface FindingInput {
  format: FormatId;
  trace: StandardTrace;
  events: readonly InspectedEvent[];
  turn: TurnView;
  facts: TurnFacts;
  /** Lines of the input before the body (an HTTP head). */
  offset: number;
  /** Invalid UTF-8 sequences the decoder replaced. */
  replaced: number;
  /** The status, headers and timings, when the input has a head (curl -i, a HAR entry). */
  transport?: TransportView | null;
}

/** The line of the event whose text holds place `at` of the answer. */
function lineInAnswer(pieces: TurnFacts['pieces'], at: number): number {
  let low = 0;
  let high = pieces.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (pieces[mid]!.at <= at) low = mid;
    else high = mid - 1;
  }
  return pieces[low]?.line ?? 0;
}

/** Whether a text is JSON. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The answer around place `at`, on one line of text: what the finding quotes. */
function around(text: string, at: number): string {
  let from = Math.max(0, at - 12);
  let to = Math.min(text.length, at + 14);
  const before = text.lastIndexOf('\n', at);
  const after = text.indexOf('\n', at + 1);
  if (before >= from) from = before + 1;
  if (after !== -1 && after < to) to = after;
  return text.slice(from, to).trim();
}

/** Every finding in a stream, in the order of FINDING_IDS; an empty list when there is none. */
export function findIn(input: FindingInput): Finding[] {
  const { format, trace, events, turn, facts, offset } = input;
  const found = new Map<FindingId, Finding>();
  const lastLine = trace.lines.length + offset;
  const add = (
    id: FindingId,
    severity: Finding['severity'],
    lines: number[],
    lesson: LessonKey,
    detail: Record<string, string> = {},
    count = lines.length,
  ) => {
    const unique = [...new Set(lines)].sort((a, b) => a - b);
    found.set(id, { id, severity, lines: unique.slice(0, MAX_FINDING_LINES), count, detail, lesson });
  };
  const linesWhere = (test: (line: StandardTrace['lines'][number]) => boolean): number[] => {
    const out: number[] = [];
    trace.lines.forEach((line, i) => {
      if (test(line)) out.push(i + 1 + offset);
    });
    return out;
  };

  // How the body ends: the provider's closing event, or the end marker of Chat Completions and GA.
  if (PROVIDER_FORMATS.includes(format) && turn.ending.kind === 'cut')
    add('cut', 'problem', [lastLine], 'turnEndings', { closing: CLOSING_EVENTS[format] ?? '' }, 1);
  if ((format === 'openai-chat' || format === 'ga') && facts.doneLines.length === 0)
    add('doneMissing', 'problem', [lastLine], 'stopsShort', {}, 1);
  if (PROVIDER_FORMATS.includes(format) && facts.doneLines.length > 0)
    add('doneUnexpected', 'note', facts.doneLines, 'routeByPayload');

  if (facts.errorLines.length > 0)
    add('errorEvent', 'problem', facts.errorLines, format === 'ga' ? 'whenFails' : 'turnEndings', {
      message: facts.errorMessage,
    });

  const discarded = linesWhere((line) => line.discarded);
  if (discarded.length > 0) add('discarded', 'problem', discarded, 'fiveRules');

  const runs: { at: number }[] = [];
  for (const match of turn.answer.matchAll(SENTENCE_RUN)) runs.push({ at: match.index });
  if (runs.length > 0 && facts.pieces.length > 0)
    add(
      'sentenceRun',
      'problem',
      runs.flatMap(({ at }) => [lineInAnswer(facts.pieces, at), lineInAnswer(facts.pieces, at + 1)]),
      'sentences',
      { text: around(turn.answer, runs[0]!.at) },
      runs.length,
    );

  if (facts.unindexed.length > 0) add('toolIndex', 'problem', facts.unindexed, 'fourDetails');

  // A call's arguments must parse before it runs; a turn cut or stopped at its limit leaves them half
  // written. An empty text is a call without arguments (Anthropic's tool_use with input {} sends no delta).
  const unparsed = turn.toolCalls.filter((call) => call.arguments !== '' && !parses(call.arguments));
  if (unparsed.length > 0) {
    const stopped = turn.ending.kind === 'cut' || turn.ending.kind === 'token-limit';
    add(
      'toolArguments',
      'problem',
      unparsed.map((call) => call.line),
      stopped ? 'turnEndings' : 'fourDetails',
      { name: unparsed[0]!.name },
    );
  }

  const loneCr = linesWhere((line) => line.end === '\r');
  if (loneCr.length > 0) add('loneCr', 'problem', loneCr, 'fiveRules');

  const fieldNames = linesWhere((line) => line.tag === 'no-colon');
  if (fieldNames.length > 0) add('fieldName', 'problem', fieldNames, 'writerReader');

  if (input.replaced > 0)
    add(
      'replaced',
      'problem',
      linesWhere((line) => line.text.includes('\uFFFD')),
      'networkCuts',
      {},
      input.replaced,
    );

  if (JSON_FORMATS.includes(format) && facts.notJson.length > 0)
    add('notJson', 'problem', facts.notJson, 'routeByPayload');

  const empty = events.filter((event) => event.data === '').map((event) => event.line);
  if (empty.length > 0) add('emptyData', 'note', empty, 'fiveRules');

  const comments = linesWhere((line) => line.tag === 'comment');
  if (comments.length > 0) add('keepAlive', 'note', comments, 'fiveRules');

  if (input.transport) for (const finding of transportFindings(input.transport)) found.set(finding.id, finding);

  return FINDING_IDS.flatMap((id) => {
    const finding = found.get(id);
    return finding ? [finding] : [];
  });
}

/** A finding on the transport: the line of the head it rests on, or none for a HAR entry. */
function onTransport(
  t: TransportView,
  id: FindingId,
  severity: Finding['severity'],
  line: number,
  lesson: LessonKey,
  detail: Record<string, string> = {},
  from: Finding['from'] = 'head',
): Finding {
  const lines = t.har || line === 0 ? [] : [line];
  return { id, severity, lines, count: lines.length, detail, lesson, from };
}

/**
 * The findings on a response's status, headers and timings: a status that is not 2xx; one late burst
 * (inspect-transport.ts says when); a content type other than text/event-stream; a compressed body;
 * a cache-control that lets a cache keep the response or a proxy transform it; a response that asks
 * nginx to buffer it (x-accel-buffering: yes).
 */
function transportFindings(t: TransportView): Finding[] {
  const out: Finding[] = [];
  const header = (name: string) => t.headers.find((h) => h.name === name)!;
  if (t.status !== null && (t.status < 200 || t.status > 299))
    out.push(onTransport(t, 'status', 'problem', t.statusAt, 'whenFails', { status: t.statusLine }));
  if (t.body?.burst)
    out.push(
      onTransport(
        t,
        'burst',
        'problem',
        0,
        'noStream',
        { wait: String(t.body.wait), receive: String(t.body.receive), events: String(t.body.events) },
        'timings',
      ),
    );
  const type = header('content-type');
  if (type.value === null) out.push(onTransport(t, 'contentType', 'problem', t.statusAt, 'fiveRules', { type: '' }));
  else if (!/^\s*text\/event-stream\s*(?:;|$)/i.test(type.value))
    out.push(onTransport(t, 'contentType', 'problem', type.line, 'fiveRules', { type: type.value }));
  const encoding = header('content-encoding');
  const codings = directives(encoding.value).filter((coding) => coding !== 'identity');
  if (codings.length > 0)
    out.push(onTransport(t, 'compressed', 'note', encoding.line, 'noStream', { coding: codings.join(', ') }));
  const cache = header('cache-control');
  const said = directives(cache.value);
  if (!said.includes('no-cache') && !said.includes('no-transform'))
    out.push(
      onTransport(t, 'cacheControl', 'note', cache.line || t.statusAt, 'noStream', { value: cache.value ?? '' }),
    );
  // nginx reads this header from the upstream's response and buffers the response when it says yes
  // (https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_buffering).
  const buffering = header('x-accel-buffering');
  if (buffering.value !== null && /^\s*yes\s*$/i.test(buffering.value))
    out.push(onTransport(t, 'proxyBuffering', 'problem', buffering.line, 'noStream'));
  return out;
}
