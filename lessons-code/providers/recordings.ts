// The course's provider recordings, as bodies to read: one answer with reasoning in each provider's
// format, two variants that real servers produce, and a truncated copy of each.
// (The `@__PURE__` marks let a bundle that imports none of this leave it out.)

import { TRUNCATE_INSIDE } from './answer.ts';
import { ANTHROPIC_MESSAGES_STREAM } from './recordings/anthropic-messages.ts';
import { GEMINI_STREAM } from './recordings/gemini-stream.ts';
import { OPENAI_RESPONSES_STREAM } from './recordings/openai-responses.ts';
import type { Provider } from './routes.ts';
import { expectObject, expectOneOf } from '../core/arguments.ts';

/** The recordings of providers' streams the course keeps. */
export type RecordingId = 'openai' | 'openai-data-only' | 'anthropic' | 'gemini' | 'gemini-repeated-finish';

/** A provider's stream as recorded: its provider, its API's name, and its bytes. */
export interface ProviderRecording {
  id: RecordingId;
  provider: Provider;
  /** The API as its provider names it (a name: never translated). */
  api: string;
  /** The recording's text: its bytes, decoded. */
  text: string;
  bytes: Uint8Array;
}

/** A recording cut in the middle of the answer, as a dropped connection leaves it. */
export interface TruncatedRecording {
  /** The complete recording this one was cut from. */
  from: ProviderRecording;
  provider: Provider;
  /** The bytes up to the cut: they end two bytes into a three-byte character, inside an event. */
  bytes: Uint8Array;
}

const encoder = /* @__PURE__ */ new TextEncoder();

function recording(id: RecordingId, provider: Provider, api: string, text: string): ProviderRecording {
  return { id, provider, api, text, bytes: encoder.encode(text) };
}

/**
 * The OpenAI recording as an OpenAI-compatible server may send it: no `event:` lines, only
 * `data:`, and a last `data: [DONE]`. The payloads are the same, so routing by their own `type`
 * reads it the same way.
 */
export const OPENAI_DATA_ONLY_STREAM = /* @__PURE__ */ asDataOnly(OPENAI_RESPONSES_STREAM);

function asDataOnly(stream: string): string {
  return (
    stream
      .split('\n')
      .filter((line) => !line.startsWith('event: '))
      .join('\n') + 'data: [DONE]\n\n'
  );
}

/**
 * The Gemini recording as a server that repeats `"finishReason": "STOP"` on every chunk writes it.
 * Read whole, it gives the same channels; cut after its first chunk, it still looks closed.
 */
export const GEMINI_REPEATED_FINISH_STREAM = /* @__PURE__ */ GEMINI_STREAM.replaceAll(
  '"role": "model"},"index": 0',
  '"role": "model"},"finishReason": "STOP","index": 0',
);

/** The complete recordings: one per provider first, then the two variants. */
export const PROVIDER_RECORDINGS: readonly ProviderRecording[] = [
  /* @__PURE__ */ recording('openai', 'openai', 'Responses API', OPENAI_RESPONSES_STREAM),
  /* @__PURE__ */ recording('anthropic', 'anthropic', 'Messages API', ANTHROPIC_MESSAGES_STREAM),
  /* @__PURE__ */ recording('gemini', 'gemini', 'streamGenerateContent', GEMINI_STREAM),
  /* @__PURE__ */ recording(
    'openai-data-only',
    'openai',
    'Responses API (data: only, [DONE])',
    OPENAI_DATA_ONLY_STREAM,
  ),
  /* @__PURE__ */ recording(
    'gemini-repeated-finish',
    'gemini',
    'streamGenerateContent (finishReason on every chunk)',
    GEMINI_REPEATED_FINISH_STREAM,
  ),
];

/** The recording with this id; a TypeError for an unknown one. */
export function recordingById(id: RecordingId): ProviderRecording {
  const ids = PROVIDER_RECORDINGS.map((recording) => recording.id);
  expectOneOf(id, ids, 'recordingById', 'id');
  return PROVIDER_RECORDINGS[ids.indexOf(id)]!;
}

/** The byte offset of `needle` in `haystack`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The recording as a connection that drops mid-answer delivers it: it stops two bytes into the
 * `♯` of "G♯ and" (after "G" and E2 99, before AF), inside the event that carries it.
 */
export function truncateRecording(from: ProviderRecording): TruncatedRecording {
  expectObject(from, 'truncateRecording', 'from');
  const at = indexOfBytes(from.bytes, encoder.encode(TRUNCATE_INSIDE));
  if (at === -1) throw new Error(`The ${from.id} recording has no "${TRUNCATE_INSIDE}" to cut inside.`);
  return { from, provider: from.provider, bytes: from.bytes.slice(0, at + 3) };
}

/** The truncated copy of every complete recording, in the same order. */
export const TRUNCATED_RECORDINGS: readonly TruncatedRecording[] =
  /* @__PURE__ */ PROVIDER_RECORDINGS.map(truncateRecording);
