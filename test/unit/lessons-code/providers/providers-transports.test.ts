// Two transports, one parser: chunks as they come, and a text that only grows (XMLHttpRequest's
// responseText). Properties over random cuts and read sizes, with fast-check.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILED_RECORDINGS,
  PROVIDER_RECORDINGS,
  TRUNCATED_RECORDINGS,
  pipeGrowingText,
  readProviderPieces,
  readProviderStream,
  type Provider,
} from '../../../../lessons-code/index.ts';
import {
  bodyOfPieces,
  cutAt,
  growingSourceOf,
  inSizes,
  readBothTransports,
  type GrowingDecode,
} from './provider-helpers.ts';

const streams = [
  ...PROVIDER_RECORDINGS.map((r) => ({ name: r.id, provider: r.provider, bytes: r.bytes })),
  ...TRUNCATED_RECORDINGS.map((t) => ({ name: `${t.from.id} (truncated)`, provider: t.provider, bytes: t.bytes })),
  ...FAILED_RECORDINGS.map((f) => ({ name: `${f.from.id} (failed)`, provider: f.provider, bytes: f.bytes })),
];
const expected = new Map(streams.map((s) => [s.name, readProviderPieces(s.provider, [s.bytes])]));

async function readAll(source: ReadableStream<Uint8Array>): Promise<string> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

describe('the growing-text transport', () => {
  it.each(streams.map((s) => [s.name, s] as const))(
    '%s: both transports give the same channels, read by read and byte by byte',
    async (name, { provider, bytes }) => {
      for (const pieces of [[bytes], inSizes(bytes, [1]), inSizes(bytes, [7, 1, 300])]) {
        for (const decode of ['streaming', 'redecode'] as GrowingDecode[]) {
          const [chunked, growing] = await readBothTransports(provider, pieces, decode);
          expect(growing).toEqual(chunked);
          expect(chunked).toEqual(expected.get(name));
        }
      }
    },
  );

  it('passes on only the new part: the text read back is the text received, once', async () => {
    const bytes = PROVIDER_RECORDINGS[1]!.bytes;
    expect(await readAll(pipeGrowingText(growingSourceOf(inSizes(bytes, [5]), 'streaming')))).toBe(
      PROVIDER_RECORDINGS[1]!.text,
    );
  });

  it('passing the whole text at every growth instead repeats the answer’s start', async () => {
    const recording = PROVIDER_RECORDINGS[1]!;
    // What a transport that forgets how much it passed on gives the parser.
    const naive = new ReadableStream<Uint8Array>({
      start(controller) {
        growingSourceOf(
          inSizes(recording.bytes, [900]),
          'streaming',
        )({
          grow: (textSoFar) => controller.enqueue(new TextEncoder().encode(textSoFar)),
          end: () => controller.close(),
          fail: (reason) => controller.error(reason),
        });
      },
    });
    const result = await readProviderStream('anthropic', naive);
    expect(result.answer.split('Play E Phrygian').length - 1).toBeGreaterThan(1);
  });

  it('holds back a trailing U+FFFD or high surrogate until the text grows past it', async () => {
    const reads: string[] = [];
    const stream = pipeGrowingText((sink) => {
      sink.grow('G\uFFFD'); // ♯'s first bytes, re-decoded
      sink.grow('G♯ \uD83C'); // a lone high surrogate: half of 🎸 (a decoder never splits one; held back all the same)
      sink.grow('G♯ 🎸');
      sink.end();
    });
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push(new TextDecoder().decode(value));
    }
    expect(reads).toEqual(['G', '♯ ', '🎸']);
  });

  it('passes a held-back character on at the end', async () => {
    expect(
      await readAll(
        pipeGrowingText((sink) => {
          sink.grow('cut\uFFFD');
          sink.end();
        }),
      ),
    ).toBe('cut\uFFFD');
  });

  it('errors when the text shrinks or the source fails, and stops the source when cancelled', async () => {
    await expect(
      readAll(
        pipeGrowingText((sink) => {
          sink.grow('abc');
          sink.grow('ab');
        }),
      ),
    ).rejects.toThrow('shrank from 3 to 2');
    const failing = pipeGrowingText((sink) => {
      sink.grow('event: message_start\n');
      sink.fail(new Error('XMLHttpRequest error'));
    });
    expect(await readProviderStream('anthropic', failing)).toMatchObject({
      complete: false,
      ending: { kind: 'cut', error: 'XMLHttpRequest error' },
    });
    let stopped = false;
    const endless = pipeGrowingText(() => () => {
      stopped = true;
    });
    await endless.cancel();
    expect(stopped).toBe(true);
  });
});

describe('properties (fast-check)', () => {
  const stream = fc.constantFrom(...streams);

  it('random cuts: any number of reads cut anywhere give the channels of one read, on both transports', async () => {
    await fc.assert(
      fc.asyncProperty(
        stream,
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.constantFrom<GrowingDecode>('streaming', 'redecode'),
        async (s, cuts, decode) => {
          const pieces = cutAt(
            s.bytes,
            cuts.map((cut) => cut % (s.bytes.length + 1)),
          );
          const [chunked, growing] = await readBothTransports(s.provider, pieces, decode);
          expect(chunked).toEqual(expected.get(s.name));
          expect(growing).toEqual(chunked);
          // The synchronous twin the demos use reads the same pieces the same way.
          expect(readProviderPieces(s.provider, pieces)).toEqual(chunked);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('random read sizes: the same channels, on both transports', async () => {
    await fc.assert(
      fc.asyncProperty(
        stream,
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 }),
        async (s, sizes) => {
          const [chunked, growing] = await readBothTransports(s.provider, inSizes(s.bytes, sizes), 'redecode');
          expect(chunked).toEqual(expected.get(s.name));
          expect(growing).toEqual(chunked);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('notifications: every aggregate is its channel’s deltas so far and a prefix of the final text', async () => {
    await fc.assert(
      fc.asyncProperty(stream, fc.array(fc.nat(), { maxLength: 8 }), async (s, cuts) => {
        const seen = { answer: '', reasoning: '' };
        const check = (channel: 'answer' | 'reasoning') => (delta: string, aggregate: string) => {
          expect(delta).not.toBe('');
          seen[channel] += delta;
          expect(aggregate).toBe(seen[channel]);
        };
        const result = await readProviderStream(
          s.provider as Provider,
          bodyOfPieces(
            cutAt(
              s.bytes,
              cuts.map((c) => c % (s.bytes.length + 1)),
            ),
          ),
          {
            answer: check('answer'),
            reasoning: check('reasoning'),
          },
        );
        expect([seen.answer, seen.reasoning]).toEqual([result.answer, result.reasoning]);
      }),
      { numRuns: 200 },
    );
  });
});
