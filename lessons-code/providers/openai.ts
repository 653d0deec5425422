// OpenAI's Responses API stream, event by event, routed by the payload's `type`
// (https://platform.openai.com/docs/api-reference/responses-streaming).

import { field, stringField, type EventRouter, type ProviderRoute } from './routes.ts';

/**
 * - `response.output_text.delta` → answer; `response.reasoning_summary_text.delta` and
 *   `response.reasoning_text.delta` (raw reasoning, from models that expose it) → reasoning.
 * - Every other `*.delta` (function-call arguments, code-interpreter code, custom tool input,
 *   refusal text, audio…) reaches neither channel, nor do lifecycle events and unknown types.
 * - `response.completed` closes the turn. `response.failed`, `response.incomplete` (e.g. the output
 *   token limit) and `error` end it as a failure, with the API's own message or reason.
 */
export const routeOpenAIEvent: EventRouter = (payload) => {
  const type = stringField(payload, 'type') ?? '(no type)';
  switch (type) {
    case 'response.output_text.delta':
      return textRoute('answer', type, payload);
    case 'response.reasoning_summary_text.delta':
    case 'response.reasoning_text.delta':
      return textRoute('reasoning', type, payload);
    case 'response.completed':
      return [{ kind: 'closing', name: type }];
    case 'response.failed':
      return [{ kind: 'failure', name: type, message: stringField(field(field(payload, 'response'), 'error'), 'message') ?? '' }];
    case 'response.incomplete':
      return [{ kind: 'failure', name: type, message: stringField(field(field(payload, 'response'), 'incomplete_details'), 'reason') ?? '' }];
    case 'error':
      return [{ kind: 'failure', name: type, message: stringField(payload, 'message') ?? '' }];
    default:
      return [{ kind: 'ignored', name: type }];
  }
};

function textRoute(kind: 'answer' | 'reasoning', name: string, payload: unknown): ProviderRoute[] {
  const delta = stringField(payload, 'delta');
  return delta === undefined ? [{ kind: 'ignored', name }] : [{ kind, name, delta }];
}
