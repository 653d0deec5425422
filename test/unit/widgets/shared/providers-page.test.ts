// What the 06c page's demos run on: the sentence policy between parser and screen, the player on an
// injected clock (a fake one here: no test reads the time), and the cut scan of the recordings.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILED_RECORDINGS,
  PROVIDER_ANSWER,
  PROVIDER_REASONING,
  PROVIDER_RECORDINGS,
  REFUSED_RECORDINGS,
  TOKEN_LIMIT_RECORDINGS,
  TRUNCATED_RECORDINGS,
  PROVIDER_CUT_READERS,
  applySentencePolicy,
  createFakeClock,
  createStreamPlayer,
  cutProviderRecording,
  describeProviderCut,
  endOfLastSentence,
  readProviderPieces,
  readProviderStream,
  recordingById,
  scanProviderCuts,
  splitReads,
  type PlayerState,
  type ProviderRecording,
  type SentencePolicy,
  type Transport,
} from '../../../../lessons-code/index.ts';
import {
  endView,
  playerSource,
  providerWords,
  recordingChoices,
  verdictName,
} from '../../../../src/widgets/shared/provider-model.ts';

const tr = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars ?? {})}`;

/** Thousands of reads per scan: a bound far above what an idle core needs, so a busy machine only makes it slower. */
const SLOW = 180_000;

describe('the sentence policy', () => {
  it('finds the end of the last complete sentence: a full stop, ! or ?, closing quotes, then whitespace', () => {
    expect(endOfLastSentence('Play E Phrygian: E F G A B C D. The half')).toBe(
      'Play E Phrygian: E F G A B C D.'.length,
    );
    expect(endOfLastSentence('Play E Phrygian: E F G A B C D.')).toBe(0); // "D." might become "D.7": not yet
    expect(endOfLastSentence('¡Olé! 🎸')).toBe('¡Olé!'.length);
    expect(endOfLastSentence('He said “play it.” Then')).toBe('He said “play it.”'.length);
    expect(endOfLastSentence('Wait… what?! No')).toBe('Wait… what?!'.length);
    expect(endOfLastSentence('## Scales\n\nPlay')).toBe('## Scales\n\n'.length);
    expect(endOfLastSentence('no sentence yet')).toBe(0);
  });

  it(
    'every delta shows everything; whole sentences hold the unfinished one back; a ' +
      'flagged topic shows nothing until complete',
    () => {
      const half = 'Play E Phrygian: E F G A B C D. The half step';
      expect(applySentencePolicy(half, 'every-delta', false)).toEqual({ shown: half, heldBack: 0 });
      expect(applySentencePolicy(half, 'sentences', false)).toEqual({
        shown: 'Play E Phrygian: E F G A B C D.',
        heldBack: ' The half step'.length,
      });
      expect(applySentencePolicy(half, 'flagged', false)).toEqual({ shown: '', heldBack: half.length });
      for (const policy of ['every-delta', 'sentences', 'flagged'] as SentencePolicy[]) {
        expect(applySentencePolicy(PROVIDER_ANSWER, policy, true)).toEqual({ shown: PROVIDER_ANSWER, heldBack: 0 });
      }
    },
  );

  it('counts what it holds back in characters: the emoji is one', () => {
    expect(applySentencePolicy('Olé! 🎸', 'sentences', false)).toEqual({ shown: 'Olé!', heldBack: 2 });
  });

  it('properties (fast-check): a prefix of the aggregate, never shrinking as it grows, all of it once complete', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab .!?…”»)\n\t🎸é') }),
      fc.nat({ max: PROVIDER_ANSWER.length }).map((n) => PROVIDER_ANSWER.slice(0, n)),
    );
    const policy = fc.constantFrom<SentencePolicy>('every-delta', 'sentences', 'flagged');
    fc.assert(
      fc.property(text, text, policy, (a, more, p) => {
        const grown = a + more;
        const before = applySentencePolicy(a, p, false);
        const after = applySentencePolicy(grown, p, false);
        expect(a.startsWith(before.shown)).toBe(true);
        expect(after.shown.startsWith(before.shown)).toBe(true);
        expect(Array.from(a).length).toBe(Array.from(before.shown).length + before.heldBack);
        expect(applySentencePolicy(grown, p, true).shown).toBe(grown);
      }),
      { numRuns: 400 },
    );
  });
});

/** Plays a recording on a fake clock, recording what each layer saw. */
function playOnFakeClock(
  provider: ProviderRecording['provider'],
  bytes: Uint8Array,
  options: { size?: 'event' | number; transport?: Transport; gapMs?: number } = {},
) {
  const clock = createFakeClock();
  const seen = {
    reads: 0,
    passed: [] as string[],
    texts: [] as string[],
    events: 0,
    states: [] as PlayerState[],
    answers: [] as string[],
    end: 0,
  };
  const player = createStreamPlayer({
    provider,
    reads: splitReads(provider, bytes, options.size ?? 'event'),
    transport: options.transport ?? 'chunks',
    gapMs: options.gapMs ?? 100,
    clock,
    observers: {
      read: (read) => {
        seen.reads++;
        if (read.growing) seen.passed.push(read.growing.passed);
      },
      text: (text) => seen.texts.push(text),
      event: () => seen.events++,
      answer: (_delta, aggregate) => seen.answers.push(aggregate),
      state: (state) => seen.states.push(state),
      end: () => seen.end++,
    },
  });
  return { clock, player, seen };
}

describe('the player', () => {
  it('hands over one read per gap of the clock, then ends with the result of one read', () => {
    const recording = recordingById('anthropic');
    const { clock, player, seen } = playOnFakeClock('anthropic', recording.bytes, { gapMs: 100 });
    expect(player.total).toBe(20);
    expect(player.state()).toBe('idle');
    player.play();
    expect(player.position()).toBe(1); // the first read at once
    clock.advance(99);
    expect(player.position()).toBe(1);
    clock.advance(1);
    expect(player.position()).toBe(2);
    clock.advance(100 * 17);
    expect(player.position()).toBe(19);
    expect(player.state()).toBe('playing');
    clock.advance(100);
    expect(player.state()).toBe('ended');
    expect(player.result()).toEqual(readProviderPieces('anthropic', [recording.bytes]));
    expect(seen.states).toEqual(['playing', 'ended']);
    expect(seen.end).toBe(1);
    expect(seen.texts.join('')).toBe(recording.text);
    expect(clock.pending()).toBe(0);
  });

  it('pauses, steps one read at a time, and changes pace while playing', () => {
    const recording = recordingById('gemini');
    const { clock, player, seen } = playOnFakeClock('gemini', recording.bytes, { gapMs: 500 });
    player.play();
    player.pause();
    clock.advance(10_000);
    expect(player.position()).toBe(1);
    expect(player.step()).toBe(true);
    expect(player.position()).toBe(2);
    expect(player.state()).toBe('paused');
    player.play(); // the next read at once, then one per gap
    expect(player.position()).toBe(3);
    player.setGap(50);
    clock.advance(50);
    expect(player.position()).toBe(4);
    clock.advance(50);
    expect(player.state()).toBe('ended');
    expect(player.step()).toBe(false);
    expect(seen.states).toEqual(['playing', 'paused', 'playing', 'ended']);
  });

  it('plays either transport into the same channels, at any read size; the growing text passes each part once', () => {
    for (const recording of PROVIDER_RECORDINGS) {
      const expected = readProviderPieces(recording.provider, [recording.bytes]);
      for (const size of ['event', 7, 64] as const) {
        for (const transport of ['chunks', 'growing-text'] as Transport[]) {
          const { clock, player, seen } = playOnFakeClock(recording.provider, recording.bytes, {
            size,
            transport,
            gapMs: 10,
          });
          player.play();
          clock.advance(10 * player.total);
          expect(player.result(), `${recording.id} ${size} ${transport}`).toEqual(expected);
          if (transport === 'growing-text') expect(seen.passed.join('')).toBe(recording.text);
        }
      }
    }
  });

  it('ends a truncated recording as cut; the answer so far stops inside the sentence that was being written', () => {
    const truncated = TRUNCATED_RECORDINGS.find((t) => t.from.id === 'openai')!;
    const { clock, player } = playOnFakeClock('openai', truncated.bytes);
    player.play();
    clock.advance(100 * player.total);
    expect(player.result()).toMatchObject({ complete: false, ending: { kind: 'cut' }, reasoning: PROVIDER_REASONING });
    expect(PROVIDER_ANSWER.startsWith(player.result()!.answer)).toBe(true);
    expect(player.result()!.answer.length).toBeLessThan(PROVIDER_ANSWER.length);
  });

  it(
    'ends each failed, token-limit and refused copy as such, through either ' +
      'transport at any read size, with the result of one read',
    () => {
      const copies = [
        ...FAILED_RECORDINGS.map((f) => ({ ...f, ending: 'failed' })),
        ...TOKEN_LIMIT_RECORDINGS,
        ...REFUSED_RECORDINGS,
      ];
      for (const failed of copies) {
        const expected = readProviderPieces(failed.provider, [failed.bytes]);
        expect(expected).toMatchObject({
          complete: false,
          ending: { kind: failed.ending },
          reasoning: PROVIDER_REASONING,
        });
        for (const size of ['event', 7] as const) {
          for (const transport of ['chunks', 'growing-text'] as Transport[]) {
            const { clock, player } = playOnFakeClock(failed.provider, failed.bytes, { size, transport, gapMs: 10 });
            player.play();
            clock.advance(10 * player.total);
            expect(player.result(), `${failed.from.id} ${size} ${transport}`).toEqual(expected);
          }
        }
      }
    },
  );

  it('each aggregate the answer channel notifies grows from the last (a prefix of the final answer)', () => {
    const { clock, player, seen } = playOnFakeClock('openai', recordingById('openai').bytes, { size: 64 });
    player.play();
    clock.advance(100 * player.total);
    for (const [i, aggregate] of seen.answers.entries()) {
      expect(PROVIDER_ANSWER.startsWith(aggregate)).toBe(true);
      if (i > 0) expect(aggregate.length).toBeGreaterThan(seen.answers[i - 1]!.length);
    }
  });

  it('once disposed, leaves no timer and calls no observer', () => {
    const { clock, player, seen } = playOnFakeClock('anthropic', recordingById('anthropic').bytes);
    player.play();
    player.dispose();
    expect(clock.pending()).toBe(0);
    const reads = seen.reads;
    clock.advance(10_000);
    expect(player.step()).toBe(false);
    expect(seen.reads).toBe(reads);
  });
});

describe('the player’s choices and endings (src/widgets/shared/provider-model.ts)', () => {
  it(
    'offers each provider’s copies that end another way beside its cut one: failed, ' + 'at the token limit, refused',
    () => {
      expect(recordingChoices('anthropic')).toEqual([
        { value: 'anthropic', key: 'complete' },
        { value: 'anthropic:cut', key: 'truncated' },
        { value: 'anthropic:failed', key: 'failed' },
        { value: 'anthropic:limit', key: 'tokenLimit' },
        { value: 'anthropic:refused', key: 'refused' },
      ]);
      expect(recordingChoices('openai').map((choice) => choice.value)).toEqual([
        'openai',
        'openai:cut',
        'openai:failed',
        'openai:limit',
        'openai:refused',
        'openai-data-only',
        'openai-data-only:cut',
      ]);
      for (const failed of FAILED_RECORDINGS) {
        const source = playerSource(`${failed.provider}:failed`);
        expect(source).toMatchObject({ value: `${failed.provider}:failed`, provider: failed.provider, copy: 'failed' });
        expect(source.bytes).toEqual(failed.bytes);
      }
      for (const copy of [...TOKEN_LIMIT_RECORDINGS, ...REFUSED_RECORDINGS]) {
        const suffix = copy.ending === 'token-limit' ? 'limit' : 'refused';
        expect(playerSource(`${copy.provider}:${suffix}`).bytes).toEqual(copy.bytes);
      }
      // A variant has a cut copy only; an unknown suffix plays the whole recording.
      expect(playerSource('gemini-repeated-finish:failed')).toMatchObject({
        value: 'gemini-repeated-finish',
        copy: 'whole',
      });
      expect(playerSource('anthropic:sideways')).toMatchObject({ value: 'anthropic', copy: 'whole' });
    },
  );

  it(
    'each ending takes its own state and status line; a failure or a refusal hands ' +
      'the notice the provider’s words, and the others none',
    () => {
      const stateOf = (value: string) => {
        const source = playerSource(value);
        const result = readProviderPieces(source.provider, [source.bytes]);
        return {
          ...endView(result, source, tr),
          words: providerWords(result.ending),
          name: verdictName(result.ending),
        };
      };
      expect(stateOf('anthropic')).toEqual({
        state: 'complete',
        say: 'providers.state.complete {"event":"message_stop, end_turn"}',
        words: '',
        name: 'message_stop, end_turn',
      });
      expect(stateOf('openai')).toMatchObject({ state: 'complete', name: 'response.completed' });
      expect(stateOf('gemini-repeated-finish')).toMatchObject({
        state: 'complete',
        say: 'providers.state.lookedClosed {"event":"finishReason, STOP"}',
      });
      expect(stateOf('anthropic:cut')).toEqual({ state: 'cut', say: 'providers.state.cut {}', words: '', name: '' });
      expect(stateOf('openai:limit')).toEqual({
        state: 'token-limit',
        say: 'providers.state.tokenLimit {"event":"response.incomplete, max_output_tokens"}',
        words: '',
        name: 'response.incomplete, max_output_tokens',
      });
      expect(stateOf('openai:refused')).toMatchObject({
        state: 'refused',
        words: "I'm sorry, but I can't help with that.",
        name: 'response.completed, refusal',
      });
      expect(stateOf('gemini:refused')).toMatchObject({ state: 'refused', words: '', name: 'finishReason, SAFETY' });
      for (const failed of FAILED_RECORDINGS) {
        const view = stateOf(`${failed.provider}:failed`);
        expect(view.state).toBe('failed');
        expect(view.words).toBe(failed.message); // the message itself: no name in front to split off
      }
      expect(stateOf('gemini:failed').say).toBe('providers.state.failed {"event":"error, UNAVAILABLE"}');
      // A failure that sent no words: the notice has none to quote, and names the event instead.
      const silent = readProviderPieces('openai', [
        new TextEncoder().encode('event: error\ndata: {"type":"error"}\n\n'),
      ]);
      expect(providerWords(silent.ending)).toBe('');
      expect(verdictName(silent.ending)).toBe('error');
    },
  );
});

describe('reads', () => {
  it(
    'one per event, each ending with its blank line (CRLF CRLF on Gemini), or fixed ' +
      'sizes; together they are the body',
    () => {
      for (const recording of PROVIDER_RECORDINGS) {
        const events = splitReads(recording.provider, recording.bytes, 'event');
        const separator = recording.provider === 'gemini' ? '\r\n\r\n' : '\n\n';
        for (const read of events) expect(new TextDecoder().decode(read).endsWith(separator)).toBe(true);
        for (const size of ['event', 1, 7, 64] as const) {
          const reads = splitReads(recording.provider, recording.bytes, size);
          expect(Buffer.concat(reads).equals(Buffer.from(recording.bytes))).toBe(true);
        }
      }
    },
  );
});

describe('the cut scan of the recordings', () => {
  it.each(PROVIDER_RECORDINGS.slice(0, 3).map((r) => [r.id, r] as const))(
    '%s: no cut changes the answer, the reasoning or the ending; a decoder per read breaks only cuts inside characters',
    (_id, recording) => {
      const standard = scanProviderCuts(recording, PROVIDER_CUT_READERS[0]);
      expect(standard.cuts).toBe(recording.bytes.length + 1);
      expect(standard.changed).toEqual([]);
      const naive = scanProviderCuts(recording, PROVIDER_CUT_READERS[1]);
      expect(naive.changed.length).toBeGreaterThan(0);
      expect(
        Object.entries(naive.byKind)
          .filter(([, counts]) => counts!.changed > 0)
          .map(([kind]) => kind),
      ).toEqual(['char']);
      // ♯, –, á, é, í, ¡ and 🎸 are in the deltas; OpenAI's `.done` and `response.completed` events
      // repeat them, but reach neither channel, so a cut there changes nothing even for this layer
      expect(naive.byKind.char!.changed).toBeLessThanOrEqual(naive.byKind.char!.tried);
    },
    SLOW,
  );

  it('tells apart where a cut falls, an event: line included', () => {
    const openai = recordingById('openai');
    const text = openai.text;
    const enc = (s: string) => new TextEncoder().encode(s).length;
    expect(describeProviderCut(openai.bytes, 3).kind).toBe('event'); // "eve|nt: response.created"
    expect(describeProviderCut(openai.bytes, enc(text.slice(0, text.indexOf('data:') + 2))).kind).toBe('field');
    const sharp = enc(text.slice(0, text.indexOf('G♯'))) + 2; // after "G" and the first byte of ♯
    expect(describeProviderCut(openai.bytes, sharp)).toMatchObject({
      kind: 'char',
      char: '♯',
      charBytes: 3,
      bytesBefore: 1,
    });
    expect(describeProviderCut(openai.bytes, enc(text.slice(0, text.indexOf('\n\n') + 2))).kind).toBe('between');
    const gemini = recordingById('gemini');
    const crlf = enc(gemini.text.slice(0, gemini.text.indexOf('\r\n') + 1));
    expect(describeProviderCut(gemini.bytes, crlf).kind).toBe('crlf');
  });

  it('one cut: its place, its result and the result of one read', () => {
    const anthropic = recordingById('anthropic');
    const at = new TextEncoder().encode(anthropic.text.slice(0, anthropic.text.indexOf('🎸'))).length + 2;
    const standard = cutProviderRecording(anthropic, at);
    expect(standard).toMatchObject({ same: true, place: { kind: 'char', char: '🎸', charBytes: 4, bytesBefore: 2 } });
    const naive = cutProviderRecording(anthropic, at, PROVIDER_CUT_READERS[1]);
    expect(naive.same).toBe(false);
    expect(naive.cut.answer).toContain('\uFFFD');
    expect(naive.uncut.answer).toBe(PROVIDER_ANSWER);
    expect(cutProviderRecording(anthropic, 1e9).place.kind).toBe('end');
  });
});

describe('lessons-code’s own imports', () => {
  it(
    'modules inside lessons-code import their siblings directly, not through ' + 'index.ts (the API for the outside)',
    async () => {
      const { readdirSync, readFileSync } = await import('node:fs');
      const root = new URL('../../../../lessons-code/', import.meta.url);
      const inside = (readdirSync(root, { recursive: true }) as string[]).filter(
        (path) => path.endsWith('.ts') && path !== 'index.ts' && path !== 'cli.ts' && !path.startsWith('exercises/'),
      );
      const throughIndex = inside.filter((path) =>
        /from '(?:\.\.?\/)+index\.ts'/.test(readFileSync(new URL(path, root), 'utf8')),
      );
      expect(throughIndex).toEqual([]);
    },
  );
});

describe('readProviderStream on the course’s transport (core/transport.ts)', () => {
  it('rejects with the reason when its signal aborts, even while a read waits, and cancels the body', async () => {
    let cancelled: unknown = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(recordingById('anthropic').bytes.subarray(0, 500)); // then nothing more: the next read waits
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const reading = readProviderStream('anthropic', body, {}, { signal: controller.signal });
    controller.abort(new Error('the learner pressed Stop'));
    await expect(reading).rejects.toThrow('the learner pressed Stop');
    expect(cancelled).toBeInstanceOf(Error);
  });

  it('rejects a chunk that is not bytes with a clear error, rather than calling the turn cut', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue('event: ping\n\n' as unknown as Uint8Array);
      },
    });
    await expect(readProviderStream('anthropic', body)).rejects.toThrow(/not bytes/);
  });
});
