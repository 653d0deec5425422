// The stream inspector's operations, as its worker serves them (inspect-worker.ts) and the page calls
// them (src/demo-kit/worker-calls.ts). A report crosses to the page with its answer and its reasoning
// cut to what the page shows of them (SHOWN_CHARS, lessons-code/inspect/report.ts) and their whole
// lengths: a long answer is most of a report, and the page decodes all that crosses on its own thread.
// The whole texts of the latest report stay here, under the number the page gave its reading, until a
// Copy button asks for them (`text`); a worker that was stopped since, or a later reading, has lost them.

import {
  exampleStream,
  runInspect,
  type ExampleId,
  type FormatId,
  type InspectReport,
  type InspectResult,
  type InspectSource,
  type ReadProgress,
} from '../../../lessons-code/index.ts';
import { SHOWN_CHARS } from '../../../lessons-code/inspect/report.ts';
import { WorkerError, type Progress } from '../../demo-kit/worker-calls.ts';

const PROGRESS_STEP = 256 * 1024;

/** What the learner picked beside the input: a HAR file's entry, a format other than the one detected. */
export interface InspectChoice {
  entry?: number;
  format?: FormatId;
}

/** The texts of a turn that the page shows only the start of, and copies whole. */
export type TurnText = 'answer' | 'reasoning';

/** A text of the turn as it crosses to the page: its first SHOWN_CHARS characters (a shorter one whole), its length. */
export interface ShownText {
  shown: string;
  length: number;
}

/** A report as the page gets it: the turn's texts as shown, and the number of the reading that made it. */
export type ShownReport = Omit<InspectReport, 'turn'> & {
  turn: Omit<InspectReport['turn'], TurnText> & Record<TurnText, ShownText>;
  reading: number;
};

/** What a reading gives the page: a report as shown, or what runInspect said instead of a report. */
export type ShownResult = Exclude<InspectResult, { kind: 'report' }> | { kind: 'report'; report: ShownReport };

/** A text as the page shows it. */
function shownText(text: string): ShownText {
  return { shown: text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text, length: text.length };
}

/** Tells `to` how far a file's reading has got, every PROGRESS_STEP bytes and at its end. */
function stepped(to: Progress<ReadProgress>): (read: ReadProgress) => void {
  let told = 0;
  return (read) => {
    if (read.loaded - told < PROGRESS_STEP && read.loaded < read.total) return;
    told = read.loaded;
    to.progress(read);
  };
}

/** The operations of one worker, with the whole texts of its latest report. */
export function inspectOps() {
  let kept: { reading: number; texts: Record<TurnText, string> } | null = null;
  return {
    /**
     * Reading number `reading` (the page numbers them): its report as shown, or why there is none (a
     * problem, a response that is no stream, a HAR's entries). Its texts replace the ones kept.
     */
    async inspect(
      this: Progress<ReadProgress>,
      reading: number,
      source: InspectSource,
      choice: InspectChoice = {},
    ): Promise<ShownResult> {
      const result = await runInspect({ op: 'inspect', source, ...choice }, stepped(this));
      kept = null;
      if (result.kind !== 'report') return result;
      const { turn } = result.report;
      kept = { reading, texts: { answer: turn.answer, reasoning: turn.reasoning } };
      const shown = { ...turn, answer: shownText(turn.answer), reasoning: shownText(turn.reasoning) };
      return { kind: 'report', report: { ...result.report, turn: shown, reading } };
    },
    /** A text of reading `reading`'s report, whole; a WorkerError `textGone` once another reading replaced it. */
    text(reading: number, name: TurnText): string {
      if (kept?.reading !== reading) throw new WorkerError('textGone', `the text of reading ${reading} is not kept`);
      return kept.texts[name];
    },
    /** The stream's body alone (the report copied with its stream); '' when the input has none. */
    body(this: Progress<ReadProgress>, source: InspectSource, entry?: number): Promise<string> {
      return runInspect({ op: 'body', source, ...(entry === undefined ? {} : { entry }) }, stepped(this));
    },
    /** One of the course's streams (lessons-code/inspect/inspect.ts, exampleStream). */
    example: (id: ExampleId) => exampleStream(id),
  };
}

export type InspectOps = ReturnType<typeof inspectOps>;
