// Anthropic's Messages stream, event by event, routed by the payload's `type` and, for
// `content_block_delta`, by its delta's `type`
// (https://platform.claude.com/docs/en/build-with-claude/streaming).

import { field, stringField, type EventRouter, type VerdictKind } from './routes.ts';

/**
 * `stop_reason` values (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons):
 * the model finished its turn or stopped at a stop sequence; it ended a round to ask for tools
 * (`tool_use`), or the API paused a long turn that the host may continue by sending the response
 * back (`pause_turn`); it hit the output token limit or the context window; it refused. The stream
 * closes normally after the first four, so they are `complete`: nothing is missing from it, and the
 * reason tells a host whether to call the model again.
 */
const STOP_REASONS: Readonly<Record<string, VerdictKind>> = {
  end_turn: 'complete',
  stop_sequence: 'complete',
  tool_use: 'complete',
  pause_turn: 'complete',
  max_tokens: 'token-limit',
  model_context_window_exceeded: 'token-limit',
  refusal: 'refused',
};

/**
 * - `content_block_delta` with `text_delta` → answer; with `thinking_delta` → reasoning. Text of
 *   several blocks is concatenated in the order it arrives (the block `index` is not needed).
 * - `signature_delta`, `input_json_delta`, `citations_delta` and delta types not known yet reach
 *   neither channel; so do `message_start`, `content_block_start`/`_stop`, `ping` and unknown
 *   event types (the reference asks clients to tolerate new ones).
 * - `message_delta` says why the model stopped (`stop_reason`, and for a refusal its
 *   `stop_details`, whose `explanation`, when not null, becomes the refusal's words); `message_stop`
 *   closes the turn, and that reason decides how it ended. A reason the reference does not list is not
 *   taken for a finished answer.
 * - An `error` event (e.g. `overloaded_error`) ends the turn as a failure.
 */
export const routeAnthropicEvent: EventRouter = (payload) => {
  const type = stringField(payload, 'type') ?? '(no type)';
  if (type === 'content_block_delta') {
    const delta = field(payload, 'delta');
    const deltaType = stringField(delta, 'type') ?? '(no type)';
    const name = `${type} ${deltaType}`;
    if (deltaType === 'text_delta') {
      const text = stringField(delta, 'text');
      if (text !== undefined) return [{ kind: 'answer', name, delta: text }];
    } else if (deltaType === 'thinking_delta') {
      const thinking = stringField(delta, 'thinking');
      if (thinking !== undefined) return [{ kind: 'reasoning', name, delta: thinking }];
    }
    return [{ kind: 'ignored', name }];
  }
  if (type === 'message_delta') {
    const delta = field(payload, 'delta');
    const reason = stringField(delta, 'stop_reason');
    if (reason === undefined) return [{ kind: 'ignored', name: type }];
    const explanation = stringField(field(delta, 'stop_details'), 'explanation');
    return [
      {
        kind: 'stop-reason',
        name: `${type} ${reason}`,
        // The reason comes from the stream: only these own keys count (`__proto__`, `toString` are no reason).
        ending: Object.hasOwn(STOP_REASONS, reason) ? STOP_REASONS[reason]! : 'failed',
        reason,
        ...(explanation ? { message: explanation } : {}),
      },
    ];
  }
  if (type === 'message_stop') return [{ kind: 'closing', name: type }];
  if (type === 'error') {
    const error = field(payload, 'error');
    return [
      {
        kind: 'failure',
        name: type,
        code: stringField(error, 'type') ?? '',
        message: stringField(error, 'message') ?? '',
      },
    ];
  }
  return [{ kind: 'ignored', name: type }];
};
