// The chunkers demo's computation, for the worker (any answer the learner types) and for the
// server (the first view, rendered into the page): the answer split by SseChunker at a826864 and by
// #743, each side trimmed to what a page shows, with a translatable report of what was lost.

import {
  IMPROVISATION_ANSWER,
  countBreaks,
  countLines,
  splitAfter743,
  splitPinned,
} from '../../../lessons-code/index.ts';
import type { KeysUnder } from '../../lib/ui-keys.ts';
import { lossReport, type LossReport } from './loss-report.ts';

/** The longest piece of text a result carries back; the page says when it cut one. */
const MAX_TEXT = 20_000;
/** The most chunks a result lists. */
const SHOWN_CHUNKS = 50;

/** The presets, in the buttons' order: each one's label is the UI string course.chunker.preset.<name>. */
export const CHUNKER_PRESET_NAMES = [
  'improvisation',
  'prose',
  'numbered',
  'eg',
  'crlf',
] as const satisfies readonly KeysUnder<'chunker.preset'>[];

/** The answers the presets put in the box, by name: GA-style output, so in English in every locale. */
export const CHUNKER_PRESETS: Readonly<Record<string, string>> = {
  improvisation: IMPROVISATION_ANSWER,
  prose:
    'Aim for the chord tone a half step above, the note Q. To create tension, hold ' +
    'it over the bar line. Does it resolve? Let it fall to the third!\n',
  numbered:
    'Build the arpeggio in three steps:\n\n1. Play the root.\n2. Add the third.\n3. ' +
    'Add the fifth, then climb back down.\n',
  eg: 'Connect the chords with a passing tone, e.g. a chromatic note between two chord tones. Keep it short.\n',
  crlf: IMPROVISATION_ANSWER.replaceAll('\n', '\r\n'),
} satisfies Record<(typeof CHUNKER_PRESET_NAMES)[number], string>;

export interface ChunkerSide {
  count: number;
  /** The first chunks, each cut to MAX_TEXT characters. */
  chunks: { text: string; cut: boolean }[];
  joinedLength: number;
  report: LossReport;
  joined: string;
  joinedCut: boolean;
}

export interface ChunkerResult {
  lines: number;
  breaks: number;
  length: number;
  pinned: ChunkerSide;
  after743: ChunkerSide;
}

function side(answer: string, chunks: string[]): ChunkerSide {
  const joined = chunks.join('');
  return {
    count: chunks.length,
    chunks: chunks
      .slice(0, SHOWN_CHUNKS)
      .map((chunk) => ({ text: chunk.slice(0, MAX_TEXT), cut: chunk.length > MAX_TEXT })),
    joinedLength: joined.length,
    report: lossReport(answer, joined),
    joined: joined.slice(0, MAX_TEXT),
    joinedCut: joined.length > MAX_TEXT,
  };
}

export function chunkerView(answer: string): ChunkerResult {
  return {
    lines: countLines(answer),
    breaks: countBreaks(answer),
    length: answer.length,
    pinned: side(answer, splitPinned(answer)),
    after743: side(answer, splitAfter743(answer)),
  };
}
