// Generated cases: a case of an exercise checked on inputs that fast-check draws from the domain the
// case describes (lessons-code/exercises/contract.ts, `GeneratedCase`). On each input the learner's
// result must equal the reference's; the first input where they differ is shrunk to the smallest
// input that still shows a difference (https://fast-check.dev/docs/core-blocks/properties/#shrinking),
// and the case's verdict is given on that input, as if it were a chosen case's.

import {
  array,
  asyncProperty,
  boolean,
  check,
  constant,
  constantFrom,
  integer,
  nat,
  oneof,
  option,
  sample,
  shuffledSubarray,
  tuple,
  uniqueArray,
  type Arbitrary,
} from 'fast-check';
import type { Gen, GeneratedCase, GeneratedDiagnosis, Outcome } from '../../lessons-code/index.ts';
import { CheckAborted } from './learner-link.ts';
import { LearnerThrew } from './learner-stand-ins.ts';
import { deepEqual } from './values.ts';

/**
 * fast-check's functions, as the contract's `Gen` describes them (a type error here if the two drift
 * apart). Named one by one, so that the checker's bundle holds only these (about 21 KB gzipped, where
 * the whole library is about 90). A string is an array of its units joined, which fast-check shrinks
 * unit by unit as it does its own strings: its own `string` would bring its Unicode tables (7 KB)
 * for kinds of characters no case uses.
 */
const GEN: Gen = {
  array,
  boolean,
  constant,
  constantFrom,
  integer,
  nat,
  oneof,
  option,
  shuffledSubarray,
  string: ({ unit, ...length }) => array(unit as Arbitrary<string>, length).map((units) => units.join('')),
  tuple,
  uniqueArray,
};

/** How many inputs a case tries when it does not say. */
const DEFAULT_RUNS = 100;

/**
 * How many more inputs shrinking may try once a difference is found: each costs a call of the
 * learner's code, and the page's time limit counts them. Past it, the smallest input found so far is
 * shown.
 */
const SHRINK_BUDGET = 300;

/** How many of the inputs tried are kept to decide whether a diagnosis is true. */
const KEPT = 1000;

/**
 * The seed of a case's inputs: the same case always tries the same inputs, so the same code always
 * gets the same verdict, and a failure can be reproduced (FNV-1a of the case's id). `salt` gives
 * other seeds, for a search beyond the page's inputs.
 */
export function seedOf(caseId: string, salt = 0): number {
  let hash = 0x811c9dc5 ^ salt;
  for (let i = 0; i < caseId.length; i++) {
    hash ^= caseId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** One input tried, and what the learner's code gave for it. */
interface Tried<I> {
  input: I;
  outcome: Outcome;
}

/** What a run of a generated case found. */
export type GeneratedRun<I> =
  | { kind: 'same'; tried: number; seed: number }
  | {
      kind: 'differs';
      /** The smallest input found on which the learner's result differs from the reference's. */
      input: I;
      /** What the learner's code gave for it. */
      outcome: Outcome;
      /** How many inputs were generated before the first difference, and how many shrinking tried. */
      tried: number;
      shrinks: number;
      seed: number;
      /** The ids of the case's diagnoses whose mistake gives the learner's result on every input tried. */
      diagnoses: string[];
    };

/** A thrown value as a diagnosis sees it. */
function threwOutcome(error: unknown): Outcome {
  if (error instanceof LearnerThrew) return { kind: 'threw', name: error.info.name, message: error.message };
  return {
    kind: 'threw',
    name: error instanceof Error ? error.name : null,
    message: error instanceof Error ? error.message : String(error),
  };
}

export interface GeneratedOptions {
  /** Inputs to try (the case's own `runs` otherwise). */
  runs?: number;
  /** Another seed than the case's own (a search for counterexamples beyond the page's inputs). */
  seed?: number;
}

/**
 * Tries the case on its generated inputs, with `result(input)` giving the learner's result for one
 * (a call in the learner's worker). Rejects with CheckAborted when the check was stopped.
 */
export async function runGenerated<I, V>(
  c: GeneratedCase<I, V>,
  result: (input: I) => Promise<V>,
  options: GeneratedOptions = {},
): Promise<GeneratedRun<I>> {
  const seed = options.seed ?? c.seed ?? seedOf(c.id);
  const runs = options.runs ?? c.runs ?? DEFAULT_RUNS;
  const tried: Tried<I>[] = [];
  let aborted: CheckAborted | null = null;
  let referenceFailed = false;
  let referenceError: unknown;
  let lastDifference: Outcome | null = null;
  let differences = 0;
  let afterFirst = 0;
  const property = asyncProperty(c.inputs(GEN) as Arbitrary<I>, async (input) => {
    if (aborted !== null) return true;
    if (differences > 0 && ++afterFirst > SHRINK_BUDGET) return true;
    let outcome: Outcome;
    try {
      outcome = { kind: 'value', value: await result(input) };
    } catch (error) {
      if (error instanceof CheckAborted) {
        aborted = error;
        return true;
      }
      outcome = threwOutcome(error);
    }
    let expected: V;
    try {
      expected = await c.expected(input);
    } catch (error) {
      if (!referenceFailed) referenceError = error;
      referenceFailed = true;
      return true;
    }
    if (tried.length < KEPT) tried.push({ input, outcome });
    const same = outcome.kind === 'value' && deepEqual(outcome.value, expected);
    if (!same) {
      differences++;
      // Shrinking ends on the last input that still differed: this is the counterexample's outcome.
      lastDifference = outcome;
    }
    return same;
  });
  const details = await check(property, { seed, numRuns: runs });
  if (aborted !== null) throw aborted;
  // The case's own reference cannot answer an input of its domain: the case is wrong, not the learner.
  if (referenceFailed)
    throw new Error(`the reference of case ${c.id} threw on a generated input: ${String(referenceError)}`);
  if (!details.failed || details.counterexample === null) return { kind: 'same', tried: details.numRuns, seed };
  const [input] = details.counterexample;
  return {
    kind: 'differs',
    input,
    outcome: lastDifference ?? { kind: 'threw', name: null, message: '' },
    tried: details.numRuns,
    shrinks: details.numShrinks,
    seed,
    diagnoses: await trueDiagnoses(c, tried, () => confirmations(c, result, seed)),
  };
}

/**
 * More inputs than the failure needed, to judge diagnoses on: a difference is often found on the first
 * input or two, where two mistakes may give the same result. Drawn from a seed of their own, so the
 * same code always meets the same ones; each costs a call of the learner's code, made only when a
 * diagnosis is still a candidate.
 */
const CONFIRMATIONS = 20;

async function confirmations<I, V>(
  c: GeneratedCase<I, V>,
  result: (input: I) => Promise<V>,
  seed: number,
): Promise<Tried<I>[]> {
  const inputs = sample(c.inputs(GEN) as Arbitrary<I>, { seed: seed ^ 0x5bd1e995, numRuns: CONFIRMATIONS });
  const more: Tried<I>[] = [];
  for (const input of inputs) {
    try {
      more.push({ input, outcome: { kind: 'value', value: await result(input) } });
    } catch (error) {
      if (error instanceof CheckAborted) throw error;
      more.push({ input, outcome: threwOutcome(error) });
    }
  }
  return more;
}

/** Whether code with this mistake gives, on every input, exactly what the learner's code gave. */
async function behavesLike<I, V>(diagnosis: GeneratedDiagnosis<I, V>, tried: readonly Tried<I>[]): Promise<boolean> {
  for (const { input, outcome } of tried) {
    let like: V;
    try {
      like = await diagnosis.like(input);
    } catch {
      return false;
    }
    if (outcome.kind !== 'value' || !deepEqual(outcome.value, like)) return false;
  }
  return true;
}

/**
 * The diagnoses that are true of the learner's code: those whose mistake gives exactly what the
 * learner's code gave (a thrown error never matches) on every input the check tried, and on
 * CONFIRMATIONS more.
 */
async function trueDiagnoses<I, V>(
  c: GeneratedCase<I, V>,
  tried: readonly Tried<I>[],
  more: () => Promise<Tried<I>[]>,
): Promise<string[]> {
  if (tried.length === 0) return [];
  const candidates: GeneratedDiagnosis<I, V>[] = [];
  for (const diagnosis of c.diagnoses ?? []) if (await behavesLike(diagnosis, tried)) candidates.push(diagnosis);
  if (candidates.length === 0) return [];
  const confirming = await more();
  const ids: string[] = [];
  for (const diagnosis of candidates) if (await behavesLike(diagnosis, confirming)) ids.push(diagnosis.id);
  return ids;
}
