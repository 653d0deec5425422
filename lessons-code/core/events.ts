// What one event of GA's chat stream is, from its data: the end marker, the routing event, an
// error event, or a piece of the answer. GaChatbot.Api sends a routing event (`{"type":"routing",…}`)
// first and `[DONE]` last, and `{"error":…}` as the only event when answering fails (lines 91–95 of
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/Controllers/ChatbotController.cs).
// GA's own clients decide this each in their own way; their ports keep their ways (ga/). Every
// other reader in the course asks classifyEvent.

import { expectString } from './arguments.ts';

/** What an event's data is for a client: the end marker, the routing event, an error, or text. */
export type EventClass =
  | { kind: 'done' }
  | { kind: 'routing'; routing: Record<string, unknown> }
  | { kind: 'error'; message: string }
  | { kind: 'text' };

/** JSON.parse, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  expectString(text, 'parseJson', 'text');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The kind of an event from its data. Only a JSON object can be a control event: one whose
 * `type` is `routing` is the routing event; one with an `error` member is an error event, its
 * message that member (a string as it is, anything else as JSON). Everything else is text,
 * JSON or not: an answer may well contain `{`.
 *
 * @example
 * ```ts
 * classifyEvent('{"type":"routing","agentId":"voicing"}'); // { kind: 'routing', routing: { type: 'routing', agentId:
 * 'voicing' } }
 * classifyEvent('{"error":"boom"}'); // { kind: 'error', message: 'boom' }
 * classifyEvent('[DONE]'); // { kind: 'done' }
 * ```
 */
export function classifyEvent(data: string): EventClass {
  expectString(data, 'classifyEvent', 'data');
  return classifyParsed(data, () => parseJson(data));
}

/**
 * classifyEvent's rules, for a reader that has parsed the data already: `value` gives what
 * JSON.parse makes of `data` (undefined when it is not JSON), asked for only when `data` starts with
 * `{`. The stream inspector parses each event's data once (lessons-code/inspect/lines.ts).
 */
export function classifyParsed(data: string, value: () => unknown): EventClass {
  if (data === '[DONE]') return { kind: 'done' };
  if (data.charCodeAt(0) !== 123 /* { */) return { kind: 'text' };
  return classifyValue(value());
}

function classifyValue(value: unknown): EventClass {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'text' };
  const record = value as Record<string, unknown>;
  if (record.type === 'routing') return { kind: 'routing', routing: record };
  if (Object.hasOwn(record, 'error')) {
    const error = record.error;
    return { kind: 'error', message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
  }
  return { kind: 'text' };
}

/**
 * What a reader makes of a stream, as a chat page would use it: the answer text it shows (text
 * events concatenated; the routing event and `[DONE]` left out), whether `[DONE]` arrived, and the
 * server's error message if the reader recognises an error event.
 */
export interface StreamReadResult {
  text: string;
  done: boolean;
  error: string | null;
}

/** Sorts each event's data as a careful client does (classifyEvent); the first error is the one kept. */
export class EventSorter {
  text = '';
  done = false;
  error: string | null = null;

  take(data: string): void {
    expectString(data, 'EventSorter.take', 'data');
    const event = classifyEvent(data);
    if (event.kind === 'text') this.text += data;
    else if (event.kind === 'done') this.done = true;
    else if (event.kind === 'error' && this.error === null) this.error = event.message;
  }

  result(): StreamReadResult {
    return { text: this.text, done: this.done, error: this.error };
  }
}
