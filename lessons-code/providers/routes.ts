// What a provider's event means for the screen: the common vocabulary of the three parsers.
// Each parser reads one event's JSON (routing by the payload's own fields, never by the raw text
// or the SSE `event:` line) and says where each piece of it goes.

import { expectString } from '../core/arguments.ts';

/** A model provider whose stream the course reads. */
export type Provider = 'openai' | 'anthropic' | 'gemini';

/** The providers in the order the page shows them. */
export const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'gemini'];

/** One thing an event carries, and where it goes. `name` says which field of the event it was (code: never translated). */
export type ProviderRoute =
  /** Text for the answer channel. */
  | { kind: 'answer'; name: string; delta: string }
  /** Text for the reasoning channel. */
  | { kind: 'reasoning'; name: string; delta: string }
  /** The provider's closing event: the turn ended as it should. */
  | { kind: 'closing'; name: string }
  /** The provider says the turn failed or stopped short; `message` is its own words when it gave some. */
  | { kind: 'failure'; name: string; message: string }
  /** Nothing for either channel: lifecycle events, keep-alives, signatures, tool input, unknown types. */
  | { kind: 'ignored'; name: string };

/** A parser of one provider: the routes of one event's data, already parsed as JSON. */
export type EventRouter = (payload: unknown) => ProviderRoute[];

/** An object's own field, or undefined when the value is not an object. */
export function field(value: unknown, key: string): unknown {
  expectString(key, 'field', 'key');
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** A field that must be a string to count; anything else reads as undefined. */
export function stringField(value: unknown, key: string): string | undefined {
  expectString(key, 'stringField', 'key');
  const found = field(value, key);
  return typeof found === 'string' ? found : undefined;
}
