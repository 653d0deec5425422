// Running work on a fake clock: the replica paces its tokens with timers, so a run on a fake clock
// takes no real time and gives the same times, and the same bytes, every time.

import type { FakeClock } from '../lab/paint-batcher.ts';
import { expectObject } from '../core/arguments.ts';

/**
 * One turn of the event loop: every task and microtask already queued gets to run. Node has
 * setImmediate; a browser gets a message on a channel, which, unlike a nested setTimeout(0), is
 * never held back 4 ms (a recording of 40 tokens takes some 40 turns).
 */
const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : typeof MessageChannel === 'function'
      ? () =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              channel.port1.close();
              resolve();
            };
            channel.port2.postMessage(null);
          })
      : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Drives the fake clock until `work` settles: lets every pending task run, then moves the clock to
 * the next timer, and again. Work that waits on nothing the clock holds (no timer pending after a
 * few turns) would never settle: that throws instead of hanging.
 */
export async function runOnFakeClock<T>(clock: FakeClock, work: Promise<T>): Promise<T> {
  expectObject(clock, 'runOnFakeClock', 'clock');
  expectObject(work, 'runOnFakeClock', 'work');
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  // Handled by the caller once returned; without this, a rejection would count as unhandled until then.
  watched.catch(() => undefined);
  let idle = 0;
  for (;;) {
    await nextTurn();
    if (settled) return watched;
    const next = clock.nextAt();
    if (next !== null) {
      idle = 0;
      clock.advanceTo(next);
    } else if (++idle > 20) {
      throw new Error('the work waits for nothing on the fake clock and never settles');
    }
  }
}
