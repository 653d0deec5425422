// Two more copies of each provider's complete recording, each ending the way a turn can end without
// a network fault or an error: at the output token limit, and refused. Like the failed copies
// (failed-recordings.ts), they are the recording's whole events up to the middle of the answer, then
// what the provider sends to end the turn that way, written by the course in its published format:
// - OpenAI Responses (https://platform.openai.com/docs/api-reference/responses-streaming): the
//   message item closed with status "incomplete", then `response.incomplete` whose
//   `incomplete_details.reason` is "max_output_tokens". A refusal is a content part of its own,
//   `{"type": "refusal"}`, streamed by `response.refusal.delta` in place of the answer's text, so
//   the refused copy keeps the recording only up to the message's opening and refuses from there;
//   the turn then completes as usual.
// - Anthropic Messages (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons):
//   the text block closed, then `message_delta` with `stop_reason` "max_tokens", or "refusal", then
//   `message_stop`. A streaming refusal writes no words into the answer; its `message_delta` carries
//   `stop_details` beside the stop reason: the policy `category` and a human-readable `explanation`,
//   either of which may be null
//   (https://platform.claude.com/docs/en/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals;
//   RefusalStopDetails in anthropic-sdk-typescript at bfa9197,
// https://github.com/anthropics/anthropic-sdk-typescript/blob/bfa9197f0182084941052be9752c948638421601/src/resources/messages/messages.ts#L2858-L2891;
//   a captured refusal in vercel/ai,
// https://github.com/vercel/ai/blob/6b4d3251811a7fdd5aee11c90063f5cadd9ce8e2/packages/anthropic/src/__fixtures__/anthropic-refusal.chunks.txt).
//   The refused copy carries one, in the course's words (ANTHROPIC_REFUSAL_EXPLANATION).
// - Gemini (https://ai.google.dev/api/generate-content#FinishReason): a last chunk whose candidate's
//   `finishReason` is "MAX_TOKENS", with the text generated up to the limit, or "SAFETY", with no
//   content (the answer is withheld) and the safety rating that blocked it.
// The token counts are the course's own, like the recordings'.

import { PROVIDER_REASONING } from './answer.ts';
import { eventSeparator, eventsBeforeMidAnswer } from './failed-recordings.ts';
import { PROVIDER_RECORDINGS, type ProviderRecording } from './recordings.ts';
import type { Provider } from './routes.ts';
import { expectObject, expectOneOf } from '../core/arguments.ts';

/** The two endings these copies have. */
export type CopyEnding = 'token-limit' | 'refused';

/** A copy of a complete recording that ends at the token limit or refused, as its provider sends it. */
export interface EndedRecording {
  /** The complete recording this one is a copy of. */
  from: ProviderRecording;
  provider: Provider;
  ending: CopyEnding;
  /** The recording's text: its bytes, decoded. */
  text: string;
  bytes: Uint8Array;
}

/** What OpenAI's model writes in the refused copy, in place of the answer (the course's words). */
export const OPENAI_REFUSAL = "I'm sorry, but I can't help with that.";

/** The `stop_details.explanation` of Anthropic's refused copy (the course's words, not the API's). */
const ANTHROPIC_REFUSAL_EXPLANATION =
  "This answer was stopped by a streaming safety classifier under Anthropic's Usage Policy.";

const encoder = /* @__PURE__ */ new TextEncoder();

/** One OpenAI event: its `event:` line and its JSON, with the type and sequence number first. */
function openAIEvent(type: string, sequenceNumber: number, fields: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequenceNumber, ...fields })}\n\n`;
}

/** The Response object as the recording's `response.created` has it, with a new status and what follows from it. */
function openAIResponse(from: ProviderRecording, changes: Record<string, unknown>): Record<string, unknown> {
  const created = JSON.parse(from.text.split('\n')[1]!.slice('data: '.length)) as { response: Record<string, unknown> };
  return { ...created.response, ...changes };
}

const reasoningItem = () => ({
  id: 'rs_06c',
  type: 'reasoning',
  summary: [{ type: 'summary_text', text: PROVIDER_REASONING }],
});

/** OpenAI: the answer so far, closed at the output token limit. */
function openAILimit(from: ProviderRecording): string {
  const before = eventsBeforeMidAnswer(from);
  const text = before.text
    .split('\n')
    .filter((line) => line.startsWith('data: {"type":"response.output_text.delta"'))
    .map((line) => (JSON.parse(line.slice('data: '.length)) as { delta: string }).delta)
    .join('');
  const at = { item_id: 'msg_06c', output_index: 1, content_index: 0 };
  const part = { type: 'output_text', text, annotations: [] };
  const message = { id: 'msg_06c', type: 'message', status: 'incomplete', role: 'assistant', content: [part] };
  let n = before.count;
  return (
    before.text +
    openAIEvent('response.output_text.done', n++, { ...at, text, logprobs: [] }) +
    openAIEvent('response.content_part.done', n++, { ...at, part }) +
    openAIEvent('response.output_item.done', n++, { output_index: 1, item: message }) +
    openAIEvent('response.incomplete', n++, {
      response: openAIResponse(from, {
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        output: [reasoningItem(), message],
        usage: {
          input_tokens: 21,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 96,
          output_tokens_details: { reasoning_tokens: 64 },
          total_tokens: 117,
        },
      }),
    })
  );
}

/** OpenAI: the message opens, and its only content is a refusal; the turn completes. */
function openAIRefusal(from: ProviderRecording): string {
  const opening = '"type":"response.output_item.added","sequence_number":18,';
  const start = from.text.indexOf(opening);
  if (start === -1) throw new Error('The OpenAI recording has no message opening at sequence number 18.');
  const before = from.text.slice(0, from.text.indexOf('\n\n', start) + 2);
  const at = { item_id: 'msg_06c', output_index: 1, content_index: 0 };
  const pieces = ["I'm sorry,", " but I can't help", ' with that.'];
  const part = { type: 'refusal', refusal: OPENAI_REFUSAL };
  const message = { id: 'msg_06c', type: 'message', status: 'completed', role: 'assistant', content: [part] };
  let n = 19;
  return (
    before +
    openAIEvent('response.content_part.added', n++, { ...at, part: { type: 'refusal', refusal: '' } }) +
    pieces.map((delta) => openAIEvent('response.refusal.delta', n++, { ...at, delta })).join('') +
    openAIEvent('response.refusal.done', n++, { ...at, refusal: OPENAI_REFUSAL }) +
    openAIEvent('response.content_part.done', n++, { ...at, part }) +
    openAIEvent('response.output_item.done', n++, { output_index: 1, item: message }) +
    openAIEvent('response.completed', n++, {
      response: openAIResponse(from, {
        status: 'completed',
        output: [reasoningItem(), message],
        usage: {
          input_tokens: 21,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 77,
          output_tokens_details: { reasoning_tokens: 64 },
          total_tokens: 98,
        },
      }),
    })
  );
}

/**
 * Anthropic: the text block closes, and the message ends with the stop reason (padded as the recording's); a refusal's
 * `message_delta` also carries its `stop_details`.
 */
function anthropicEnding(from: ProviderRecording, reason: 'max_tokens' | 'refusal', outputTokens: number): string {
  const refusal = { type: 'refusal', category: 'general_harms', explanation: ANTHROPIC_REFUSAL_EXPLANATION };
  const details = reason === 'refusal' ? `,"stop_details":${JSON.stringify(refusal)}` : '';
  return `${eventsBeforeMidAnswer(from).text}event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"${reason}","stop_sequence":null${details}},"usage":{"output_tokens":${outputTokens}}              }

event: message_stop
data: {"type":"message_stop"    }

`;
}

/** Gemini: a last chunk with the given candidate, written as Google's JSON printer writes the recording's. */
function geminiEnding(from: ProviderRecording, candidate: string, usage: string): string {
  const tail = /"modelVersion": "[^"]*","responseId": "[^"]*"/.exec(from.text);
  if (tail === null) throw new Error(`The ${from.id} recording has no modelVersion and responseId to copy.`);
  return (
    `${eventsBeforeMidAnswer(from).text}data: {"candidates": ` +
    `[${candidate}],"usageMetadata": ${usage},${tail[0]}}\r\n\r\n`
  );
}

/** The copy of `from` that ends at the output token limit, or refused. */
export function endRecording(from: ProviderRecording, ending: CopyEnding): EndedRecording {
  expectObject(from, 'endRecording', 'from');
  expectOneOf(ending, ['token-limit', 'refused'], 'endRecording', 'ending');
  let text: string;
  switch (from.provider) {
    case 'openai':
      text = ending === 'token-limit' ? openAILimit(from) : openAIRefusal(from);
      break;
    case 'anthropic':
      text = ending === 'token-limit' ? anthropicEnding(from, 'max_tokens', 96) : anthropicEnding(from, 'refusal', 80);
      break;
    case 'gemini':
      text =
        ending === 'token-limit'
          ? geminiEnding(
              from,
              '{"content": {"parts": [{"text": " is the sound of a soleá."}],"role": ' +
                '"model"},"finishReason": "MAX_TOKENS","index": 0}',
              '{"promptTokenCount": 14,"candidatesTokenCount": 24,"totalTokenCount": 96,"thoughtsTokenCount": 58}',
            )
          : geminiEnding(
              from,
              '{"finishReason": "SAFETY","index": 0,"safetyRatings": [{"category": ' +
                '"HARM_CATEGORY_DANGEROUS_CONTENT","probability": "MEDIUM","blocked": true}]}',
              '{"promptTokenCount": 14,"candidatesTokenCount": 17,"totalTokenCount": 89,"thoughtsTokenCount": 58}',
            );
      break;
  }
  if (!text.endsWith(eventSeparator(from.provider))) throw new Error('A copy must end with a whole event.');
  return { from, provider: from.provider, ending, text, bytes: encoder.encode(text) };
}

const perProvider = () => PROVIDER_RECORDINGS.filter((recording) => recording.id === recording.provider);

/** The copy of each provider's recording that stops at the output token limit (OpenAI, Anthropic, Gemini). */
export const TOKEN_LIMIT_RECORDINGS: readonly EndedRecording[] = /* @__PURE__ */ perProvider().map((from) =>
  endRecording(from, 'token-limit'),
);

/** The copy of each provider's recording that is refused (OpenAI, Anthropic, Gemini). */
export const REFUSED_RECORDINGS: readonly EndedRecording[] = /* @__PURE__ */ perProvider().map((from) =>
  endRecording(from, 'refused'),
);
