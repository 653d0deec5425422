// A policy layer between the parser and the screen: the parser keeps the whole answer so far (the
// aggregate), and the policy decides how much of it to show. The stream goes on underneath
// whatever the policy; only what is shown changes.
// - 'every-delta': everything, as it arrives;
// - 'sentences':   complete sentences only, as a filter that must read a whole sentence before it
//                  can judge it would let them through; the rest once the answer is complete;
// - 'flagged':     nothing until the answer is complete (a topic where a half answer must not show).

import { expectOneOf, expectString } from '../core/arguments.ts';

/** How much of the answer so far the screen shows: everything, complete sentences only, or nothing until the end. */
export type SentencePolicy = 'every-delta' | 'sentences' | 'flagged';

/** The policies in the order the page offers them. */
export const SENTENCE_POLICIES: readonly SentencePolicy[] = ['every-delta', 'sentences', 'flagged'];

/** What a sentence policy shows of the text so far, and what it holds back. */
export interface PolicyView {
  /** What the screen shows: always a prefix of the aggregate. */
  shown: string;
  /** How many characters (code points: 🎸 is one) of the aggregate are held back. */
  heldBack: number;
}

/**
 * Where the last complete sentence of `text` ends: after a `.`, `!`, `?` or `…` (several in a row
 * count as one), and any closing quotes or brackets right after it, when whitespace follows; or
 * at a blank line (a paragraph that ends without a full stop, such as a heading or a list item).
 * 0 when no sentence is complete yet. A full stop at the very end does not count: the next delta
 * might make it "3.5" or "e.g.".
 */
export function endOfLastSentence(text: string): number {
  expectString(text, 'endOfLastSentence', 'text');
  let end = 0;
  for (const match of text.matchAll(/[.!?…]+["'”’»)\]]*(?=\s)|\n[ \t]*\n/g)) end = match.index + match[0].length;
  return end;
}

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** What `policy` shows of the aggregate `answer`; `complete` once the provider's closing event came. */
export function applySentencePolicy(answer: string, policy: SentencePolicy, complete: boolean): PolicyView {
  expectString(answer, 'applySentencePolicy', 'answer');
  expectOneOf(policy, SENTENCE_POLICIES, 'applySentencePolicy', 'policy');
  let shown: string;
  if (complete || policy === 'every-delta') shown = answer;
  else if (policy === 'sentences') shown = answer.slice(0, endOfLastSentence(answer));
  else shown = '';
  return { shown, heldBack: codePoints(answer.slice(shown.length)) };
}
