// The two harnesses on one time axis (06d, first demo), for the server (the first view, on a fake
// clock at build time) and the browser (each run against the replica in the page, on the real clock,
// redrawn while it runs). A lane per harness: one bar per model call (a probe whose answer is
// thrown away hatched; a streamed call light while the model reads the prompt, solid while text
// arrives), the tools in between, a mark at the first character. The figures come from the
// replica's call log while the turn runs and from the turn's bill once it ends: they are the same
// numbers (test/unit/widgets/rounds-views.test.ts). Every word is a UI string (`tr`: keys without `course.`).

import {
  CAPABILITIES_QUESTION,
  HARNESSES,
  HELLO_QUESTION,
  VOICINGS_QUESTION,
  createFakeClock,
  runOnFakeClock,
  startModelReplica,
  type CallLog,
  type HarnessName,
  type TurnReport,
  type TurnStep,
} from '../../../lessons-code/index.ts';
import type { Vars } from '../../demo-kit/format.ts';
import type { KeysUnder } from '../../lib/ui-keys.ts';

type Tr = (key: string, vars?: Vars) => string;

/** The questions the demo asks: two that need no tool, one that does. */
export const TIMELINE_QUESTIONS = [HELLO_QUESTION, CAPABILITIES_QUESTION, VOICINGS_QUESTION] as const;
export const HARNESS_NAMES: readonly HarnessName[] = HARNESSES.map((h) => h.name);
/** Each harness's name in the UI strings' keys: a new harness without one is a type error here. */
const HARNESS_KEYS: Readonly<Record<HarnessName, KeysUnder<'roundsTimeline.harness'>>> = {
  'poll-then-stream': 'pollThenStream',
  'stream-every-round': 'streamEveryRound',
};
/** `poll-then-stream` → `pollThenStream`: the harness's key under course.roundsTimeline.harness. */
export const harnessKey = (name: HarnessName) => HARNESS_KEYS[name];

/** What one harness's turn has come to so far. */
export interface LaneState {
  steps: readonly TurnStep[];
  calls: number;
  inputTokens: number;
  outputTokens: number;
  firstCharacterMs: number | null;
  /** Milliseconds since the turn started (its total once it has ended). */
  elapsedMs: number;
  done: boolean;
  text: string;
}

/** The figures of a turn still running, as the replica's call log has them. */
export function fromCallLog(log: CallLog, turnId: string): Pick<LaneState, 'calls' | 'inputTokens' | 'outputTokens'> {
  const records = log.forTurn(turnId);
  return {
    calls: records.length,
    inputTokens: records.reduce((sum, r) => sum + r.promptTokens, 0),
    outputTokens: records.reduce((sum, r) => sum + r.generatedTokens, 0),
  };
}

/** A turn that has ended, as its bill and report have it. */
export function fromReport(report: TurnReport): LaneState {
  return {
    steps: report.steps,
    calls: report.calls,
    inputTokens: report.inputTokens,
    outputTokens: report.outputTokens,
    firstCharacterMs: report.firstCharacterMs,
    elapsedMs: report.totalMs,
    done: true,
    text: report.text,
  };
}

/** Both harnesses on `question`, against one replica on a fake clock: the view before any run. */
export async function simulateTurns(question: string): Promise<Record<HarnessName, LaneState>> {
  const clock = createFakeClock();
  const replica = startModelReplica({ clock });
  const out = {} as Record<HarnessName, LaneState>;
  for (const harness of HARNESSES) {
    out[harness.name] = fromReport(
      await runOnFakeClock(clock, harness.runTurn({ model: replica.fetch, question, turnId: harness.name, clock })),
    );
  }
  return out;
}

export type SegmentKind = 'probe' | 'discarded' | 'waiting' | 'streaming' | 'tool';
export interface Segment {
  kind: SegmentKind;
  from: number;
  to: number;
  /** The call's number in the turn (none for a tool). */
  call: number | null;
}

/** The bars of a lane: calls from their start to their answer, tools until the next step; open ones end `now`. */
export function segmentsOf(steps: readonly TurnStep[], now: number): Segment[] {
  const segments: Segment[] = [];
  const open = new Map<number, Segment>();
  let tool: Segment | null = null;
  const closeTool = (t: number) => {
    if (tool) tool.to = t;
    tool = null;
  };
  for (const step of steps) {
    if (step.kind === 'call') {
      closeTool(step.t);
      const segment: Segment = { kind: step.stream ? 'waiting' : 'probe', from: step.t, to: now, call: step.call };
      segments.push(segment);
      open.set(step.call, segment);
    } else if (step.kind === 'text') {
      const waiting = open.get(step.call);
      if (waiting?.kind === 'waiting') {
        waiting.to = step.t;
        const streaming: Segment = { kind: 'streaming', from: step.t, to: now, call: step.call };
        segments.push(streaming);
        open.set(step.call, streaming);
      }
    } else if (step.kind === 'answered') {
      const segment = open.get(step.call);
      if (segment) {
        segment.to = step.t;
        if (step.discarded) segment.kind = 'discarded';
        open.delete(step.call);
      }
    } else if (step.kind === 'tool') {
      closeTool(step.t);
      tool = { kind: 'tool', from: step.t, to: now, call: null };
      segments.push(tool);
    } else {
      closeTool(step.t);
      for (const segment of open.values()) segment.to = step.t;
      open.clear();
    }
  }
  return segments.filter((s) => s.to > s.from);
}

/** An axis that ends on a round number of milliseconds, with at most six labelled ticks. */
export function axisFor(end: number): { end: number; step: number } {
  const step = [250, 500, 1000, 2000, 5000].find((s) => end / s <= 5) ?? Math.ceil(end / 5000) * 1000;
  return { end: Math.max(step, Math.ceil(end / step) * step), step };
}

export interface Bar {
  kind: SegmentKind;
  /** Percent of the axis. */
  left: number;
  width: number;
  /** The call number shown in the bar ('' for a tool or a bar too narrow for it). */
  label: string;
}

export interface LaneView {
  harness: HarnessName;
  bars: Bar[];
  /** Percent of the axis where the first character appeared (null: none yet). */
  firstAt: number | null;
  /** The figures, formatted: calls, input, output, first character, total. */
  figures: Record<FigureKey, string>;
}

export const FIGURES = ['calls', 'input', 'output', 'first', 'total'] as const;
export type FigureKey = (typeof FIGURES)[number];

const round2 = (n: number) => Math.round(n * 100) / 100;

function laneView(harness: HarnessName, state: LaneState, axisEnd: number, tr: Tr): LaneView {
  const pct = (t: number) => round2(Math.min(100, Math.max(0, (t / axisEnd) * 100)));
  const bars = segmentsOf(state.steps, state.elapsedMs).map((s) => {
    const left = pct(s.from);
    const width = round2(pct(s.to) - left);
    return { kind: s.kind, left, width, label: s.call !== null && width >= 6 ? String(s.call) : '' };
  });
  const ms = (value: number | null) => (value === null ? '—' : tr('roundsTimeline.ms', { ms: Math.round(value) }));
  return {
    harness,
    bars,
    firstAt: state.firstCharacterMs === null ? null : pct(state.firstCharacterMs),
    figures: {
      calls: tr('roundsTimeline.number', { n: state.calls }),
      input: tr('roundsTimeline.number', { n: state.inputTokens }),
      output: tr('roundsTimeline.number', { n: state.outputTokens }),
      first: ms(state.firstCharacterMs),
      total: ms(state.elapsedMs),
    },
  };
}

export interface TimelineView {
  ticks: { at: number; label: string }[];
  lanes: LaneView[];
  /** What a screen reader hears once both turns have ended. */
  say: string;
}

/** Both lanes on one axis, at least `minEnd` ms long (a run in progress keeps the axis it started with). */
export function timelineView(states: Record<HarnessName, LaneState>, tr: Tr, minEnd = 0): TimelineView {
  const { end, step } = axisFor(Math.max(1, minEnd, ...HARNESS_NAMES.map((name) => states[name].elapsedMs)));
  const ticks: TimelineView['ticks'] = [];
  for (let t = 0; t <= end + 1e-9; t += step)
    ticks.push({ at: round2((t / end) * 100), label: tr('roundsTimeline.number', { n: t }) });
  const lanes = HARNESS_NAMES.map((name) => laneView(name, states[name], end, tr));
  const [poll, every] = lanes as [LaneView, LaneView];
  return {
    ticks,
    lanes,
    say: tr('roundsTimeline.announce', {
      pollCalls: poll.figures.calls,
      everyCalls: every.figures.calls,
      pollFirst: poll.figures.first,
      everyFirst: every.figures.first,
    }),
  };
}
