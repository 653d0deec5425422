// The stream inspector's worker: the whole reading of a stream (lessons-code/inspect/inspect.ts) runs
// here, off the page's thread, so that a large stream never freezes the page and the page can stop it
// (its Cancel button terminates this worker: src/demo-kit/worker-calls.ts). A file is read here too,
// chunk by chunk, and how far it has got is posted every PROGRESS_STEP bytes, for the page's progress
// bar. It makes no request; on a host that sends the site's headers, its policy forbids any
// (src/deploy/csp.ts, the workers' policy: connect-src 'none').

import {
  exampleStream,
  runInspect,
  type ExampleId,
  type FormatId,
  type InspectResult,
  type InspectSource,
  type ReadProgress,
} from '../../../lessons-code/index.ts';
import { serve, type Progress } from '../../demo-kit/worker-calls.ts';

const PROGRESS_STEP = 256 * 1024;

/** What the learner picked beside the input: a HAR file's entry, a format other than the one detected. */
export interface InspectChoice {
  entry?: number;
  format?: FormatId;
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

const ops = {
  /** The report on the input, or why there is none (a problem, a response that is no stream, a HAR's entries). */
  inspect(this: Progress<ReadProgress>, source: InspectSource, choice: InspectChoice = {}): Promise<InspectResult> {
    return runInspect({ op: 'inspect', source, ...choice }, stepped(this));
  },
  /** The stream's body alone (the report copied with its stream); '' when the input has none. */
  body(this: Progress<ReadProgress>, source: InspectSource, entry?: number): Promise<string> {
    return runInspect({ op: 'body', source, ...(entry === undefined ? {} : { entry }) }, stepped(this));
  },
  /** One of the course's streams (lessons-code/inspect/inspect.ts, exampleStream). */
  example: (id: ExampleId) => exampleStream(id),
};

export type InspectOps = typeof ops;

serve(ops);
