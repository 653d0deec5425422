// A player for a recording: its reads handed to the provider's layers one at a time, on a clock
// (the page's real one, or a fake one in tests: nothing here reads the time itself). Either
// transport: the reads as they come, or the growing text a client such as XMLHttpRequest offers,
// of which only the new part goes on to the parser.

import type { Clock } from '../core/fake-clock.ts';
import type { ProviderStreamResult } from './channels.ts';
import { GrowingTextRelay } from './growing-text.ts';
import { createProviderPipeline, type ProviderLayerObservers, type ProviderPipeline } from './read-provider-stream.ts';
import type { Provider } from './routes.ts';
import { expectArray, expectObject } from '../core/arguments.ts';

/** How the reads reach the parser: as chunks of bytes, or as a text that grows (XMLHttpRequest's responseText). */
export type Transport = 'chunks' | 'growing-text';

/** idle: nothing read yet; playing: a read is due after each gap; paused; ended: the body is over. */
export type PlayerState = 'idle' | 'playing' | 'paused' | 'ended';

/** What one read hands the parser: its bytes, and for the growing-text transport the text so far and the new part. */
export interface PlayedRead {
  /** 0-based. */
  index: number;
  bytes: Uint8Array;
  /**
   * Growing text only: the length of the whole text received so far (UTF-16 code units), and what the relay passed on.
   */
  growing?: { textSoFar: number; passed: string };
}

/** What the player tells the page as a recording plays: each read, each layer's output, the end. */
export interface PlayerObservers extends ProviderLayerObservers {
  /** A read arrives, before its text reaches the parser. */
  read?(read: PlayedRead): void;
  /** The body ended: the turn's result. */
  end?(result: ProviderStreamResult): void;
  state?(state: PlayerState): void;
}

/** The recording to play (its provider and reads), the transport, the pace and the clock. */
export interface PlayerOptions {
  provider: Provider;
  reads: readonly Uint8Array[];
  transport?: Transport;
  /** The pause between two reads while playing. */
  gapMs: number;
  clock: Clock;
  observers?: PlayerObservers;
}

/** A recording played read by read: play, pause, step, and where it stands. */
export interface StreamPlayer {
  readonly total: number;
  /** How many reads have been handed over. */
  position(): number;
  state(): PlayerState;
  /** The turn's result once ended, else null. */
  result(): ProviderStreamResult | null;
  /** Plays from where it stands: the next read at once, then one per gap. */
  play(): void;
  pause(): void;
  /**
   * Hands over the next read (or ends the body after the last one); false when already ended. Pauses a playing player
   * first.
   */
  step(): boolean;
  /** Changes the gap (the next read is rescheduled from now). */
  setGap(ms: number): void;
  /** Stops for good: no timer left, no observer called again. */
  dispose(): void;
}

/** Plays a provider's recording through the reader's layers, one read after each gap on the clock. */
export function createStreamPlayer(options: PlayerOptions): StreamPlayer {
  expectObject(options, 'createStreamPlayer', 'options');
  const { provider, reads, transport = 'chunks', gapMs, clock, observers = {} } = options;
  expectArray(reads, 'createStreamPlayer', 'options.reads');
  const pipeline: ProviderPipeline = createProviderPipeline(provider, observers);
  // The growing-text transport: the client decodes the bytes as they come (as browsers do for
  // responseText) and the relay passes on only what the parser has not had.
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const relay = new GrowingTextRelay();
  let textSoFar = '';
  let state: PlayerState = 'idle';
  let position = 0;
  let result: ProviderStreamResult | null = null;
  let timer: unknown = null;
  let gap = gapMs;
  let disposed = false;

  const playing = (): boolean => state === 'playing'; // read after advance(), which may have ended the body
  const setState = (next: PlayerState): void => {
    if (state === next) return;
    state = next;
    observers.state?.(next);
  };
  const cancelTimer = (): void => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  const handOver = (bytes: Uint8Array): void => {
    const index = position++;
    if (transport === 'chunks') {
      observers.read?.({ index, bytes });
      pipeline.push(bytes);
      return;
    }
    textSoFar += decoder.decode(bytes, { stream: true });
    const passed = relay.grow(textSoFar);
    observers.read?.({ index, bytes, growing: { textSoFar: textSoFar.length, passed } });
    if (passed !== '') pipeline.push(encoder.encode(passed));
  };

  const finish = (): void => {
    cancelTimer();
    if (transport === 'growing-text') {
      textSoFar += decoder.decode();
      const rest = relay.grow(textSoFar) + relay.end();
      if (rest !== '') pipeline.push(encoder.encode(rest));
    }
    result = pipeline.end();
    setState('ended');
    observers.end?.(result);
  };

  /** The next read, or the end of the body after the last one. */
  const advance = (): void => {
    if (position < reads.length) handOver(reads[position]!);
    if (position >= reads.length) finish();
  };

  const schedule = (): void => {
    cancelTimer();
    timer = clock.setTimeout(() => {
      timer = null;
      if (disposed || state !== 'playing') return;
      advance();
      if (playing()) schedule();
    }, gap);
  };

  return {
    total: reads.length,
    position: () => position,
    state: () => state,
    result: () => result,
    play() {
      if (disposed || state === 'playing' || state === 'ended') return;
      setState('playing');
      advance();
      if (playing()) schedule();
    },
    pause() {
      if (state !== 'playing') return;
      cancelTimer();
      setState('paused');
    },
    step() {
      if (disposed || state === 'ended') return false;
      cancelTimer();
      setState('paused');
      advance();
      return true;
    },
    setGap(ms) {
      gap = ms;
      if (playing()) schedule();
    },
    dispose() {
      disposed = true;
      cancelTimer();
    },
  };
}
