// How GA cuts an answer into the sentence chunks it streams.

import { expectString } from '../core/arguments.ts';

/** SseChunker's split at a826864 as GA writes it (.NET syntax); the page and the program print it. */
export const PINNED_SPLIT_SOURCE = '(?<=[.!?])\\s+';
/** The split after GA PR #743 as GA writes it (.NET syntax): a position, it removes nothing. */
export const SPLIT_743_SOURCE = '(?<=[.!?]\\s+)(?=\\S)';

// .NET's \s is [\f\n\r\t\v\x85\p{Z}]; JavaScript's differs (it adds U+FEFF, lacks U+0085), so spell it out.
const WS = '[\\f\\n\\r\\t\\v\\x85\\p{Z}]';
const NOT_WS = '[^\\f\\n\\r\\t\\v\\x85\\p{Z}]';

/** SseChunker's expression at a826864: the whitespace after a sentence end, which the split removes. */
export const PINNED_SPLIT = new RegExp(`(?<=[.!?])${WS}+`, 'u');

/**
 * PR #743's expression (merged 2026-09-28 as 43e0eae): a position, so the split removes nothing.
 * The lookahead comes first here: same positions, but the lookbehind then runs once per whitespace
 * run instead of once per character of it, which keeps a long run of spaces linear.
 */
export const SPLIT_743 = new RegExp(`(?=${NOT_WS})(?<=[.!?]${WS}+)`, 'u');

// string.IsNullOrWhiteSpace: char.IsWhiteSpace is the same set as .NET's \s
const BLANK = new RegExp(`^${WS}*$`, 'u');
const isBlank = (s: string): boolean => BLANK.test(s);

/**
 * SseChunker.SplitIntoChunks, Common/GA.Business.Core.Orchestration/Helpers/SseChunker.cs lines
 * 19–29 at a826864: `splitPinned('One. Two.\n\nThree.')` gives `['One.', 'Two.', 'Three.']`.
 */
export function splitPinned(answer: string | null | undefined): string[] {
  if (answer != null) expectString(answer, 'splitPinned', 'answer');
  if (answer == null || isBlank(answer)) return [];
  return answer.split(PINNED_SPLIT).filter((piece) => !isBlank(piece));
}

/**
 * SseChunker.SplitIntoChunks after PR #743: the same guard and filter around the zero-width split,
 * so every character stays: `splitAfter743('One. Two.\n\nThree.')` gives
 * `['One. ', 'Two.\n\n', 'Three.']`.
 */
export function splitAfter743(answer: string | null | undefined): string[] {
  if (answer != null) expectString(answer, 'splitAfter743', 'answer');
  if (answer == null || isBlank(answer)) return [];
  return answer.split(SPLIT_743).filter((piece) => !isBlank(piece));
}
