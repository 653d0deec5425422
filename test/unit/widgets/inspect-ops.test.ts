// The stream inspector's worker operations (src/widgets/inspect/inspect-ops.ts), served over a
// MessageChannel as its worker serves them (src/demo-kit/worker-calls.ts). A report reaches the page
// as runInspect made it, but for its answer and reasoning: their first SHOWN_CHARS characters and
// their lengths, a short one whole. The whole texts of the latest reading come back when asked for by
// its number, and never once a later reading or a fresh worker has taken their place. The Markdown
// report made from what the page gets is the one made from the whole report.

import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_MESSAGES_STREAM,
  PROVIDER_ANSWER,
  PROVIDER_REASONING,
  reportMarkdown,
  runInspect,
  type InspectSource,
  type Tr,
} from '../../../lessons-code/index.ts';
import { SHOWN_CHARS } from '../../../lessons-code/inspect/report.ts';
import { WorkerError, connect, serve, type WorkerLike } from '../../../src/demo-kit/worker-calls.ts';
import { inspectOps, type InspectOps, type ShownReport } from '../../../src/widgets/inspect/inspect-ops.ts';

/** The page's end of a worker that serves the inspector's operations; a fresh worker after each terminate(). */
function inspector() {
  const spawn = (): WorkerLike => {
    const { port1, port2 } = new MessageChannel();
    serve(inspectOps(), port2);
    port2.start();
    port1.start();
    return {
      addEventListener: (type, listener) => port1.addEventListener(type, listener),
      postMessage: (message) => port1.postMessage(message),
      terminate: () => port1.close(),
    };
  };
  return connect<InspectOps>(spawn);
}

const text = (body: string): InspectSource => ({ kind: 'text', text: body });

/** A Chat Completions stream with a long reasoning (reasoning_content, as DeepSeek sends it) and a long answer. */
function longChat(deltas: number): string {
  const chunk = (delta: object, finish: string | null = null) =>
    `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const parts: string[] = [];
  for (let i = 0; i < deltas; i++) parts.push(chunk({ reasoning_content: `Step ${i} é. ` }));
  for (let i = 0; i < deltas; i++) parts.push(chunk({ content: `Am${i} ` }));
  parts.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
  return parts.join('');
}

/** The report runInspect makes of a source (what `npm run inspect` prints). */
async function whole(source: InspectSource) {
  const result = await runInspect({ op: 'inspect', source });
  if (result.kind !== 'report') throw new Error(`no report: ${result.kind}`);
  return result.report;
}

async function shown(calls: ReturnType<typeof inspector>, reading: number, source: InspectSource) {
  const result = await calls.call('inspect', reading, source);
  if (result.kind !== 'report') throw new Error(`no report: ${result.kind}`);
  return result.report;
}

/** What the worker's error says, or the text when there was none. */
const outcome = (asked: Promise<string>) =>
  asked.then(
    (value) => ({ text: value }),
    (error: unknown) => ({ kind: error instanceof WorkerError ? error.kind : String(error) }),
  );

const tr: Tr = (key, vars) => `${key}${vars ? JSON.stringify(vars) : ''}`;
const markdown = (report: Parameters<typeof reportMarkdown>[0]) =>
  reportMarkdown(report, tr, { lesson: (key) => ({ href: `#${key}`, title: key }), page: 'https://example.org/' });

describe('the inspector’s worker operations', () => {
  it('send a short answer and reasoning whole, and the rest of the report as runInspect made it', async () => {
    const calls = inspector();
    const report = await shown(calls, 1, text(ANTHROPIC_MESSAGES_STREAM));
    expect(report.turn.answer).toEqual({ shown: PROVIDER_ANSWER, length: PROVIDER_ANSWER.length });
    expect(report.turn.reasoning).toEqual({ shown: PROVIDER_REASONING, length: PROVIDER_REASONING.length });
    const full = await whole(text(ANTHROPIC_MESSAGES_STREAM));
    const { turn, reading, ...rest } = report;
    expect(reading).toBe(1);
    expect({ ...rest, turn: { ...turn, answer: turn.answer.shown, reasoning: turn.reasoning.shown } }).toEqual(full);
  });

  it('send the start of a long answer and reasoning with their lengths, and each whole when asked', async () => {
    const stream = longChat(4000);
    const full = await whole(text(stream));
    expect(full.format.id).toBe('openai-chat');
    expect(full.turn.answer.length).toBeGreaterThan(SHOWN_CHARS);
    expect(full.turn.reasoning.length).toBeGreaterThan(SHOWN_CHARS);
    const calls = inspector();
    const report: ShownReport = await shown(calls, 7, text(stream));
    for (const name of ['answer', 'reasoning'] as const) {
      expect(report.turn[name].shown).toBe(full.turn[name].slice(0, SHOWN_CHARS));
      expect(report.turn[name].length).toBe(full.turn[name].length);
      expect(await calls.call('text', 7, name)).toBe(full.turn[name]);
    }
    expect(markdown(report)).toBe(markdown(full));
    expect(markdown(report)).toContain('inspect.md.heading');
  });

  it('keep the texts of the latest reading only: a later one, a problem or a fresh worker drops them', async () => {
    const calls = inspector();
    const first = longChat(4000);
    await shown(calls, 1, text(first));
    await shown(calls, 2, text(ANTHROPIC_MESSAGES_STREAM));
    expect(await outcome(calls.call('text', 1, 'answer'))).toEqual({ kind: 'textGone' });
    expect(await outcome(calls.call('text', 2, 'answer'))).toEqual({ text: PROVIDER_ANSWER });

    await shown(calls, 3, text(first));
    expect(await calls.call('inspect', 4, text('{"choices": []}'))).toEqual({ kind: 'problem', problem: 'notHar' });
    expect(await outcome(calls.call('text', 3, 'answer'))).toEqual({ kind: 'textGone' });

    await shown(calls, 5, text(first));
    // A stopped call ends the worker (src/demo-kit/worker-calls.ts); the next call starts a fresh one.
    const stop = new AbortController();
    const stopped = calls.with({ signal: stop.signal }).call('inspect', 6, text(first));
    stop.abort();
    await expect(stopped).rejects.toThrow('stopped');
    expect(await outcome(calls.call('text', 5, 'answer'))).toEqual({ kind: 'textGone' });
  });
});
