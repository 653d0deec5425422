// What the stream inspector points out in a stream: each finding names the lines it rests on and the
// section of the course that explains it (a LessonKey: lessons.ts holds the links). Pure.
// The findings on the transport (status, headers, a HAR entry's timings) read transport.ts.

import type { FormatId, InspectedEvent } from './format.ts';
import type { BodyLines } from './lines.ts';
import { directives, type TransportView } from './transport.ts';
import { CLOSING_EVENTS, type TurnFacts, type TurnView } from './turn.ts';

/** The sections of the course a finding sends the reader to (their links: lessons.ts). */
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
/** A section of the course a finding sends the reader to (LESSON_LINKS). */
export type LessonKey = (typeof LESSON_KEYS)[number];

/** The findings, in the order the page lists them: problems first, then notes. */
export const FINDING_IDS = [
  'status',
  'burst',
  'contentType',
  'cut',
  'doneMissing',
  'finishMissing',
  'errorEvent',
  'discarded',
  'sentenceRun',
  'toolStop',
  'toolArguments',
  'loneCr',
  'fieldName',
  'replaced',
  'notJson',
  'emptyData',
  'doneUnexpected',
  'toolIndex',
  'toolIndexShared',
  'keepAlive',
  'compressed',
  'cacheControl',
  'proxyBuffering',
] as const;
/** A finding's id: its words are `course.inspect.finding.<id>.*` in each locale. */
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

const PROVIDER_FORMATS: readonly FormatId[] = ['openai-responses', 'anthropic', 'gemini'];
const JSON_FORMATS: readonly FormatId[] = [...PROVIDER_FORMATS, 'openai-chat'];

export interface FindingInput {
  format: FormatId;
  /** The body's lines as read once (lines.ts): their counts and the lines each finding points at. */
  lines: BodyLines;
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

/**
 * Whether the sentence end at `at` and the capital after it are more likely a name or code than two
 * sentences: inside backquotes (`inCode`: an odd number of them before it); a dot with nothing before
 * it (`.NET`); a dotted word before it (`System.Text.`, `e.g.`); or a word after it that is one letter
 * and a dot (`U.S.`), all capitals (`ASP.NET`, `Node.JS`), has a capital inside (`Console.WriteLine`),
 * or goes on with a dot, a bracket or a parenthesis (`System.Text.Json`, `List<T>`, `Foo()`). A
 * sentence that ends with one letter, a note or a chord (`resolve to G.`), is a sentence.
 */
function nameOrCode(answer: string, at: number, inCode: boolean): boolean {
  if (inCode) return true;
  // The word before, its last WORD_LOOKED_AT characters at most: an answer with no whitespace (a
  // capture's `Word1.Word2.…`, a piece each) would otherwise be walked back to its start at each place.
  const before = answer.slice(wordStart(answer, at, WORD_LOOKED_AT), at);
  if (before === '' || /[.!?][\p{L}\p{N}]/u.test(before)) return true;
  const after = /^[\p{L}\p{N}_]*/u.exec(answer.slice(at + 1))![0];
  const next = answer.charAt(at + 1 + after.length);
  return (
    (after.length === 1 && next === '.') ||
    /^\p{Lu}{2,}$/u.test(after) ||
    /\p{Ll}\p{Lu}/u.test(after) ||
    (next === '.' && /[\p{L}\p{N}]/u.test(answer.charAt(at + 2 + after.length))) ||
    next === '(' ||
    next === '<' ||
    next === '['
  );
}

/**
 * The places where two pieces of the answer meet with a sentence end at the end of one and a capital
 * at the start of the next (`chord.` then `Then`): the mark of the pinned chunker, which cuts after a
 * sentence end and drops the whitespace that followed it (`(?<=[.!?])\s+`, 06's Sentences). Inside
 * one piece the same letters are the text's own, and where two content blocks meet the answer is two
 * parts a client shows apart: neither is the chunker's doing. Names and code are left out (nameOrCode).
 */
function sentenceRuns(answer: string, pieces: TurnFacts['pieces']): { at: number; lines: [number, number] }[] {
  const runs: { at: number; lines: [number, number] }[] = [];
  // The backquotes before each place, counted once through the answer (the pieces come in order):
  // an odd count is a place inside code.
  let counted = 0;
  let ticks = 0;
  for (let i = 1; i < pieces.length; i++) {
    const [previous, piece] = [pieces[i - 1]!, pieces[i]!];
    const at = piece.at - 1;
    if (previous.block !== piece.block || at < 0 || piece.at >= answer.length) continue;
    if (!/[.!?]/.test(answer.charAt(at)) || !/\p{Lu}/u.test(answer.charAt(piece.at))) continue;
    if (at < counted) [counted, ticks] = [0, 0];
    for (; counted < at; counted++) if (answer.charCodeAt(counted) === 0x60) ticks++;
    if (!nameOrCode(answer, at, ticks % 2 === 1)) runs.push({ at, lines: [previous.line, piece.line] });
  }
  return runs;
}

/**
 * How far back nameOrCode looks for the start of the word before a sentence end: longer than any
 * name or dotted path.
 */
const WORD_LOOKED_AT = 200;

/** Where the run of characters other than whitespace that ends at `at` starts (`at` itself after a space). */
function wordStart(text: string, at: number, most = Number.POSITIVE_INFINITY): number {
  let from = at;
  while (from > 0 && at - from < most && !/\s/.test(text.charAt(from - 1))) from--;
  return from;
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

/** The answer around place `at`, on one line, in whole words (10 characters more at most): what the finding quotes. */
function around(text: string, at: number): string {
  let from = Math.max(0, at - 12);
  let to = Math.min(text.length, at + 14);
  const wordEnd = /^\S{0,10}/.exec(text.slice(to, to + 10))![0].length;
  from = wordStart(text, from, 10);
  to += wordEnd;
  const before = text.lastIndexOf('\n', at);
  const after = text.indexOf('\n', at + 1);
  if (before >= from) from = before + 1;
  if (after !== -1 && after < to) to = after;
  return text.slice(from, to).trim();
}

/** Every finding in a stream, in the order of FINDING_IDS; an empty list when there is none. */
export function findIn(input: FindingInput): Finding[] {
  const { format, lines: body, events, turn, facts } = input;
  const found = new Map<FindingId, Finding>();
  const lastLine = body.lineCount + input.offset;
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
  // How the body ends: the provider's closing event, or the end marker of Chat Completions and GA.
  if (PROVIDER_FORMATS.includes(format) && turn.ending.kind === 'cut')
    add('cut', 'problem', [lastLine], 'turnEndings', { closing: CLOSING_EVENTS[format] ?? '' }, 1);
  // An error event says why the turn stopped; the missing [DONE] would only repeat it.
  if ((format === 'openai-chat' || format === 'ga') && facts.doneLines.length === 0 && facts.errorLines.length === 0)
    add('doneMissing', 'problem', [lastLine], 'stopsShort', {}, 1);
  if (format === 'openai-chat' && turn.ending.kind === 'unknown' && facts.doneLines.length > 0)
    add('finishMissing', 'problem', facts.doneLines, 'turnEndings');
  if (PROVIDER_FORMATS.includes(format) && facts.doneLines.length > 0)
    add('doneUnexpected', 'note', facts.doneLines, 'routeByPayload');

  if (facts.errorLines.length > 0)
    add('errorEvent', 'problem', facts.errorLines, format === 'ga' ? 'whenFails' : 'turnEndings', {
      message: facts.errorMessage,
    });

  if (body.discarded.length > 0) add('discarded', 'problem', body.discarded, 'fiveRules');

  const runs = sentenceRuns(turn.answer, facts.pieces);
  if (runs.length > 0)
    add(
      'sentenceRun',
      'problem',
      runs.flatMap(({ lines }) => lines),
      'sentences',
      { text: around(turn.answer, runs[0]!.at) },
      runs.length,
    );

  // Placed by id (turn.ts, placeToolCalls): a note on a reader that goes by index alone.
  if (facts.unindexed.length > 0) add('toolIndex', 'note', facts.unindexed, 'fourDetails');
  if (facts.sharedIndex.length > 0) add('toolIndexShared', 'note', facts.sharedIndex, 'fourDetails');
  // Google's compatible endpoint ends a tool round with "stop": a host that decides by the reason
  // answers without running the calls.
  if (format === 'openai-chat' && turn.toolCalls.length > 0 && turn.ending.reason === 'stop' && turn.ending.line)
    add('toolStop', 'problem', [turn.ending.line], 'fourDetails');

  // A call's arguments must parse before it runs; a turn cut or stopped at its limit leaves them half
  // written. An empty text is a call without arguments (Anthropic's tool_use with input {} sends no delta).
  // A custom tool's input is free text, no JSON to parse.
  const unparsed = turn.toolCalls.filter((call) => !call.freeform && call.arguments !== '' && !parses(call.arguments));
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

  if (body.loneCr.length > 0) add('loneCr', 'problem', body.loneCr, 'fiveRules');

  // The lines the standard ignores as fields it does not know, whatever follows their name (HTML
  // standard §9.2.6): `Step 1: play the root.` is lost as silently as `Then`; a writer put a chunk of
  // several lines behind one `data:`. A group of such lines that reads whole as JSON is a body sent
  // bare in the stream, which the error finding reports (lines.ts leaves it out).
  if (body.unknownFields.length > 0) add('fieldName', 'problem', body.unknownFields, 'writerReader');

  if (input.replaced > 0) add('replaced', 'problem', body.replaced, 'networkCuts', {}, input.replaced);

  if (JSON_FORMATS.includes(format) && facts.notJson.length > 0)
    add('notJson', 'problem', facts.notJson, 'routeByPayload');

  const empty = events.filter((event) => event.data === '').map((event) => event.line);
  if (empty.length > 0) add('emptyData', 'note', empty, 'fiveRules');

  if (body.comments.length > 0) add('keepAlive', 'note', body.comments, 'fiveRules');

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
 * (transport.ts says when); a content type other than text/event-stream; a compressed body;
 * a cache-control that says none of no-cache, no-store and no-transform; a response that asks nginx
 * to buffer it (x-accel-buffering: yes).
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
  // RFC 9111: no-transform forbids a proxy to change the body (§5.2.2.6), no-store a cache to keep it
  // (§5.2.2.5); no-cache lets a cache keep it, never to serve again without asking the server
  // (§5.2.2.4). A response that says any of them has had its say on the way; one that says none of them
  // may be transformed on the way, which the note says, with what each directive does.
  const cache = header('cache-control');
  const said = directives(cache.value);
  if (!['no-cache', 'no-store', 'no-transform'].some((directive) => said.includes(directive)))
    out.push(
      onTransport(t, 'cacheControl', 'note', cache.line || t.statusAt, 'noStream', { value: cache.value ?? '' }),
    );
  // nginx reads this header from the upstream's response and buffers the response when it says yes
  // (https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_buffering), and by default takes it
  // off before the client (#proxy_hide_header): a capture that shows it was most likely taken before
  // nginx, so it is a note on what an nginx in front of this server would do.
  const buffering = header('x-accel-buffering');
  if (buffering.value !== null && /^\s*yes\s*$/i.test(buffering.value))
    out.push(onTransport(t, 'proxyBuffering', 'note', buffering.line, 'noStream'));
  return out;
}
