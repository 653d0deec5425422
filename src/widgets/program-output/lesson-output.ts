// The lesson's programs, run once per build: the pages show their blocks. l6 runs against the
// in-page host; l6d (06d) runs the model replica on a fake clock.
import { createInPageHost, runLesson6, runLesson6d, type LessonOutput } from '../../../lessons-code/index.ts';

let output: Promise<LessonOutput> | undefined;

export function lessonOutput(): Promise<LessonOutput> {
  output ??= runLesson6(createInPageHost());
  return output;
}

let output6d: ReturnType<typeof runLesson6d> | undefined;

/** l6d's output, and the data of its tables (for the readable views beside them). */
export function lesson6dOutput(): ReturnType<typeof runLesson6d> {
  output6d ??= runLesson6d();
  return output6d;
}
