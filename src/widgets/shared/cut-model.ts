// The cut demo's view of one cut, for the server (the first view, rendered into the page) and the
// browser (every later cut): GaChatbot.Api's stream cut in two reads after a byte, fed to the four
// readers of lessons-code (CUT_READERS), each compared with its own read of the uncut stream. Every
// word is a UI string: `tr` looks keys up without their `course.` prefix (src/demo-kit/format.ts).

import {
  CUT_READERS,
  CUT_STREAMS,
  IMPROVISATION_ANSWER,
  cutContext,
  describeCut,
  firstDifference,
  mapStream,
  readInTwo,
  readWhole,
  sameResult,
  type CutPlace,
  type CutStream,
  type StreamMap,
  type StreamReadResult,
} from '../../../lessons-code/index.ts';
import type { Vars } from '../../demo-kit/format.ts';
import { describeLoss, lossReport } from './loss-report.ts';
import { visible } from '../../demo-kit/visible.ts';

export type Tr = (key: string, vars?: Vars) => string;

/** Where the slider starts: inside the first en dash of the answer, a cut that breaks two readers. */
export const FIRST_CUT = 17;

/** The kinds of place a cut can fall in (lessons-code CutKind), for the strings `cut.place.*` and `cut.kind.*`. */
export const CUT_KINDS = ['start', 'end', 'between', 'char', 'crlf', 'blank', 'line', 'field', 'data'] as const;

/** A cut place in words: for the slider's value text, the list of breaking cuts and the status line. */
export function describePlace(place: CutPlace, tr: Tr): string {
  const vars = {
    event: place.event,
    char: place.char ?? '',
    before: place.bytesBefore ?? 0,
    size: tr('count.bytes', { count: place.charBytes ?? 0 }), // "2 bytes": the noun agrees with the number
  };
  const key = place.kind === 'crlf' && place.closing ? 'cut.place.crlfClosing' : `cut.place.${place.kind}`;
  const inDone = place.inDone && place.kind !== 'between' && place.kind !== 'start' && place.kind !== 'end';
  return tr(key, vars) + (inDone ? tr('cut.place.inDone') : '');
}

/**
 * The words of a cut at byte `at` of `n`: the heading, the place, and the slider's value text (shared with the 06c cut
 * demo).
 */
export function cutWords(
  at: number,
  n: number,
  place: string,
  tr: Tr,
): { cutAt: string; place: string; valueText: string } {
  return { cutAt: tr('cut.cutAt', { at, n }), place, valueText: tr('cut.valueText', { at, n, place }) };
}

export interface CutRow {
  id: (typeof CUT_READERS)[number]['id'];
  /** The reader's function name: code, never translated. */
  label: string;
  same: boolean;
  verdict: string;
  /** How the cut read differs from the uncut one ('' when the same). */
  detail: string;
  /** The uncut read against the answer: a translated verdict, and whether [DONE] came. */
  uncut: string;
}

/** The text around the cut: whitespace shown by the renderer, a split character with its bytes in hex. */
export interface CutContextView {
  before: string;
  split: { char: string; hexBefore: string; hexAfter: string } | null;
  after: string;
}

export interface CutView {
  stream: CutStream['id'];
  at: number;
  n: number;
  kind: CutPlace['kind'];
  /** "Cut after byte 17 of 682:" and where it falls. */
  cutAt: string;
  place: string;
  valueText: string;
  context: CutContextView;
  reads: string;
  rows: CutRow[];
  /** The status line: the cut and how many readers it breaks. */
  say: string;
}

const maps = new Map<string, StreamMap>();
const uncutReads = new Map<string, Promise<StreamReadResult>>();

export function cutStream(id: string): CutStream {
  return CUT_STREAMS.find((stream) => stream.id === id) ?? CUT_STREAMS[0]!;
}

/** The stream's figures: the answer's characters and bytes, the stream's bytes and places to cut. */
export function cutFigures(stream: CutStream, tr: Tr): string {
  const n = stream.bytes.length;
  return tr('cut.figures', {
    chars: IMPROVISATION_ANSWER.length,
    answerBytes: new TextEncoder().encode(IMPROVISATION_ANSWER).length,
    bytes: n,
    cuts: n + 1,
  });
}

function detailOf(uncut: StreamReadResult, got: StreamReadResult, tr: Tr): string {
  const parts: string[] = [];
  const diff = firstDifference(uncut.text, got.text, 14);
  if (diff) parts.push(tr('cut.diff', { at: diff.at, expected: visible(diff.expected), got: visible(diff.got) }));
  if (uncut.done !== got.done) parts.push(tr(got.done ? 'cut.doneGained' : 'cut.doneLost'));
  if (uncut.error !== got.error) parts.push(tr('cut.errorDiffers'));
  return parts.join(' ');
}

function uncutOf(uncut: StreamReadResult, tr: Tr, lang: string): string {
  const verdict =
    uncut.text === '' ? tr('cut.nothing') : describeLoss(lossReport(IMPROVISATION_ANSWER, uncut.text), tr, lang);
  return tr('cut.uncut', { verdict, done: tr(uncut.done ? 'cut.yes' : 'cut.no') });
}

/** Everything the demo shows for the cut after byte `at` of `stream` (clamped to the stream). */
export async function cutView(stream: CutStream, at: number, tr: Tr, lang: string): Promise<CutView> {
  const n = stream.bytes.length;
  const cut = Math.max(0, Math.min(n, Number.isFinite(at) ? Math.trunc(at) : 0));
  let map = maps.get(stream.id);
  if (!map) maps.set(stream.id, (map = mapStream(stream.bytes)));
  const place = describeCut(map, cut);
  const placeText = describePlace(place, tr);
  const rows = await Promise.all(
    CUT_READERS.map(async (reader): Promise<CutRow> => {
      const key = `${stream.id}:${reader.id}`;
      let uncutRead = uncutReads.get(key);
      if (!uncutRead) uncutReads.set(key, (uncutRead = readWhole(reader.read, stream.bytes)));
      const uncut = await uncutRead;
      const got = await readInTwo(reader.read, stream.bytes, cut);
      const same = sameResult(uncut, got);
      return {
        id: reader.id,
        label: reader.label,
        same,
        verdict: tr(same ? 'cut.same' : 'cut.broken'),
        detail: same ? '' : detailOf(uncut, got, tr),
        uncut: uncutOf(uncut, tr, lang),
      };
    }),
  );
  const broken = rows.filter((row) => !row.same).length;
  return {
    stream: stream.id,
    at: cut,
    n,
    kind: place.kind,
    ...cutWords(cut, n, placeText, tr),
    context: cutContext(stream.bytes, cut, 14),
    reads:
      cut === 0 || cut === n
        ? tr('cut.oneRead', { n })
        : tr('cut.twoReads', { first: tr('cut.bytes', { count: cut }), second: tr('cut.bytes', { count: n - cut }) }),
    rows,
    say: tr('cut.announce', { count: broken, readers: rows.length }),
  };
}
