// The timeline demo's view, for the server (the first view, run on a simulated clock at build time)
// and the browser (every run on the real clock): one question sent to two hosts with the same model
// behind them (lessons-code createBurstHost, GA's shape, and createPacedHost, each word as it is
// written), both read and painted through the paint batcher (runStreamTurn), on ONE time axis, so
// the time to the first text can be compared. Every word is a UI string (`tr`: keys without `course.`).

import {
  VOICING_QUESTION,
  createBurstHost,
  createFakeClock,
  createPacedHost,
  runStreamTurn,
  runOnFakeClock,
  type Clock,
  type FetchLike,
  type TimelineEntry,
  type TurnTimeline,
} from '../../../lessons-code/index.ts';
import type { Vars } from '../../demo-kit/format.ts';

type Tr = (key: string, vars?: Vars) => string;

export const MODES = ['burst', 'paced'] as const;
export type Mode = (typeof MODES)[number];

/** The time the model takes to write the whole answer, for both hosts: the choices, and the first one shown. */
export const LATENCIES = [250, 500, 1000, 2000, 4000] as const;
export const DEFAULT_LATENCY = 1000;
export const QUESTION = VOICING_QUESTION;

/** The host of one column, with the model's time: GA's burst, or a host that streams each word. */
export function hostFor(mode: Mode, latencyMs: number, clock?: Clock): FetchLike {
  return mode === 'burst' ? createBurstHost({ latencyMs, clock }) : createPacedHost({ totalMs: latencyMs, clock });
}

export type Timelines = Record<Mode, TurnTimeline>;

/** Both requests on a simulated clock (what the page shows before the learner sends one). */
export async function simulate(latencyMs: number): Promise<Timelines> {
  const run = async (mode: Mode) => {
    const clock = createFakeClock();
    return runOnFakeClock(clock, runStreamTurn({ host: hostFor(mode, latencyMs, clock), message: QUESTION, clock }));
  };
  return { burst: await run('burst'), paced: await run('paced') };
}

const formats = new Map<string, Intl.NumberFormat>();
/** Milliseconds as the locale writes them: one decimal under 10 ms, none above. */
function ms(lang: string, value: number): string {
  const digits = Math.abs(value) < 10 ? 1 : 0;
  let format = formats.get(`${lang}:${digits}`);
  if (!format)
    formats.set(
      `${lang}:${digits}`,
      (format = new Intl.NumberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: digits })),
    );
  return format.format(value);
}

export interface Mark {
  /** Percent of the shared axis. */
  at: number;
  kind: string;
}

export interface Row {
  t: string;
  kind: string;
  text: string;
}

export interface HostView {
  mode: Mode;
  first: string;
  /** Milliseconds to the first text (null: no text). */
  firstMs: number | null;
  /** Percent of the axis where the first text arrived (null: no text). */
  firstAt: number | null;
  network: Mark[];
  paints: Mark[];
  rows: Row[];
  listSummary: string;
  stats: { key: string; value: string; good: boolean | null }[];
  deltas: number;
  paintCount: number;
  drafts: number;
  final: string;
}

export interface TimelineView {
  ticks: { at: number; label: string }[];
  hosts: HostView[];
  say: string;
}

/** An axis that ends on a round number, with at most six labelled ticks. */
function axis(end: number): { end: number; step: number } {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];
  const step = steps.find((s) => end / s <= 5) ?? Math.ceil(end / 5000) * 1000;
  return { end: Math.max(step, Math.ceil(end / step) * step), step };
}

function entryText(entry: TimelineEntry, tr: Tr): string {
  switch (entry.kind) {
    case 'sent':
      return tr('burst.sent');
    case 'headers':
      return tr('burst.headers', { status: entry.status ?? 0 });
    case 'read': {
      const events = entry.events ?? [];
      return tr('burst.read', {
        count: entry.bytes ?? 0,
        events: events.length === 0 ? tr('burst.noEvent') : events.map((kind) => tr(`burst.event.${kind}`)).join(', '),
      });
    }
    case 'end':
      return tr('burst.end');
  }
}

function rowsOf(timeline: TurnTimeline, mode: Mode, tr: Tr, lang: string): Row[] {
  const rows: { t: number; kind: string; text: string }[] = [];
  const firstRead = timeline.entries.find((e) => e.kind === 'read');
  for (const entry of timeline.entries) {
    rows.push({ t: entry.t, kind: entry.kind, text: entryText(entry, tr) });
    // GA's host: nothing arrives while the model writes the whole answer.
    if (entry.kind === 'headers' && firstRead && mode === 'burst')
      rows.push({ t: entry.t, kind: 'gap', text: tr('burst.gapBurst', { ms: ms(lang, firstRead.t - entry.t) }) });
  }
  for (const paint of timeline.paints)
    rows.push({
      t: paint.t,
      kind: `paint-${paint.reason}`,
      text: tr(paint.reason === 'final' ? 'burst.paintFinal' : 'burst.paintDraft', { count: paint.text.length }),
    });
  // By time; at equal times a read comes before the paints it caused.
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.t - b.row.t || a.i - b.i)
    .map(({ row }) => ({ t: tr('burst.ms', { ms: ms(lang, row.t) }), kind: row.kind, text: row.text }));
}

function hostView(timeline: TurnTimeline, mode: Mode, end: number, tr: Tr, lang: string): HostView {
  const pct = (t: number) => Math.round(Math.min(100, Math.max(0, (t / end) * 100)) * 100) / 100;
  const drafts = timeline.paints.filter((p) => p.reason !== 'final').length;
  const yes = (value: boolean) => tr(value ? 'burst.yes' : 'burst.no');
  const rows = rowsOf(timeline, mode, tr, lang);
  return {
    mode,
    first:
      timeline.firstTextAt === null
        ? tr('burst.firstNone')
        : tr('burst.firstAfter', { ms: ms(lang, timeline.firstTextAt) }),
    firstMs: timeline.firstTextAt,
    firstAt: timeline.firstTextAt === null ? null : pct(timeline.firstTextAt),
    network: timeline.entries
      .filter((e) => e.kind === 'headers' || e.kind === 'read')
      .map((e) => ({ at: pct(e.t), kind: e.kind })),
    paints: timeline.paints.map((p) => ({ at: pct(p.t), kind: `paint-${p.reason}` })),
    rows,
    listSummary: tr('burst.listSummary', { count: rows.length }),
    stats: [
      {
        key: 'first',
        value: timeline.firstTextAt === null ? '—' : tr('burst.ms', { ms: ms(lang, timeline.firstTextAt) }),
        good: null,
      },
      { key: 'deltas', value: ms(lang, timeline.deltas), good: null },
      { key: 'paints', value: tr('burst.paintsValue', { paints: timeline.paints.length, count: drafts }), good: null },
      {
        key: 'cancelled',
        value: timeline.cancelled > 0 ? tr('burst.cancelledYes') : tr('burst.cancelledNone'),
        good: null,
      },
      { key: 'prefixes', value: yes(timeline.prefixes), good: timeline.prefixes },
      { key: 'final', value: yes(timeline.finalLast), good: timeline.finalLast },
    ],
    deltas: timeline.deltas,
    paintCount: timeline.paints.length,
    drafts,
    final: timeline.final,
  };
}

/** Both timelines on one axis, in words and marks. */
export function timelineView(timelines: Timelines, tr: Tr, lang: string): TimelineView {
  const last = (tl: TurnTimeline) => Math.max(tl.entries[tl.entries.length - 1]?.t ?? 0, ...tl.paints.map((p) => p.t));
  const { end, step } = axis(Math.max(1, last(timelines.burst), last(timelines.paced)));
  const ticks: TimelineView['ticks'] = [];
  for (let t = 0; t <= end + 1e-9; t += step) ticks.push({ at: (t / end) * 100, label: ms(lang, t) });
  const hosts = MODES.map((mode) => hostView(timelines[mode], mode, end, tr, lang));
  const [burst, paced] = hosts as [HostView, HostView];
  const firstOf = (mode: Mode) => (timelines[mode].firstTextAt === null ? '—' : ms(lang, timelines[mode].firstTextAt!));
  return {
    ticks,
    hosts,
    say: tr('burst.announce', {
      burst: firstOf('burst'),
      paced: firstOf('paced'),
      burstDeltas: burst.deltas,
      pacedDeltas: paced.deltas,
      burstPaints: burst.paintCount,
      pacedPaints: paced.paintCount,
    }),
  };
}
