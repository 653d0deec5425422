// The shapes a turn is described with: how it ended, where it is billed and saved (BillingLedger,
// Transcript), the steps a timeline draws, what runTurn takes (TurnOptions) and what it reports
// (TurnReport). The harnesses that produce them are in harnesses.ts.

import type { FetchLike } from '../host/in-page-host.ts';
import type { Clock } from '../core/fake-clock.ts';
import type { FinishReason } from './chat-format.ts';
import type { Tool } from './tools.ts';

/**
 * How a turn calls the model: non-streamed calls until it answers, then the question again, streamed; or one streamed
 * call per round.
 */
export type HarnessName = 'poll-then-stream' | 'stream-every-round';
/** `cut`: the model hit the token limit; `stopped`: the user (or the client) ended the turn. */
export type HarnessTurnStatus = 'complete' | 'cut' | 'stopped' | 'failed';

/** What one turn is billed: its tokens, written once per turn. */
export interface BillingEntry {
  turnId: string;
  harness: HarnessName;
  inputTokens: number;
  outputTokens: number;
  status: HarnessTurnStatus;
}

/** Entries in the order they came, looked up by turn. */
class ByTurn<T extends { turnId: string }> {
  readonly entries: T[] = [];

  forTurn(turnId: string): T[] {
    return this.entries.filter((entry) => entry.turnId === turnId);
  }
}

/** Where turns are billed: one entry per `bill` call, so a turn billed twice shows twice. */
export class BillingLedger extends ByTurn<BillingEntry> {
  bill(entry: BillingEntry): void {
    this.entries.push(entry);
  }
}

/** An answer as the chat saves it, and whether it was stopped. */
export interface SavedAnswer {
  turnId: string;
  question: string;
  /** The text as the user saw it, half a sentence when stopped. */
  text: string;
  status: HarnessTurnStatus;
}

/** The conversation as it is stored: every answer, stopped ones included. */
export class Transcript extends ByTurn<SavedAnswer> {
  save(answer: SavedAnswer): void {
    this.entries.push(answer);
  }
}

/** One moment of a turn, for the timeline. `t`: milliseconds since the turn started. */
export type TurnStep =
  | { t: number; kind: 'call'; call: number; stream: boolean }
  | { t: number; kind: 'answered'; call: number; finishReason: FinishReason | null; discarded: boolean }
  | { t: number; kind: 'tool'; name: string }
  | { t: number; kind: 'text'; call: number; text: string }
  | { t: number; kind: 'end'; status: HarnessTurnStatus };

/** A turn's model server, question, clock, tools, ledger and transcript. */
export interface TurnOptions {
  /** The model server: the replica in the page, or `fetch` to it over HTTP. */
  model: FetchLike;
  question: string;
  /** Sent with every call (`x-turn-id`), so the model's call log can count calls per turn. */
  turnId: string;
  clock?: Clock;
  /** Aborting it ends the turn: the call in progress is cancelled and the turn is billed once. */
  signal?: AbortSignal;
  tools?: readonly Tool[];
  toolMs?: number;
  /** `max_completion_tokens` of every call. */
  maxTokens?: number;
  ledger?: BillingLedger;
  transcript?: Transcript;
  /** `finally` (the fix) or `after-the-loop` (the naive version: a stopped turn bills nothing). */
  billIn?: 'finally' | 'after-the-loop';
  /** Every piece of text forwarded to the screen, and the whole text shown so far. */
  onText?: (piece: string, shown: string) => void;
  onStep?: (step: TurnStep) => void;
}

/** What a turn came to. Times are on the turn's clock. */
export interface TurnReport {
  harness: HarnessName;
  turnId: string;
  question: string;
  /** The text the user saw. */
  text: string;
  /** The text of each streamed round as the model sent it, before any paragraph break was added. */
  roundTexts: string[];
  status: HarnessTurnStatus;
  /** Calls made to the model. */
  calls: number;
  /** The tokens the turn was billed (0 and 0 when nothing was billed). */
  inputTokens: number;
  outputTokens: number;
  /** Milliseconds from the question to the first character on screen; null when none came. */
  firstCharacterMs: number | null;
  totalMs: number;
  steps: TurnStep[];
  error: string | null;
}
