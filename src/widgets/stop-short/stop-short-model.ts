// The stop-short demo's view of one drop, for the server (the first view, rendered into the page)
// and the browser (every later drop): the connection drops after a byte (lessons-code dropAt); what
// each of the lesson's readers keeps; the turn as the GaChatbot page settles it today
// (submitPageMessage) against a careful client (submitCarefully). Every word is a UI string (`tr`:
// keys without `course.`); texts that come from GA (answers, its error message) stay English.

import {
  DROP_STREAMS,
  IMPROVISATION_QUESTION,
  VOICING_ANSWER,
  VOICING_QUESTION,
  droppingHost,
  dropAt,
  mapStream,
  submitCarefully,
  submitPageMessage,
  type DropStream,
  type HistoryTurn,
  type TurnOutcome,
} from '../../../lessons-code/index.ts';
import type { DemoKey, KeyedTranslate } from '../../demo-kit/strings.ts';
import { visible } from '../../demo-kit/visible.ts';

/** The lookup of the demo's strings, typed: a key en.json lacks is a type error (src/lib/ui-keys.ts). */
type Tr = KeyedTranslate<DemoKey<'stopShort'>>;

/** The conversation so far, before the question: one earlier exchange, so "untouched" can be seen. */
const EARLIER: readonly HistoryTurn[] = [
  { role: 'user', content: VOICING_QUESTION },
  { role: 'assistant', content: VOICING_ANSWER },
];

export const PRESETS = ['middle', 'beforeDone', 'whole'] as const;
export type Preset = (typeof PRESETS)[number];

export function dropStream(id: string): DropStream {
  return DROP_STREAMS.find((stream) => stream.id === id) ?? DROP_STREAMS[0]!;
}

/** Where the drop starts: in the middle of the answer's fourth event, so an unfinished event is discarded. */
export function firstDrop(stream: DropStream): number {
  const ends = mapStream(stream.bytes).eventEnds;
  return ends.length > 3 ? ends[2]! + 40 : Math.floor(stream.bytes.length / 2);
}

/** The byte a preset drops the connection after (null: the stream has no such place). */
export function presetAt(stream: DropStream, preset: Preset): number | null {
  const n = stream.bytes.length;
  if (preset === 'whole') return n;
  if (preset === 'middle') return stream.id === 'answer' ? firstDrop(stream) : Math.floor(n / 2);
  const done = stream.stream.indexOf('data: [DONE]');
  return done < 0 ? null : new TextEncoder().encode(stream.stream.slice(0, done)).length;
}

export interface ReaderRow {
  id: string;
  name: string;
  chars: string;
  kept: string;
  done: boolean;
  error: string | null;
}

export interface HistoryItem {
  role: string;
  text: string;
  fresh: boolean;
}

/** One client's side of the turn: its bubble, what it says about the turn, and the history it sends next. */
export interface TurnPanel {
  status: string;
  /** Markdown of the bubble ('' for none). */
  bubble: string;
  showBubble: boolean;
  notice: { text: string; message: string | null } | null;
  retry: boolean;
  summary: string;
  summaryClass: string;
  turns: number;
  history: HistoryItem[];
  note: string | null;
}

/**
 * A panel with every piece a turn can show (a bubble, a notice with its message, a retry, one
 * history item marked new, a note), all empty: StopShortDemo.astro renders it once into a
 * <template>, and the browser fills clones of its pieces (stop-short-element.ts).
 */
export const EVERY_PIECE: TurnPanel = {
  status: '',
  bubble: '',
  showBubble: true,
  notice: { text: '', message: '' },
  retry: true,
  summary: '',
  summaryClass: '',
  turns: 0,
  history: [{ role: '', text: '', fresh: true }],
  note: '',
};

export interface StopView {
  stream: DropStream['id'];
  at: number;
  n: number;
  valueText: string;
  received: string;
  events: string;
  unfinished: string;
  unfinishedNote: string;
  rows: ReaderRow[];
  /** Why the standard's row keeps the error event as text (the failure stream only). */
  standardNote: string | null;
  page: TurnPanel;
  careful: TurnPanel;
  say: string;
}

function historyOf(history: readonly HistoryTurn[], fresh: number, tr: Tr): HistoryItem[] {
  return history.map((turn, i) => ({
    role: tr(turn.role === 'user' ? 'stopShort.user' : 'stopShort.assistant'),
    text: ((text) => (text.length > 70 ? text.slice(0, 70) + '…' : text))(visible(turn.content)),
    fresh: i >= history.length - fresh,
  }));
}

/** The careful client's panel for an outcome (after a retry, `retried` says how it went). */
function carefulPanel(outcome: TurnOutcome, history: readonly HistoryTurn[], tr: Tr, retried = false): TurnPanel {
  const kept = history.length - EARLIER.length;
  let notice: TurnPanel['notice'] = null;
  if (outcome.status === 'truncated')
    notice = { text: tr(outcome.shown === '' ? 'stopShort.cutOffEmpty' : 'stopShort.cutOff'), message: null };
  if (outcome.status === 'failed') notice = { text: tr('stopShort.failedTurn'), message: outcome.error ?? '' };
  return {
    status: outcome.status,
    bubble: outcome.shown,
    showBubble: outcome.shown !== '' || outcome.status === 'complete',
    notice,
    retry: outcome.offerRetry,
    summary: tr(kept > 0 ? 'stopShort.historyAdded' : 'stopShort.historyUntouched', { count: history.length }),
    summaryClass: kept > 0 ? 'ok' : '',
    turns: history.length,
    history: historyOf(history, kept, tr),
    note: retried ? tr(outcome.status === 'complete' ? 'stopShort.retriedOk' : 'stopShort.retriedAgain') : null,
  };
}

/** A retry of the careful client: this time the connection holds, the whole stream arrives. */
export async function retryPanel(stream: DropStream, tr: Tr): Promise<TurnPanel> {
  const { outcome, history } = await submitCarefully(
    droppingHost(stream.bytes, stream.bytes.length),
    IMPROVISATION_QUESTION,
    EARLIER,
  );
  return carefulPanel(outcome, history, tr, true);
}

/** Everything the demo shows when the connection drops after byte `at` of `stream` (clamped). */
export async function stopView(stream: DropStream, at: number, tr: Tr): Promise<StopView> {
  const n = stream.bytes.length;
  const k = Math.max(0, Math.min(n, Number.isFinite(at) ? Math.trunc(at) : 0));
  const view = await dropAt(stream.bytes, k);
  const pageHistory = EARLIER.map((turn) => ({ ...turn }));
  const page = (await submitPageMessage(droppingHost(stream.bytes, k), IMPROVISATION_QUESTION, pageHistory))!;
  const careful = await submitCarefully(droppingHost(stream.bytes, k), IMPROVISATION_QUESTION, EARLIER);
  const rows = view.results.map(({ reader, result }) => ({
    id: reader.id,
    name: tr(`names.reader.${reader.id}`),
    chars: tr('stopShort.chars', { count: result.text.length }),
    kept: result.text,
    done: result.done,
    error: result.error,
  }));
  const standard = rows[0]!;
  return {
    stream: stream.id,
    at: k,
    n,
    valueText: tr('stopShort.valueText', { at: k, n }),
    received: tr('stopShort.received', { at: k, n }),
    events: tr('stopShort.events', { whole: view.eventsReceived, total: view.eventsTotal }),
    unfinished: view.unfinished,
    unfinishedNote: tr(
      view.unfinished !== '' ? 'stopShort.unfinished' : k === n ? 'stopShort.wholeArrived' : 'stopShort.noUnfinished',
    ),
    rows,
    standardNote: standard.kept.startsWith('{"error"') ? tr('stopShort.standardNote') : null,
    page: {
      status: 'page',
      bubble: page.bubbles.find((b) => b.role === 'assistant')?.text || page.finalAnswer || '',
      showBubble: true,
      notice: null,
      retry: false,
      summary: tr(page.pushed ? 'stopShort.pagePushed' : 'stopShort.historyUntouched', { count: pageHistory.length }),
      summaryClass: page.pushed && !careful.outcome.keepInHistory ? 'bad' : '',
      turns: pageHistory.length,
      history: historyOf(pageHistory, page.pushed ? 2 : 0, tr),
      note: null,
    },
    careful: carefulPanel(careful.outcome, careful.history, tr),
    say: tr('stopShort.announce', {
      at: k,
      n,
      count: view.eventsReceived,
      done: tr(standard.done ? 'stopShort.yes' : 'stopShort.no'),
      status: tr(`stopShort.status.${careful.outcome.status}`),
    }),
  };
}
