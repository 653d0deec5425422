// The stream inspector's formats: which format a body's events (lines.ts: each with the lines it came
// from and its data parsed as JSON once) are written in, with the events or fields that decided it.
// The formats, and what identifies each one:
// - OpenAI Responses: a `type` that starts with `response.`
//   (https://platform.openai.com/docs/api-reference/responses-streaming);
// - OpenAI Chat Completions: `object: "chat.completion.chunk"` and `choices[].delta`, then
//   `data: [DONE]` (https://platform.openai.com/docs/api-reference/chat/streaming);
// - Anthropic Messages: the types `message_start`, `content_block_delta` and their kin
//   (https://platform.claude.com/docs/en/build-with-claude/streaming);
// - Gemini `streamGenerateContent?alt=sse`: `candidates[].content.parts`, or `promptFeedback` alone
//   when the prompt was blocked (https://ai.google.dev/api/generate-content#generatecontentresponse);
// - GA's host stream: a routing event, the answer's chunks as text, `[DONE]`, or an error event whose
//   `error` is a string (lessons-code/host/chatbot-host.ts, lessons-code/core/events.ts).

import { classifyParsed } from '../core/events.ts';
import { nestsTooDeep } from './depth.ts';
import type { InspectedEvent, PendingLines } from './lines.ts';

/** The formats the inspector knows, in the order the page lists them; `plain`: none of them. */
export const FORMAT_IDS = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'ga', 'plain'] as const;
/** A format's id: one of FORMAT_IDS. */
export type FormatId = (typeof FORMAT_IDS)[number];

export type { InspectedEvent };

/**
 * A sign of a format: what was seen (code: an event type, a field; or a sign in words, one of
 * report.ts's WORD_SIGNS, which the page shows in its language), the first line it is on, how often.
 */
export interface Evidence {
  what: string;
  line: number;
  count: number;
}

export interface FormatDetection {
  id: FormatId;
  evidence: Evidence[];
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Anthropic's event types (the reference's list; `error` is OpenAI's too, so it decides nothing). */
const ANTHROPIC_TYPES = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'ping',
]);

/**
 * What one event says about the format: strong signs, each enough to name a format, and weak ones,
 * which only add to a format named otherwise (`[DONE]`, GA's text chunks).
 */
function signsOf(event: InspectedEvent): { strong: [FormatId, string][]; weak: [FormatId, string][] } {
  const strong: [FormatId, string][] = [];
  const weak: [FormatId, string][] = [];
  const p = event.payload;
  if (event.data === '[DONE]') {
    weak.push(['openai-chat', 'data: [DONE]'], ['ga', 'data: [DONE]']);
    return { strong, weak };
  }
  if (!isObject(p)) {
    if (event.data !== '' && classifyParsed(event.data, () => p).kind === 'text') weak.push(['ga', 'text chunks']);
    return { strong, weak };
  }
  const type = typeof p.type === 'string' ? p.type : undefined;
  if (type?.startsWith('response.')) strong.push(['openai-responses', `type: ${type}`]);
  if (type !== undefined && ANTHROPIC_TYPES.has(type)) strong.push(['anthropic', `type: ${type}`]);
  if (p.object === 'chat.completion.chunk') strong.push(['openai-chat', 'object: chat.completion.chunk']);
  if (Array.isArray(p.choices) && p.choices.some((choice) => isObject(choice) && 'delta' in choice))
    strong.push(['openai-chat', 'choices[].delta']);
  if (Array.isArray(p.candidates)) {
    const parts = p.candidates.some((c) => isObject(c) && isObject(c.content) && Array.isArray(c.content.parts));
    strong.push(['gemini', parts ? 'candidates[].content.parts' : 'candidates']);
  }
  if (isObject(p.usageMetadata)) strong.push(['gemini', 'usageMetadata']);
  if (isObject(p.promptFeedback)) strong.push(['gemini', 'promptFeedback']);
  const kind = classifyParsed(event.data, () => p).kind;
  if (kind === 'routing') strong.push(['ga', 'type: routing']);
  // GA's error event carries a string; the providers' and Google's carry an object.
  if (kind === 'error' && typeof p.error === 'string') strong.push(['ga', 'error (a string)']);
  return { strong, weak };
}

const MAX_EVIDENCE = 5;

/** The first keys of a JSON object cut short, as far as they go: enough for signsOf to know its format. */
function cutPayload(data: string): Json | undefined {
  if (!/^\s*\{/.test(data)) return undefined;
  const out: Json = {};
  for (const key of ['type', 'object']) {
    const value = new RegExp(`"${key}"\\s*:\\s*"([^"\\\\]*)"`).exec(data)?.[1];
    if (value !== undefined) out[key] = value;
  }
  if (/^\s*\{\s*"candidates"\s*:\s*\[/.test(data)) out.candidates = [];
  if (/^\s*\{\s*"promptFeedback"\s*:\s*\{/.test(data)) out.promptFeedback = {};
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The event the end of the stream threw away (rule 5: no blank line came after it), as an event, for
 * the format of a body that holds no other: a single chunk cut before its blank line, or a last line
 * without even a line end. Its data is parsed as JSON, or, cut short, read for its first keys.
 */
export function pendingEvent(pending: PendingLines, index: number): InspectedEvent | null {
  let data = pending.data;
  const { type, line, unfinished } = pending;
  if (unfinished !== null && /^data:/.test(unfinished)) {
    const value = unfinished.slice(5).replace(/^ /, '');
    data = data === '' ? value : `${data}\n${value}`;
  }
  if (data === '' || line === 0) return null;
  let payload: unknown;
  try {
    // JSON nested too deep is read for its first keys only, as a cut one is (lines.ts, MAX_JSON_DEPTH).
    payload = nestsTooDeep(data) ? cutPayload(data) : JSON.parse(data);
  } catch {
    payload = cutPayload(data);
  }
  return { index, type, data, line, dispatchLine: 0, payload };
}

/**
 * The format of a stream: the one whose strong signs the most events carry (the earlier in
 * FORMAT_IDS on a tie); with none, GA's when text chunks end with `[DONE]`, else `plain`. Its
 * evidence: each sign seen, the strong ones first, with its first line and how many events carry it.
 * `pending`, the event the end of the stream threw away, counts only when no other event carries a
 * strong sign: a single chunk cut before its blank line still shows its format.
 */
export function detectFormat(
  events: readonly InspectedEvent[],
  pending: InspectedEvent | null = null,
): FormatDetection {
  const scores = new Map<FormatId, number>();
  const seen = new Map<FormatId, Map<string, Evidence & { strong: boolean }>>();
  const note = (format: FormatId, what: string, line: number, strong: boolean) => {
    let signs = seen.get(format);
    if (!signs) seen.set(format, (signs = new Map()));
    const sign = signs.get(what);
    if (sign) sign.count++;
    else signs.set(what, { what, line, count: 1, strong });
  };
  for (const event of events) {
    const { strong, weak } = signsOf(event);
    const formats = new Set<FormatId>();
    for (const [format, what] of strong) {
      formats.add(format);
      note(format, what, event.line, true);
    }
    for (const format of formats) scores.set(format, (scores.get(format) ?? 0) + 1);
    for (const [format, what] of weak) note(format, what, event.line, false);
  }
  const hasStrong = () => [...scores.values()].some((score) => score > 0);
  if (pending !== null && !hasStrong()) {
    const { strong } = signsOf(pending);
    for (const [format, what] of strong) note(format, what, pending.line, true);
    for (const format of new Set(strong.map(([format]) => format))) scores.set(format, 1);
  }
  let id: FormatId = 'plain';
  let best = 0;
  for (const format of FORMAT_IDS) {
    const score = scores.get(format) ?? 0;
    if (score > best) [id, best] = [format, score];
  }
  // No strong sign, but text chunks and [DONE]: GA's shape without its routing event (the lesson's
  // writer × reader streams, lessons-code/lab/pairs.ts: streamOf).
  const ga = seen.get('ga');
  if (best === 0 && ga?.has('text chunks') && ga.has('data: [DONE]')) id = 'ga';
  return { id, evidence: evidenceOf(seen.get(id)) };
}

function evidenceOf(signs: Map<string, Evidence & { strong: boolean }> | undefined): Evidence[] {
  if (!signs) return [];
  const all = [...signs.values()];
  const ordered = [...all.filter((sign) => sign.strong), ...all.filter((sign) => !sign.strong)];
  return ordered.slice(0, MAX_EVIDENCE).map(({ what, line, count }) => ({ what, line, count }));
}
