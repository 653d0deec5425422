// What a provider's event means for the screen: the common vocabulary of the three parsers.
// Each parser reads one event's JSON (routing by the payload's own fields, never by the raw text
// or the SSE `event:` line) and says where each piece of it goes.

import { expectString } from '../core/arguments.ts';

/** A model provider whose stream the course reads. */
export type Provider = 'openai' | 'anthropic' | 'gemini';

/** The providers in the order the page shows them. */
export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'gemini'];

/**
 * How a turn ended, the same five ways whatever the provider:
 * - `complete`: the closing event came and says the stream ended normally, with nothing missing. Most
 *   often the model finished its answer; with Anthropic's `tool_use` the round asks for tools, and with
 *   `pause_turn` the API paused a long turn that the host may continue by sending the response back:
 *   the reason (TurnEnding's `reason`) tells a host that it must call the model again;
 * - `token-limit`: the model stopped at its output token limit: the answer is whole up to there, but
 *   shorter than the model meant it (OpenAI `response.incomplete` with `max_output_tokens`,
 *   Anthropic `stop_reason: "max_tokens"`, Gemini `finishReason: "MAX_TOKENS"`);
 * - `refused`: the model declined, or the provider blocked the answer or the prompt (OpenAI's
 *   refusal text or `content_filter`, Anthropic `refusal`, Gemini `SAFETY` and its kin, a blocked prompt);
 * - `failed`: the provider reported an error, or gave a reason the reader does not know;
 * - `cut`: the body ended, or broke, before the provider said any of the above.
 */
export type EndingKind = 'complete' | 'token-limit' | 'refused' | 'failed' | 'cut';

/** The endings a provider announces itself (everything but a cut). */
export type VerdictKind = Exclude<EndingKind, 'cut'>;

/** The endings in the order the pages list them. */
export const ENDING_KINDS: readonly EndingKind[] = ['complete', 'token-limit', 'refused', 'failed', 'cut'];

/**
 * One thing an event carries, and where it goes. `name` says which field of the event it was (code: never translated).
 */
export type ProviderRoute =
  /** Text for the answer channel. */
  | { kind: 'answer'; name: string; delta: string }
  /** Text for the reasoning channel. */
  | { kind: 'reasoning'; name: string; delta: string }
  /**
   * Text the model wrote instead of an answer (OpenAI's refusal): it reaches neither channel; the turn's ending quotes
   * it.
   */
  | { kind: 'refusal'; name: string; delta: string }
  /**
   * Why the model stopped, said ahead of the closing event (Anthropic's `message_delta`): it counts
   * once the closing event is dispatched. `reason` is the provider's own value; `message` its own
   * words about it, when it sends some (a refusal's explanation).
   */
  | { kind: 'stop-reason'; name: string; ending: VerdictKind; reason: string; message?: string }
  /**
   * The event that ends the turn. `ending` and `reason` when the event says why itself (OpenAI's
   * `response.incomplete`, Gemini's `finishReason`, a blocked prompt); without them (Anthropic's
   * `message_stop`) the stop reason said before it decides, and a turn that had none is complete.
   * `message`: the provider's own words about it, when it sends some.
   */
  | { kind: 'closing'; name: string; ending?: VerdictKind; reason?: string; message?: string }
  /** The provider says the turn failed: its error code or type, and its own words ('' when it gave none). */
  | { kind: 'failure'; name: string; code: string; message: string }
  /** Nothing for either channel: lifecycle events, keep-alives, signatures, tool input, unknown types. */
  | { kind: 'ignored'; name: string };

/** A parser of one provider: the routes of one event's data, already parsed as JSON. */
export type EventRouter = (payload: unknown) => ProviderRoute[];

/** An object's own field, or undefined when the value is not an object. */
export function field(value: unknown, key: string): unknown {
  expectString(key, 'field', 'key');
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A field that must be a string to count; anything else reads as undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  expectString(key, 'stringField', 'key');
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}
