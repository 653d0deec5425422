// A failed copy of each provider's complete recording: the stream as it was going, up to the end of
// a whole event in the middle of the answer, and then the provider's own report that it failed,
// still inside the HTTP 200 body that had begun. Written by the course in each provider's published
// format, not captured from an API; the messages are the ones the reports carry:
// - OpenAI Responses (https://platform.openai.com/docs/api-reference/responses-streaming): an
//   `error` event, then `response.failed` (its `response.error` says why; `status` "failed"), as a
//   captured failure in vercel/ai sends them, the error nested in an `error` object with its `type`,
//   `code`, `message` and `param`:
// https://github.com/vercel/ai/blob/23f132b48dd12c87de610f437348eb8b0ab34a2e/packages/openai/src/responses/__fixtures__/openai-error.1.chunks.txt
//   (OpenAI's own SDK reads that nesting first, and throws at the `error` event:
// https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/src/core/streaming.ts#L122-L124).
//   Its Response object keeps `output` empty, as the capture's does: that capture failed before any
//   output, and what `output` holds after a failure in the middle of the answer is documented
//   nowhere; the reader does not read it.
// - Anthropic Messages, an `error` event (e.g. `overloaded_error` when the API is busy):
//   https://platform.claude.com/docs/en/build-with-claude/streaming
// - Gemini, Google's API error object, `{"error": {code, message, status}}` (https://google.aip.dev/193;
//   503 is UNAVAILABLE), written bare after the last event, pretty-printed and with no `data:` line:
//   Google documents the object, not how a stream frames it once it has begun, and a bare object in
//   the body is what Google's own SDK checks for (gemini.ts, routeGeminiTail).
// The parsers (openai.ts, anthropic.ts, gemini.ts) read each of them as a failure with its message.

import { TRUNCATE_INSIDE } from './answer.ts';
import { PROVIDER_RECORDINGS, type ProviderRecording } from './recordings.ts';
import type { Provider } from './routes.ts';
import { expectObject } from '../core/arguments.ts';

/** A recording that fails in the middle of the answer with the provider's own error event. */
export interface FailedRecording {
  /** The complete recording this one fails in the middle of. */
  from: ProviderRecording;
  provider: Provider;
  /** The provider's own words in its failure event (never translated: they are the API's). */
  message: string;
  /** The recording's text: its bytes, decoded. */
  text: string;
  /**
   * Whole events of `from` up to the middle of the answer, then the failure (OpenAI: an `error` event and
   * `response.failed`; Anthropic: an event; Gemini: a bare JSON object).
   */
  bytes: Uint8Array;
}

/** What each provider says when it fails mid-answer, as its failure event carries it. */
export const PROVIDER_FAILURE_MESSAGES: Readonly<Record<Provider, string>> = {
  openai: 'The model failed to generate a response.',
  anthropic: 'Overloaded',
  gemini: 'The model is overloaded. Please try again later.',
};

/** The failure each provider sends, framed as its stream frames it. */
function failureEvent(provider: Provider, sequenceNumber: number): string {
  const message = JSON.stringify(PROVIDER_FAILURE_MESSAGES[provider]);
  switch (provider) {
    case 'openai':
      // The error, then the Response object again, now "failed", with the same error; its fields as
      // response.created had them.
      return `event: error
data: {"type":"error","sequence_number":${sequenceNumber},"error":{"type":"server_error","code":"server_error","message":${message},"param":null}}

event: response.failed
data: {"type":"response.failed","sequence_number":${sequenceNumber + 1},"response":{"id":"resp_06c","object":"response","created_at":1767225600,"status":"failed","error":{"code":"server_error","message":${message}},"incomplete_details":null,"instructions":null,"metadata":{},"model":"gpt-5-mini","output":[],"parallel_tool_calls":true,"temperature":1,"tool_choice":"auto","tools":[],"top_p":1}}

`;
    case 'anthropic':
      return `event: error
data: {"type":"error","error":{"type":"overloaded_error","message":${message}}}

`;
    case 'gemini':
      // Google's JSON printer, pretty-printed as its error bodies are (two-space indent, LF).
      return `{
  "error": {
    "code": 503,
    "message": ${message},
    "status": "UNAVAILABLE"
  }
}
`;
  }
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** The blank line that ends each event of a provider's recording. */
export const eventSeparator = (provider: Provider): string => (provider === 'gemini' ? '\r\n\r\n' : '\n\n');

/**
 * The whole events of a recording up to the last one that ends before the `♯` of "G♯ and" (where the
 * truncated copies stop), and how many they are: the start every copy that ends mid-answer shares.
 */
export function eventsBeforeMidAnswer(from: ProviderRecording): { text: string; count: number } {
  const separator = eventSeparator(from.provider);
  const inside = from.text.indexOf(TRUNCATE_INSIDE);
  if (inside === -1) throw new Error(`The ${from.id} recording has no "${TRUNCATE_INSIDE}" to stop before.`);
  const lastEnd = from.text.lastIndexOf(separator, inside);
  if (lastEnd === -1) throw new Error(`The ${from.id} recording has no whole event before "${TRUNCATE_INSIDE}".`);
  const text = from.text.slice(0, lastEnd + separator.length);
  return { text, count: text.split(separator).length - 1 };
}

/**
 * The recording failing mid-answer: its whole events up to the middle of the answer
 * (eventsBeforeMidAnswer, so the failed and truncated copies show the same answer so far), then the
 * provider's failure. OpenAI's two events carry the next two `sequence_number`s.
 */
export function failRecording(from: ProviderRecording): FailedRecording {
  expectObject(from, 'failRecording', 'from');
  const before = eventsBeforeMidAnswer(from);
  const text = before.text + failureEvent(from.provider, before.count);
  return {
    from,
    provider: from.provider,
    message: PROVIDER_FAILURE_MESSAGES[from.provider],
    text,
    bytes: encoder.encode(text),
  };
}

/** The failed copy of each provider's recording (OpenAI, Anthropic, Gemini; not of the two variants). */
export const FAILED_RECORDINGS: readonly FailedRecording[] = /* @__PURE__ */ PROVIDER_RECORDINGS.filter(
  (recording) => recording.id === recording.provider,
).map(failRecording);
