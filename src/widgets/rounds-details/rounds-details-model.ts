// The four details of streaming every round (06d, second demo), each read carefully and naively
// from a recording of the model replica, for the server (the first view) and the browser (when the
// learner changes a panel's input). Recordings are made on a fake clock: instant, same bytes every
// time. Every word is a UI string (`tr`: keys without `course.`); code and the replica's English
// text are shown as they are.

import {
  CAPABILITIES_QUESTION,
  HELLO_QUESTION,
  LENGTH_LIMIT,
  VOICINGS_QUESTION,
  assembleToolCalls,
  assembleToolCallsByPosition,
  createFakeClock,
  joinRounds,
  joinRoundsAsTheyCome,
  readRound,
  readRoundBlindly,
  readRoundSkippingEmptyDeltas,
  recordRound,
  runOnFakeClock,
  runStreamEveryRoundTurn,
  shortChunkLine,
  startModelReplica,
  type AssembledToolCall,
  type ChatCompletionChunk,
} from '../../../lessons-code/index.ts';
import type { Vars } from '../../demo-kit/format.ts';

type Tr = (key: string, vars?: Vars) => string;

export const DETAILS = ['fragments', 'finish', 'usage', 'paragraph'] as const;

/** A result as a panel shows it: a sentence, and whether it tells the truth about the round. */
export interface Verdict {
  text: string;
  ok: boolean;
}

// ---- 1. Tool calls rebuilt by index.

export const FRAGMENT_ORDERS = ['interleaved', 'sequential'] as const;
export type FragmentOrder = (typeof FRAGMENT_ORDERS)[number];

export interface CallLine extends AssembledToolCall {
  parses: boolean;
}

export interface FragmentsView {
  /** Each tool-call fragment as it is on the wire, with the index it belongs to. */
  lines: { index: number; json: string }[];
  byIndex: CallLine[];
  byPosition: CallLine[];
  byIndexVerdict: Verdict;
  byPositionVerdict: Verdict;
}

const parses = (json: string) => {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
};

/** The same chunks with the fragments of one call after the other (a stable sort by index). */
export function oneCallAfterTheOther(chunks: readonly ChatCompletionChunk[]): ChatCompletionChunk[] {
  const fragmentChunks = chunks.filter((chunk) => chunk.choices[0]?.delta.tool_calls?.length);
  const sorted = [...fragmentChunks].sort(
    (a, b) => a.choices[0]!.delta.tool_calls![0]!.index - b.choices[0]!.delta.tool_calls![0]!.index,
  );
  let next = 0;
  return chunks.map((chunk) => (chunk.choices[0]?.delta.tool_calls?.length ? sorted[next++]! : chunk));
}

function callsVerdict(calls: AssembledToolCall[], expected: number, tr: Tr): Verdict {
  const readable = calls.every((call) => parses(call.arguments));
  const ok = calls.length === expected && readable;
  const count = tr('roundsDetails.calls', { count: calls.length });
  const text = ok
    ? tr('roundsDetails.callsRight', { calls: count })
    : tr(readable ? 'roundsDetails.callsWrong' : 'roundsDetails.callsBroken', { calls: count, expected });
  return { text, ok };
}

export async function fragmentsView(order: FragmentOrder, tr: Tr): Promise<FragmentsView> {
  const { chunks: recorded } = await recordRound(VOICINGS_QUESTION);
  const chunks = order === 'interleaved' ? recorded : oneCallAfterTheOther(recorded);
  const lines = chunks.flatMap((chunk) =>
    (chunk.choices[0]?.delta.tool_calls ?? []).map((fragment) => ({
      index: fragment.index,
      json: JSON.stringify(fragment),
    })),
  );
  const withParse = (calls: AssembledToolCall[]) => calls.map((call) => ({ ...call, parses: parses(call.arguments) }));
  const byIndex = assembleToolCalls(chunks);
  const byPosition = assembleToolCallsByPosition(chunks);
  return {
    lines,
    byIndex: withParse(byIndex),
    byPosition: withParse(byPosition),
    byIndexVerdict: callsVerdict(byIndex, byIndex.length, tr),
    byPositionVerdict: callsVerdict(byPosition, byIndex.length, tr),
  };
}

// ---- 2. finish_reason in a chunk of its own.

export const LIMIT_RANGE = { min: 1, max: 40, initial: LENGTH_LIMIT } as const;

export interface FinishView {
  limit: number;
  /** The text received. */
  text: string;
  careful: Verdict;
  naive: Verdict;
}

export async function finishView(limit: number, tr: Tr): Promise<FinishView> {
  const { chunks } = await recordRound(CAPABILITIES_QUESTION, { maxTokens: limit });
  const careful = readRound(chunks);
  const naive = readRoundSkippingEmptyDeltas(chunks);
  const cut = careful.finishReason === 'length';
  return {
    limit,
    text: careful.text,
    careful: {
      text: cut
        ? tr('roundsDetails.finishCut', { count: careful.tokensReceived })
        : tr('roundsDetails.finishComplete', { reason: String(careful.finishReason) }),
      ok: true,
    },
    naive: {
      text:
        naive.finishReason === null
          ? tr(cut ? 'roundsDetails.finishUnseenCut' : 'roundsDetails.finishUnseenLuck')
          : tr('roundsDetails.finishComplete', { reason: naive.finishReason }),
      ok: !cut,
    },
  };
}

// ---- 3. The usage in a last chunk with no choice.

export interface UsageView {
  includeUsage: boolean;
  /** The last events of the stream, shortened as the program shows them. */
  tail: string;
  careful: Verdict;
  naive: Verdict;
  /** The exception the naive reader met, in the engine's own words (not translated), or ''. */
  naiveError: string;
}

export async function usageView(includeUsage: boolean, tr: Tr): Promise<UsageView> {
  const { wire, chunks } = await recordRound(HELLO_QUESTION, { includeUsage });
  const tail = wire
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .slice(-2)
    .map(shortChunkLine)
    .join('\n');
  const usage = readRound(chunks).usage;
  let naiveError = '';
  let naiveUsage = null;
  try {
    naiveUsage = readRoundBlindly(chunks).usage;
  } catch (error) {
    naiveError = `${(error as Error).name}: ${(error as Error).message}`;
  }
  const usageText = (u: typeof usage) =>
    u === null
      ? tr('roundsDetails.noUsage')
      : tr('roundsDetails.usage', { input: u.prompt_tokens, output: u.completion_tokens });
  return {
    includeUsage,
    tail,
    careful: { text: usageText(usage), ok: true },
    naive:
      naiveError === '' ? { text: usageText(naiveUsage), ok: true } : { text: tr('roundsDetails.threw'), ok: false },
    naiveError,
  };
}

// ---- 4. A paragraph break between the text of two rounds.

export interface ParagraphView {
  joined: string;
  asTheyCome: string;
  /** Where the two rounds meet, a few characters each side, in each version. */
  joinedSeam: string;
  asTheyComeSeam: string;
}

/** The text of each round of the voicing question, streamed every round on a fake clock. */
async function voicingRounds(): Promise<string[]> {
  const clock = createFakeClock();
  const replica = startModelReplica({ clock });
  const report = await runOnFakeClock(
    clock,
    runStreamEveryRoundTurn({ model: replica.fetch, question: VOICINGS_QUESTION, turnId: 'rounds', clock }),
  );
  return report.roundTexts;
}

export async function paragraphView(): Promise<ParagraphView> {
  const rounds = await voicingRounds();
  const seam = (text: string) => {
    const at = (rounds[0] ?? '').length;
    const end = text.indexOf(' ', text.indexOf(rounds[1]!.slice(0, 4), at) + 4);
    return text.slice(Math.max(0, at - 14), end < 0 ? undefined : end);
  };
  const joined = joinRounds(rounds);
  const asTheyCome = joinRoundsAsTheyCome(rounds);
  return { joined, asTheyCome, joinedSeam: seam(joined), asTheyComeSeam: seam(asTheyCome) };
}
