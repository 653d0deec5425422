// Shared by the provider tests: bodies and growing-text sources made from bytes, and small streams.

import type { GrowingTextSource, Provider, ProviderStreamResult } from '../../../../lessons-code/index.ts';
import { bodyOf, pipeGrowingText, readProviderStream } from '../../../../lessons-code/index.ts';

const encoder = new TextEncoder();

/** A body delivering the given pieces, one per read (the lesson's own helper: empty pieces are skipped). */
export const bodyOfPieces = bodyOf;

/** `bytes` cut at the given offsets (sorted, deduplicated, within bounds). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => Math.max(0, Math.min(bytes.length, cut))))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return pieces.filter((piece) => piece.byteLength > 0);
}

/** `bytes` in reads of the given sizes, repeated as needed (sizes ≥ 1). */
export function inSizes(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length]!);
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

/**
 * How a client turns received bytes into its growing text: `streaming` keeps a character's first
 * bytes until the rest arrives (what browsers do for responseText); `redecode` decodes every byte
 * received so far each time, so a character still arriving shows as U+FFFD at the end for a while
 * (the XMLHttpRequest standard's wording).
 */
export type GrowingDecode = 'streaming' | 'redecode';

/** A growing-text source that receives `pieces` one after the other, then ends. */
export function growingSourceOf(pieces: readonly Uint8Array[], decode: GrowingDecode): GrowingTextSource {
  return (sink) => {
    const decoder = new TextDecoder();
    let text = '';
    let received = new Uint8Array(0);
    for (const piece of pieces) {
      if (decode === 'streaming') {
        text += decoder.decode(piece, { stream: true });
      } else {
        const grown = new Uint8Array(received.length + piece.length);
        grown.set(received);
        grown.set(piece, received.length);
        received = grown;
        text = new TextDecoder().decode(received);
      }
      sink.grow(text);
    }
    if (decode === 'streaming') text += decoder.decode();
    sink.grow(text);
    sink.end();
  };
}

/** Both transports over the same reads: chunks as they come, and the growing text. */
export async function readBothTransports(
  provider: Provider,
  pieces: readonly Uint8Array[],
  decode: GrowingDecode = 'streaming',
): Promise<[ProviderStreamResult, ProviderStreamResult]> {
  const chunked = await readProviderStream(provider, bodyOfPieces(pieces));
  const growing = await readProviderStream(provider, pipeGrowingText(growingSourceOf(pieces, decode)));
  return [chunked, growing];
}

/** A stream of `event:`/`data:` pairs (OpenAI, Anthropic): [name, json] each, LF line ends. */
export function namedEvents(...events: [string, string][]): Uint8Array {
  return encoder.encode(events.map(([name, data]) => `event: ${name}\ndata: ${data}\n\n`).join(''));
}

/** A stream of `data:` lines only (Gemini, OpenAI-compatible servers). */
export function dataEvents(lineEnd: '\n' | '\r\n', ...data: string[]): Uint8Array {
  return encoder.encode(data.map((item) => `data: ${item}${lineEnd}${lineEnd}`).join(''));
}

/** Reads bytes in one piece, recording every notification of both channels. */
export async function readRecordingCalls(provider: Provider, bytes: Uint8Array) {
  const calls: [channel: 'answer' | 'reasoning', delta: string, aggregate: string][] = [];
  const result = await readProviderStream(provider, bodyOfPieces([bytes]), {
    answer: (delta, aggregate) => calls.push(['answer', delta, aggregate]),
    reasoning: (delta, aggregate) => calls.push(['reasoning', delta, aggregate]),
  });
  return { result, calls };
}
