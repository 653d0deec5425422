// Gemini's streamGenerateContent?alt=sse, chunk by chunk: every event is a whole
// GenerateContentResponse (https://ai.google.dev/api/generate-content#generatecontentresponse).

import { field, stringField, type EventRouter, type ProviderRoute, type VerdictKind } from './routes.ts';
import { expectString } from '../core/arguments.ts';

/**
 * `finishReason` values (the reference's FinishReason,
 * https://ai.google.dev/api/generate-content#FinishReason): a natural stop; the output token limit;
 * the answer stopped by a filter (safety, recitation, forbidden terms, prohibited content, personal
 * data, an unsupported language, an image's safety). Every other value (`OTHER`, a malformed or
 * unexpected tool call, one the reader does not know) is not taken for a finished answer.
 */
const FINISH_REASONS: Readonly<Record<string, VerdictKind>> = {
  STOP: 'complete',
  MAX_TOKENS: 'token-limit',
  SAFETY: 'refused',
  RECITATION: 'refused',
  LANGUAGE: 'refused',
  BLOCKLIST: 'refused',
  PROHIBITED_CONTENT: 'refused',
  SPII: 'refused',
  IMAGE_SAFETY: 'refused',
  IMAGE_PROHIBITED_CONTENT: 'refused',
  IMAGE_RECITATION: 'refused',
};

/**
 * - The parts of the first candidate (`index` 0): a part with `"thought": true` and text →
 *   reasoning; any other part with text → answer. A part with no text or an empty one reaches
 *   neither channel: streams send a thought signature (https://ai.google.dev/gemini-api/docs/thinking)
 *   in a part of its own whose text is "", and a function call has no text. One chunk may carry
 *   several parts.
 * - A candidate's `finishReason` closes the turn and says how (FINISH_REASONS). If a server repeats
 *   `finishReason` on every chunk, a stream cut after its first chunk looks closed too: the reader
 *   cannot tell.
 * - No candidates: with `promptFeedback.blockReason` the prompt was blocked and the turn is refused;
 *   without, the chunk carries nothing for the screen.
 * - An `error` object instead of a response: the server failed after the stream had begun (HTTP 200
 *   already sent). It has the shape of Google's API errors, `{"error": {"code", "message", "status"}}`
 *   (https://google.aip.dev/193): a failure, with the error's status and message, and no later chunk
 *   changes that. The same object can also come bare, after the last event, with no `data:` line:
 *   read-provider-stream.ts hands that tail to routeGeminiTail.
 */
export const routeGeminiEvent: EventRouter = (payload) => {
  const error = errorRoute(payload);
  if (error !== undefined) return [error];
  const candidates = field(payload, 'candidates');
  const first = Array.isArray(candidates)
    ? candidates.find((candidate) => (field(candidate, 'index') ?? 0) === 0)
    : undefined;
  if (first === undefined) {
    const blockReason = stringField(field(payload, 'promptFeedback'), 'blockReason');
    if (blockReason !== undefined)
      return [{ kind: 'closing', name: 'promptFeedback.blockReason', ending: 'refused', reason: blockReason }];
    return [{ kind: 'ignored', name: 'no candidates' }];
  }
  const routes: ProviderRoute[] = [];
  const parts = field(field(first, 'content'), 'parts');
  for (const part of Array.isArray(parts) ? parts : []) {
    const text = stringField(part, 'text');
    if (text === undefined || text === '') {
      const keys = typeof part === 'object' && part !== null ? Object.keys(part).filter((key) => key !== 'text') : [];
      routes.push({
        kind: 'ignored',
        name: `part ${text === '' ? 'text "" ' : ''}${keys.join(' ') || '(empty)'}`.replace(/ $/, ''),
      });
    } else if (field(part, 'thought') === true) {
      routes.push({ kind: 'reasoning', name: 'part thought', delta: text });
    } else {
      routes.push({ kind: 'answer', name: 'part text', delta: text });
    }
  }
  const finishReason = stringField(first, 'finishReason');
  if (finishReason !== undefined)
    routes.push({
      kind: 'closing',
      name: `finishReason ${finishReason}`,
      // The reason comes from the stream: only these own keys count (`__proto__`, `toString` are no reason).
      ending: Object.hasOwn(FINISH_REASONS, finishReason) ? FINISH_REASONS[finishReason]! : 'failed',
      reason: finishReason,
    });
  if (routes.length === 0) routes.push({ kind: 'ignored', name: 'candidate without parts' });
  return routes;
};

/** Google's error object, `{"error": {code, message, status}}`, as a failure route (undefined for anything else). */
function errorRoute(payload: unknown, note = ''): ProviderRoute | undefined {
  const error = field(payload, 'error');
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const status = stringField(error, 'status') ?? '';
  return {
    kind: 'failure',
    name: ['error', status, note].filter(Boolean).join(' '),
    code: status,
    message: stringField(error, 'message') ?? '',
  };
}

/**
 * What is left of a Gemini body after its last event, when no blank line closed it: the standard
 * drops it, but a body that ends with a bare JSON error object, pretty-printed and without a `data:`
 * line, is the server saying that it failed. Google's own SDK looks for exactly that: it parses each
 * read as JSON and throws on an `error` in it (js-genai at 6e9b35c,
 * https://github.com/googleapis/js-genai/blob/6e9b35c45e21f0d37179a24d29dca01ebed698e6/src/_api_client.ts#L710-L735);
 * an error framed as a `data:` event is not what that check reads. Anything else in the tail: no route.
 */
export function routeGeminiTail(tail: string): ProviderRoute[] {
  expectString(tail, 'routeGeminiTail', 'tail');
  const text = tail.trim();
  if (!text.startsWith('{')) return [];
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return [];
  }
  const error = errorRoute(payload, '(bare JSON)');
  return error === undefined ? [] : [error];
}
