// The pacing server over real HTTP: fetch in Node reads each recording through it, paced by event
// and by odd write sizes, complete, truncated, and cut by a reset connection.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROVIDER_ANSWER,
  PROVIDER_RECORDINGS,
  PROVIDER_REASONING,
  pipeGrowingText,
  readProviderPieces,
  readProviderStream,
  truncateRecording,
} from '../../../../lessons-code/index.ts';
import {
  pacedWrites,
  startPacingServer,
  type RunningPacingServer,
} from '../../../../lessons-code/providers/pacing-server.ts';

let server: RunningPacingServer;
beforeAll(async () => {
  server = await startPacingServer();
});
afterAll(async () => {
  await server.close();
});

describe('the pacing server', () => {
  it('writes one event per write; the writes put together are the recording', () => {
    for (const recording of PROVIDER_RECORDINGS) {
      const writes = pacedWrites(recording, recording.bytes, null);
      expect(Buffer.concat(writes)).toEqual(Buffer.from(recording.bytes));
      const separator = recording.provider === 'gemini' ? '\r\n\r\n' : '\n\n';
      expect(writes.length).toBe(recording.text.split(separator).length - 1);
    }
  });

  it.each(PROVIDER_RECORDINGS.map((r) => [r.id, r] as const))(
    'serves %s, read with fetch, paced by event and by 7-byte writes',
    async (id, recording) => {
      for (const query of ['gap=1', 'size=7']) {
        const response = await fetch(`${server.url}/recordings/${id}?${query}`);
        expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        const result = await readProviderStream(recording.provider, response.body!);
        expect(result).toMatchObject({ answer: PROVIDER_ANSWER, reasoning: PROVIDER_REASONING, complete: true });
      }
    },
  );

  it('serves the truncated copies: an ended body, or a reset connection that breaks it', async () => {
    const recording = PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!;
    const expected = readProviderPieces('anthropic', [truncateRecording(recording).bytes]);
    const ended = await readProviderStream(
      'anthropic',
      (await fetch(`${server.url}/recordings/anthropic?truncated=1&size=5`)).body!,
    );
    expect(ended).toEqual(expected);
    const reset = await readProviderStream(
      'anthropic',
      (await fetch(`${server.url}/recordings/anthropic?truncated=reset&gap=1`)).body!,
    );
    expect(reset).toMatchObject({
      answer: expected.answer,
      reasoning: expected.reasoning,
      complete: false,
      ending: { kind: 'cut' },
    });
    expect(reset.ending.kind === 'cut' && reset.ending.error).not.toBe(''); // the reset says what broke the body
  });

  it('answers an unknown path with 404 and the list of recordings', async () => {
    const response = await fetch(`${server.url}/recordings/nope`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('/recordings/gemini-repeated-finish');
  });

  it('the growing-text transport over fetch reads the same as the body itself', async () => {
    const response = await fetch(`${server.url}/recordings/gemini?size=3`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const growing = pipeGrowingText((sink) => {
      let text = '';
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          sink.grow((text += decoder.decode(value, { stream: true })));
        }
        sink.grow(text + decoder.decode());
        sink.end();
      })();
    });
    expect(await readProviderStream('gemini', growing)).toMatchObject({
      answer: PROVIDER_ANSWER,
      reasoning: PROVIDER_REASONING,
      complete: true,
    });
  });
});
