// The replica's call log: one record per call to the model, updated in place while the call
// generates, counted per turn (the `x-turn-id` header). Counting calls per turn is how a team finds
// the probe in its own logs: a plain answer that took two calls was generated twice.

import type { FinishReason } from './chat-format.ts';

/** Where a call to the model stands: still writing, finished, or stopped by its client. */
export type CallState = 'generating' | 'done' | 'stopped';

/** One line of the call log: one call to the model. Updated in place while the call generates. */
export interface CallRecord {
  /** 1, 2, 3… across the replica's life. */
  seq: number;
  /** The turn it belongs to (the `x-turn-id` header; empty when the client sent none). */
  turn: string;
  /** 1, 2, 3… within its turn. */
  n: number;
  /** The completion's id, as in its chunks or its object. */
  id: string;
  stream: boolean;
  promptTokens: number;
  /** Tokens the answer would have without a limit or a stop. */
  plannedTokens: number;
  /** Tokens generated so far: stops growing when the call is done or stopped. */
  generatedTokens: number;
  state: CallState;
  /** Once done: why the generation ended. Null while generating and when stopped. */
  finishReason: FinishReason | null;
  /** Times on the replica's clock. */
  startedAt: number;
  firstTokenAt: number | null;
  endedAt: number | null;
}

/** Every call the replica received, and the count per turn: count calls, not tokens. */
export class CallLog {
  private readonly records: CallRecord[] = [];
  private readonly listeners = new Set<(record: CallRecord) => void>();

  all(): readonly CallRecord[] {
    return this.records;
  }

  forTurn(turn: string): CallRecord[] {
    return this.records.filter((record) => record.turn === turn);
  }

  /** How many calls the turn made. */
  count(turn: string): number {
    return this.forTurn(turn).length;
  }

  /** Calls `listener` when a call opens, at each token and when it ends; returns the unsubscribe. */
  subscribe(listener: (record: CallRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  open(
    fields: Omit<CallRecord, 'seq' | 'n' | 'generatedTokens' | 'state' | 'finishReason' | 'firstTokenAt' | 'endedAt'>,
  ): CallRecord {
    const record: CallRecord = {
      ...fields,
      seq: this.records.length + 1,
      n: this.count(fields.turn) + 1,
      generatedTokens: 0,
      state: 'generating',
      finishReason: null,
      firstTokenAt: null,
      endedAt: null,
    };
    this.records.push(record);
    this.changed(record);
    return record;
  }

  changed(record: CallRecord): void {
    for (const listener of this.listeners) listener(record);
  }
}
