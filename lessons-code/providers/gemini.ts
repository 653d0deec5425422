// Gemini's streamGenerateContent?alt=sse, chunk by chunk: every event is a whole
// GenerateContentResponse (https://ai.google.dev/api/generate-content#generatecontentresponse).

import { field, stringField, type EventRouter, type ProviderRoute } from './routes.ts';

/**
 * - The parts of the first candidate (`index` 0): a part with `"thought": true` and text →
 *   reasoning; any other part with text → answer; a part with no text (only a `thoughtSignature`,
 *   a function call…) reaches neither channel. One chunk may carry several parts.
 * - A candidate's `finishReason` closes the turn, whatever its value: STOP, but also MAX_TOKENS or
 *   SAFETY, which end a shorter answer. If a server repeats `finishReason` on every chunk, a
 *   stream cut after its first chunk looks closed too: the reader cannot tell.
 * - No candidates: with `promptFeedback.blockReason` the prompt was blocked, a failure; without, the
 *   chunk carries nothing for the screen.
 * - An `error` object instead of a response: the server failed after the stream had begun (HTTP 200
 *   already sent). It has the shape of Google's API errors, `{"error": {"code", "message", "status"}}`
 *   (https://google.aip.dev/193), and Google's own SDK turns it into an exception mid-stream
 *   (https://github.com/googleapis/js-genai, src/_api_client.ts, processStreamResponse): a failure,
 *   with the error's message, and no later chunk changes that.
 */
export const routeGeminiEvent: EventRouter = (payload) => {
  const error = field(payload, 'error');
  if (error !== undefined) {
    const status = stringField(error, 'status');
    return [{ kind: 'failure', name: status === undefined ? 'error' : `error ${status}`, message: stringField(error, 'message') ?? '' }];
  }
  const candidates = field(payload, 'candidates');
  const first = Array.isArray(candidates) ? candidates.find((candidate) => (field(candidate, 'index') ?? 0) === 0) : undefined;
  if (first === undefined) {
    const blockReason = stringField(field(payload, 'promptFeedback'), 'blockReason');
    if (blockReason !== undefined) return [{ kind: 'failure', name: 'promptFeedback.blockReason', message: blockReason }];
    return [{ kind: 'ignored', name: 'no candidates' }];
  }
  const routes: ProviderRoute[] = [];
  const parts = field(field(first, 'content'), 'parts');
  for (const part of Array.isArray(parts) ? parts : []) {
    const text = stringField(part, 'text');
    if (text === undefined) {
      const keys = typeof part === 'object' && part !== null ? Object.keys(part) : [];
      routes.push({ kind: 'ignored', name: `part ${keys.join(' ') || '(empty)'}` });
    } else if (field(part, 'thought') === true) {
      routes.push({ kind: 'reasoning', name: 'part thought', delta: text });
    } else {
      routes.push({ kind: 'answer', name: 'part text', delta: text });
    }
  }
  const finishReason = stringField(first, 'finishReason');
  if (finishReason !== undefined) routes.push({ kind: 'closing', name: `finishReason ${finishReason}` });
  if (routes.length === 0) routes.push({ kind: 'ignored', name: 'candidate without parts' });
  return routes;
};
