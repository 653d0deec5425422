// OpenAI's Responses API stream, event by event, routed by the payload's `type`
// (https://platform.openai.com/docs/api-reference/responses-streaming).

import { field, stringField, type EventRouter, type ProviderRoute, type VerdictKind } from './routes.ts';

/**
 * `response.incomplete`'s reasons (`incomplete_details.reason`, as the reference lists them). The reason
 * comes from the stream: it is looked up among these own keys only (`constructor` is no reason).
 */
const INCOMPLETE: Readonly<Record<string, VerdictKind>> = {
  max_output_tokens: 'token-limit',
  content_filter: 'refused',
};

/**
 * - `response.output_text.delta` → answer; `response.reasoning_summary_text.delta` and
 *   `response.reasoning_text.delta` (raw reasoning, from models that expose it) → reasoning.
 * - `response.refusal.delta`: the model declining, written in place of the answer. It reaches
 *   neither channel; the turn that closes after it is refused, and its ending quotes the text.
 * - Every other `*.delta` (function-call arguments, code-interpreter code, custom tool input,
 *   audio…) reaches neither channel, nor do lifecycle events and unknown types.
 * - `response.completed` closes the turn. `response.incomplete` closes it short: at the output token
 *   limit (`max_output_tokens`) or blocked by the content filter (`content_filter`); a reason the
 *   reference does not list is not taken for a finished answer.
 * - `response.failed` (its `response.error`) and `error` end it as a failure. An `error` event
 *   carries its code and message at the top level, as the reference shows, or nested in an `error`
 *   object, which OpenAI's own SDK reads first (openai-node at 7b7d6ca,
 * https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/src/core/streaming.ts#L122-L124):
 *   both are read, the nested object first.
 */
export const routeOpenAIEvent: EventRouter = (payload) => {
  const type = stringField(payload, 'type') ?? '(no type)';
  switch (type) {
    case 'response.output_text.delta':
      return textRoute('answer', type, payload);
    case 'response.reasoning_summary_text.delta':
    case 'response.reasoning_text.delta':
      return textRoute('reasoning', type, payload);
    case 'response.refusal.delta':
      return textRoute('refusal', type, payload);
    case 'response.completed':
      return [{ kind: 'closing', name: type, ending: 'complete', reason: '' }];
    case 'response.incomplete': {
      const reason = stringField(field(field(payload, 'response'), 'incomplete_details'), 'reason') ?? '';
      return [
        {
          kind: 'closing',
          name: type,
          ending: Object.hasOwn(INCOMPLETE, reason) ? INCOMPLETE[reason]! : 'failed',
          reason,
        },
      ];
    }
    case 'response.failed': {
      const error = field(field(payload, 'response'), 'error');
      return [
        {
          kind: 'failure',
          name: type,
          code: stringField(error, 'code') ?? '',
          message: stringField(error, 'message') ?? '',
        },
      ];
    }
    case 'error': {
      const nested = field(payload, 'error');
      const code = stringField(nested, 'code') ?? stringField(nested, 'type') ?? stringField(payload, 'code') ?? '';
      return [
        {
          kind: 'failure',
          name: type,
          code,
          message: stringField(nested, 'message') ?? stringField(payload, 'message') ?? '',
        },
      ];
    }
    default:
      return [{ kind: 'ignored', name: type }];
  }
};

function textRoute(kind: 'answer' | 'reasoning' | 'refusal', name: string, payload: unknown): ProviderRoute[] {
  const delta = stringField(payload, 'delta');
  return delta === undefined ? [{ kind: 'ignored', name }] : [{ kind, name, delta }];
}
