// The 06d demos' views (src/widgets/rounds-timeline/rounds-timeline-model.ts,
// src/widgets/rounds-details/rounds-details-model.ts), shared by the server's first view and the
// browser: the lanes of each harness, the live figures (from the replica's call log) equal to the
// bill once the turn ends, the four details' verdicts, and every string key the views and scripts
// build from a list, in every locale.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/lib/locales.ts';
import {
  BillingLedger,
  HARNESSES,
  HELLO_QUESTION,
  VOICINGS_QUESTION,
  createFakeClock,
  recordRound,
  runOnFakeClock,
  startModelReplica,
} from '../../../lessons-code/index.ts';
import { translate } from '../../../src/demo-kit/format.ts';
import {
  DETAILS,
  FRAGMENT_ORDERS,
  finishView,
  fragmentsView,
  oneCallAfterTheOther,
  paragraphView,
  usageView,
} from '../../../src/widgets/rounds-details/rounds-details-model.ts';
import {
  FIGURES,
  HARNESS_NAMES,
  TIMELINE_QUESTIONS,
  axisFor,
  fromCallLog,
  harnessKey,
  segmentsOf,
  simulateTurns,
  timelineView,
} from '../../../src/widgets/rounds-timeline/rounds-timeline-model.ts';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const table = (locale: string) =>
  Object.fromEntries(Object.entries(read(locale)).map(([k, v]) => [k.replace(/^course\./, ''), v]));
const tr = (key: string, vars?: Record<string, string | number>) => translate(table('en'), 'en', key, vars);

describe('the timeline view', () => {
  it('the figures the call log gives while a turn runs are, once it ends, the turn’s bill', async () => {
    for (const question of TIMELINE_QUESTIONS) {
      const clock = createFakeClock();
      const replica = startModelReplica({ clock });
      const ledger = new BillingLedger();
      for (const harness of HARNESSES) {
        const report = await runOnFakeClock(
          clock,
          harness.runTurn({ model: replica.fetch, question, turnId: harness.name, clock, ledger }),
        );
        const live = fromCallLog(replica.calls, harness.name);
        expect(live, `${harness.name}: ${question}`).toEqual({
          calls: report.calls,
          inputTokens: report.inputTokens,
          outputTokens: report.outputTokens,
        });
        expect(ledger.forTurn(harness.name)).toHaveLength(1);
      }
    }
  });

  it('the lanes: a probe thrown away, tools, streamed calls waiting then streaming', async () => {
    const kinds = async (question: string) => {
      const states = await simulateTurns(question);
      return Object.fromEntries(
        HARNESS_NAMES.map((name) => [name, segmentsOf(states[name].steps, states[name].elapsedMs).map((s) => s.kind)]),
      );
    };
    expect(await kinds(HELLO_QUESTION)).toEqual({
      'poll-then-stream': ['discarded', 'waiting', 'streaming'],
      'stream-every-round': ['waiting', 'streaming'],
    });
    expect(await kinds(VOICINGS_QUESTION)).toEqual({
      'poll-then-stream': ['probe', 'tool', 'tool', 'discarded', 'waiting', 'streaming'],
      'stream-every-round': ['waiting', 'streaming', 'tool', 'tool', 'waiting', 'streaming'],
    });
  });

  it('a lane still running ends its open bar now; one stopped ends every bar at its end', () => {
    const steps = [
      { t: 0, kind: 'call' as const, call: 1, stream: true },
      { t: 450, kind: 'text' as const, call: 1, text: 'Hi ' },
    ];
    expect(segmentsOf(steps, 600)).toEqual([
      { kind: 'waiting', from: 0, to: 450, call: 1 },
      { kind: 'streaming', from: 450, to: 600, call: 1 },
    ]);
    expect(segmentsOf([...steps, { t: 500, kind: 'end', status: 'stopped' }], 9999).at(-1)).toEqual({
      kind: 'streaming',
      from: 450,
      to: 500,
      call: 1,
    });
  });

  it('one axis for both lanes, on round numbers; bars inside it', async () => {
    expect(axisFor(1320)).toEqual({ end: 1500, step: 500 });
    expect(axisFor(2640)).toEqual({ end: 3000, step: 1000 });
    expect(axisFor(3490)).toEqual({ end: 4000, step: 1000 });
    const view = timelineView(await simulateTurns(VOICINGS_QUESTION), tr);
    expect(view.ticks.map((tick) => tick.label)).toEqual(['0', '1,000', '2,000', '3,000', '4,000']);
    for (const lane of view.lanes)
      for (const bar of lane.bars) expect(bar.left + bar.width).toBeLessThanOrEqual(100.01);
    expect(view.lanes.map((lane) => lane.figures.calls)).toEqual(['3', '2']);
    expect(view.say).toBe(
      tr('roundsTimeline.announce', { pollCalls: '3', everyCalls: '2', pollFirst: '2,980 ms', everyFirst: '450 ms' }),
    );
  });
});

describe('the four details', () => {
  it('tool calls: two by index, in either order of the fragments; one broken call by position', async () => {
    for (const order of FRAGMENT_ORDERS) {
      const view = await fragmentsView(order, tr);
      expect(view.byIndex.map((call) => call.id)).toEqual(['call_r1', 'call_r2']);
      expect(view.byIndexVerdict).toEqual({ text: '2 calls, each with arguments that parse as JSON.', ok: true });
      expect(view.byPosition).toHaveLength(1);
      expect(view.byPositionVerdict.ok).toBe(false);
      expect(view.lines).toHaveLength(16);
    }
    const { chunks } = await recordRound(VOICINGS_QUESTION);
    const sorted = oneCallAfterTheOther(chunks);
    expect(sorted).toHaveLength(chunks.length);
    chunks.forEach((chunk, i) => {
      // text, finish and usage chunks stay where they are
      if (!chunk.choices[0]?.delta.tool_calls) expect(sorted[i]).toBe(chunk);
    });
  });

  it('finish_reason: cut by the limit, complete without it; the naive reading never sees it', async () => {
    const cut = await finishView(12, tr);
    expect(cut.careful.text).toBe('finish_reason is length: the answer was cut after 12 tokens. Tell the user.');
    expect(cut.naive).toEqual({ text: tr('roundsDetails.finishUnseenCut'), ok: false });
    const whole = await finishView(40, tr);
    expect(whole.careful.text).toBe('finish_reason is stop: the answer is complete.');
    expect(whole.naive).toEqual({ text: tr('roundsDetails.finishUnseenLuck'), ok: true });
  });

  it('usage: the naive reading throws on the chunk without choices, and only when it is asked for', async () => {
    const asked = await usageView(true, tr);
    expect(asked.careful.text).toBe('Usage: 153 tokens in, 30 out.');
    expect(asked.naiveError).toMatch(/^TypeError: /);
    expect(asked.tail).toContain('"choices":[]');
    const notAsked = await usageView(false, tr);
    expect(notAsked.careful.text).toBe(tr('roundsDetails.noUsage'));
    expect(notAsked.naiveError).toBe('');
  });

  it('a paragraph between rounds: the seam with and without it', async () => {
    const view = await paragraphView();
    expect(view.joinedSeam).toBe('voicing index.\n\nHere');
    expect(view.asTheyComeSeam).toBe('voicing index.Here');
  });
});

describe('the 06d demos’ strings', () => {
  const built = [
    ...HARNESS_NAMES.map((name) => `roundsTimeline.harness.${harnessKey(name)}`),
    ...FIGURES.map((figure) => `roundsTimeline.figure.${figure}`),
    ...['probe', 'discarded', 'waiting', 'streaming', 'tool', 'first'].map((kind) => `roundsTimeline.legend.${kind}`),
    ...DETAILS.map((detail) => `roundsDetails.tab.${detail}`),
    ...FRAGMENT_ORDERS.map((order) => `roundsDetails.order.${order}`),
    ...['finally', 'after-the-loop'].map((billIn) => `roundsStop.billIn.${billIn}`),
    ...['generating', 'done', 'stopped'].map((state) => `roundsStop.state.${state}`),
    ...['complete', 'cut', 'stopped', 'failed'].flatMap((status) => [
      `roundsStop.status.${status}`,
      `roundsStop.mark.${status}`,
    ]),
    ...['turn', 'billing', 'generated', 'billed', 'saved'].map((col) => `roundsStop.col.${col}`),
  ];
  for (const locale of LOCALES) {
    it(`${locale}: every key built from a list exists`, () => {
      const strings = table(locale);
      expect(built.filter((key) => !(key in strings) && !(`${key}_other` in strings))).toEqual([]);
    });
  }
});
