// "A stream that stops short" (06b, content/docs/ga-ai/06b-beyond-the-wire.mdx): what each reader keeps when the
// connection drops
// at any byte, and how a careful client settles the turn, against what the page does today.

import { describe, expect, it } from 'vitest';
import {
  DROP_STREAMS,
  FAILURE_STREAM,
  bodyOf,
  readFailure,
  readStandardStreamResult,
  IMPROVISATION_ANSWER,
  STREAM_FAILURE_MESSAGE,
  createInPageHost,
  droppingHost,
  dropAt,
  readStandardEvents,
  recordTurn,
  settleTurn,
  submitCarefully,
  submitPageMessage,
  type HistoryTurn,
} from '../../../../lessons-code/index.ts';

const QUESTION = 'which arpeggio fits Am F C G';
const [ANSWER, FAILURE] = DROP_STREAMS as [(typeof DROP_STREAMS)[number], (typeof DROP_STREAMS)[number]];

/** The text of the whole events in the first `at` bytes: what a reader that discards the unfinished event keeps. */
function wholeEventsText(bytes: Uint8Array, at: number): string {
  const text = new TextDecoder().decode(bytes.subarray(0, at));
  const closed = text.slice(0, text.lastIndexOf('\n\n') + 2);
  return readStandardEvents(closed)
    .map((e) => e.data)
    .filter((d) => d !== '[DONE]')
    .join('');
}

describe('the streams', () => {
  it("the failure stream is GA's: one error event, no [DONE]", () => {
    expect(FAILURE_STREAM).toBe('data: {"error":"Failed to process message. Please try again."}\n\n');
    expect(FAILURE.stream).toBe(FAILURE_STREAM);
    expect(ANSWER.stream.endsWith('data: [DONE]\n\n')).toBe(true);
  });
});

describe('the connection drops at every byte of the answer stream', () => {
  it(
    'each reader keeps the whole events only (chatService also its unfinished ' +
      'remainder), and [DONE] only at the end',
    async () => {
      const { bytes } = ANSWER;
      for (let at = 0; at <= bytes.length; at++) {
        const view = await dropAt(bytes, at);
        const [standard, page, chatService] = view.results.map((r) => r.result);
        const whole = wholeEventsText(bytes, at);
        const end = at === bytes.length;
        expect(standard, `standard at ${at}`).toEqual({ text: whole, done: end, error: null });
        expect(page, `page at ${at}`).toEqual({ text: whole, done: end, error: null });
        expect(chatService!.done, `chatService at ${at}`).toBe(end);
        // chatService keeps only the first line of each event, and appends the unfinished rest as it is.
        // (Its decoder is never flushed: half a character at the drop is simply not there.)
        const rest = view.unfinished.replace(/\uFFFD+$/, '').trim();
        if (rest !== '') expect(chatService!.text.endsWith(rest), `chatService at ${at}`).toBe(true);
        expect(view.received).toBe(at);
        expect(new TextDecoder().decode(bytes.subarray(0, at)).endsWith(view.unfinished)).toBe(true);
      }
    },
  );

  it(
    'the careful client completes only the whole stream; every shorter one is ' +
      'truncated, kept out of the history, and offers a retry',
    async () => {
      const { bytes } = ANSWER;
      const before: HistoryTurn[] = [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ];
      for (let at = 0; at <= bytes.length; at++) {
        const { outcome, history } = await submitCarefully(droppingHost(bytes, at), QUESTION, before);
        if (at === bytes.length) {
          expect(outcome).toEqual({
            status: 'complete',
            shown: IMPROVISATION_ANSWER,
            error: null,
            keepInHistory: true,
            offerRetry: false,
          });
          expect(history).toEqual([
            ...before,
            { role: 'user', content: QUESTION },
            { role: 'assistant', content: IMPROVISATION_ANSWER },
          ]);
        } else {
          expect(outcome.status, `at ${at}`).toBe('truncated');
          expect(outcome.keepInHistory).toBe(false);
          expect(outcome.offerRetry).toBe(true);
          expect(IMPROVISATION_ANSWER.startsWith(outcome.shown)).toBe(true);
          expect(history).toEqual(before);
        }
      }
    },
  );

  it('even a text that looks complete is truncated without [DONE]', async () => {
    const { bytes, stream } = ANSWER;
    const beforeDone = new TextEncoder().encode(stream.slice(0, stream.indexOf('data: [DONE]'))).length;
    const { outcome } = await submitCarefully(droppingHost(bytes, beforeDone), QUESTION, []);
    expect(outcome.shown).toBe(IMPROVISATION_ANSWER);
    expect(outcome.status).toBe('truncated');
  });

  it('the page today shows whatever came and pushes it into the history', async () => {
    const { bytes } = ANSWER;
    for (const at of [0, 100, 200, 400, bytes.length - 1]) {
      const history: HistoryTurn[] = [];
      const submission = (await submitPageMessage(droppingHost(bytes, at), QUESTION, history))!;
      expect(submission.pushed).toBe(true);
      expect(history).toHaveLength(2);
      expect(history[1]!.content).toBe(wholeEventsText(bytes, at) || '(empty response)');
    }
  });
});

describe('the failure stream, dropped at every byte', () => {
  it('never brings [DONE]; the error is recognised only when its event is whole', async () => {
    const { bytes } = FAILURE;
    for (let at = 0; at <= bytes.length; at++) {
      const view = await dropAt(bytes, at);
      const [standard, page, chatService] = view.results.map((r) => r.result);
      const end = at === bytes.length;
      expect(standard!.done || page!.done || chatService!.done).toBe(false);
      // As in the lesson's failure table: the standard and the page keep the error event as text.
      expect(standard).toEqual({ text: end ? `{"error":"${STREAM_FAILURE_MESSAGE}"}` : '', done: false, error: null });
      expect(page!.text).toBe(end ? `{"error":"${STREAM_FAILURE_MESSAGE}"}` : '');
      // chatService throws on the whole error event; before that it appends the unfinished event as text.
      expect(chatService!.error).toBe(end ? STREAM_FAILURE_MESSAGE : null);
      // A careful client sorts the standard's events: the error event fails the turn.
      const careful = await readStandardStreamResult(bodyOf([bytes.slice(0, at)]));
      expect(careful.error).toBe(end ? STREAM_FAILURE_MESSAGE : null);
      const outcome = settleTurn(careful);
      expect(outcome.status).toBe(end ? 'failed' : 'truncated');
      expect(outcome.keepInHistory).toBe(false);
      expect(outcome.offerRetry).toBe(true);
    }
  });

  it("the whole failure stream: each reader's row says what the lesson's failure table says", async () => {
    const view = await dropAt(FAILURE.bytes, FAILURE.bytes.length);
    const lesson = readFailure(FAILURE_STREAM);
    view.results.forEach(({ reader, result }, i) => {
      expect(reader.label).toBe(lesson[i]!.reader);
      expect(result.error === null ? result.text : `(throws) ${result.error}`).toBe(lesson[i]!.result);
    });
  });

  it(
    'the whole failure stream, from the in-page host itself: failed for the careful ' +
      'client, the answer for the page (GA issue #760)',
    async () => {
      const host = createInPageHost();
      const careful = await submitCarefully(host, QUESTION, []);
      expect(careful.result).toEqual({ text: '', done: false, error: STREAM_FAILURE_MESSAGE });
      expect(careful.outcome.status).toBe('failed');
      expect(careful.history).toEqual([]);
      const history: HistoryTurn[] = [];
      const page = (await submitPageMessage(host, QUESTION, history))!;
      expect(page.finalAnswer).toBe(`{"error":"${STREAM_FAILURE_MESSAGE}"}`);
      expect(history[1]).toEqual({ role: 'assistant', content: `{"error":"${STREAM_FAILURE_MESSAGE}"}` });
    },
  );
});

describe('settleTurn and recordTurn', () => {
  it('settles each kind of result', () => {
    expect(settleTurn({ text: 'a', done: true, error: null }).status).toBe('complete');
    expect(settleTurn({ text: 'a', done: false, error: null })).toEqual({
      status: 'truncated',
      shown: 'a',
      error: null,
      keepInHistory: false,
      offerRetry: true,
    });
    expect(settleTurn({ text: 'a', done: true, error: 'boom' }).status).toBe('failed');
  });

  it('records only a kept turn, never changing the history it was given', () => {
    const history: HistoryTurn[] = [];
    const kept = recordTurn(history, 'q', settleTurn({ text: 'a', done: true, error: null }));
    expect(kept).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'a' },
    ]);
    expect(recordTurn(history, 'q', settleTurn({ text: 'a', done: false, error: null }))).toEqual([]);
    expect(history).toEqual([]);
  });

  it('clamps the drop position', async () => {
    expect((await dropAt(ANSWER.bytes, -5)).received).toBe(0);
    expect((await dropAt(ANSWER.bytes, 1e9)).received).toBe(ANSWER.bytes.length);
    expect((await dropAt(ANSWER.bytes, 1e9)).eventsReceived).toBe(6);
  });
});
