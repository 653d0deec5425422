// The messages between the page (client.ts) and the type checker's worker (type-worker.ts). Each request
// carries an id that its answer repeats; the page sends the code with each request that needs it,
// and the worker gives the file that text before it answers.

import type { Locale } from '../exercise-engine/types.ts';
import type { CompletionItem, Completions, Described, Hover, TypeProblem } from './service.ts';

export type TypeRequest =
  /** `keep`: answered even when a newer request for the file comes (the problems of a checked text). */
  | { type: 'problems'; file: string; text: string; keep?: boolean }
  | { type: 'completions'; file: string; text: string; pos: number }
  | { type: 'describe'; file: string; pos: number; item: Pick<CompletionItem, 'name' | 'source' | 'data'> }
  | { type: 'hover'; file: string; text: string; pos: number };

/** What each request is answered with (null for problems: a newer request for the same file came first). */
export interface TypeAnswers {
  problems: TypeProblem[] | null;
  completions: Completions | null;
  describe: Described | null;
  hover: Hover | null;
}

/** `first`: the file the learner started with, checked as the checker warms up (its first answer is then at hand). */
export type ToTypes =
  | { type: 'start'; locale: Locale; first?: { file: string; text: string } }
  | { id: number; request: TypeRequest };

export type FromTypes =
  /** The lib files and lessons-code are loaded and bound: answers come quickly from now on. */
  | { type: 'ready' }
  | { type: 'answer'; id: number; answer: TypeAnswers[keyof TypeAnswers] }
  /** A request failed (id), or the checker could not start (id null). */
  | { type: 'failed'; id: number | null; message: string };
