// A file the inspector opens is read in its worker (lessons-code/inspect/inspect.ts, readBlob and runInspect; the
// worker posts the progress: src/widgets/inspect/inspect-ops.ts): the same report as the file's bytes given at once,
// progress that climbs to the file's size, and a file that can no longer be read said in words.

import { describe, expect, it } from 'vitest';
import { PROVIDER_RECORDINGS } from '../../../../lessons-code/index.ts';
import { readBlob, runInspect, type ReadProgress } from '../../../../lessons-code/inspect/inspect.ts';

const recording = PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text;

/** A Blob whose stream gives `text` in chunks of `size` bytes, as a browser reads a file from disk. */
function chunkedFile(text: string, size: number): Blob {
  const bytes = new TextEncoder().encode(text);
  const blob = new Blob([bytes]);
  return Object.assign(blob, {
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      }),
  });
}

describe('a file read in the worker', () => {
  it('gives the same report as its bytes, with progress that climbs to its size', async () => {
    const file = chunkedFile(recording, 1000);
    const seen: ReadProgress[] = [];
    const fromFile = await runInspect({ op: 'inspect', source: { kind: 'file', file } }, (p) => seen.push(p));
    const bytes = new TextEncoder().encode(recording);
    const fromBytes = await runInspect({ op: 'inspect', source: { kind: 'bytes', bytes } });
    expect(fromFile).toEqual(fromBytes);
    expect(seen.length).toBe(Math.ceil(bytes.length / 1000));
    expect(seen.every((p, i) => p.total === bytes.length && (i === 0 || p.loaded > seen[i - 1]!.loaded))).toBe(true);
    expect(seen.at(-1)!.loaded).toBe(bytes.length);
  });

  it('keeps every byte, a multi-byte character split across two chunks included', async () => {
    const text = 'data: {"text":"é — ✓"}\n\n';
    expect(new TextDecoder().decode(await readBlob(chunkedFile(text, 3)))).toBe(text);
  });

  it('a file that fails while it is read is a problem in words, not an error', async () => {
    const failing = Object.assign(new Blob(['data: x\n\n']), {
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new DOMException('The file was moved', 'NotReadableError'));
          },
        }),
    });
    expect(await runInspect({ op: 'inspect', source: { kind: 'file', file: failing } })).toEqual({
      kind: 'problem',
      problem: 'unreadable',
    });
    expect(await runInspect({ op: 'body', source: { kind: 'file', file: failing } })).toBe('');
  });
});
