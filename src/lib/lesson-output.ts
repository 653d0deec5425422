// The lesson's program, run once per build against the in-page host: the pages show its blocks.
import { createInPageHost, runLesson6, type LessonOutput } from '../../lessons-code/index.ts';

let output: Promise<LessonOutput> | undefined;

export function lessonOutput(): Promise<LessonOutput> {
  output ??= runLesson6(createInPageHost());
  return output;
}
