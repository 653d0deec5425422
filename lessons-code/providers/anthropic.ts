// Anthropic's Messages stream, event by event, routed by the payload's `type` and, for
// `content_block_delta`, by its delta's `type`
// (https://platform.claude.com/docs/en/build-with-claude/streaming).

import { field, stringField, type EventRouter } from './routes.ts';

/**
 * - `content_block_delta` with `text_delta` → answer; with `thinking_delta` → reasoning. Text of
 *   several blocks is concatenated in the order it arrives (the block `index` is not needed).
 * - `signature_delta`, `input_json_delta`, `citations_delta` and delta types not known yet reach
 *   neither channel; so do `message_start`, `content_block_start`/`_stop`, `message_delta`,
 *   `ping` and unknown event types (the reference asks clients to tolerate new ones).
 * - `message_stop` closes the turn; an `error` event (e.g. `overloaded_error`) ends it as a failure.
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
  if (type === 'message_stop') return [{ kind: 'closing', name: type }];
  if (type === 'error') return [{ kind: 'failure', name: type, message: stringField(field(payload, 'error'), 'message') ?? '' }];
  return [{ kind: 'ignored', name: type }];
};
