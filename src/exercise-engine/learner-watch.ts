// What a call of the learner's function changed that its caller keeps, seen where the learner's code
// runs: in the learner's worker (learner-harness.ts) and, step for step, in mutation testing's
// in-process side (test/mutation/in-process-learner.ts). Two rules hold for every exercise:
//
// 1. The arguments are the caller's. The data a case passes is copied before the call and compared,
//    once the call has settled (an async function's promise included), with what the caller's value
//    holds: a caller goes on using what it passed, and would find it changed.
// 2. A returned value stays as it was returned. Within one case (several calls, as in a case that
//    routes every event of a stream), each object or array a call returned is kept, by reference,
//    with a copy taken when it was returned, and so is each argument after its call; at the end of
//    every later call of the case, each is compared with its copy: a caller that keeps what it got
//    (the routes of a stream) would see it change.
//
// Values are compared when a call ends, and only then: a change made after the case's last call
// has ended (in a timer) is not seen.
//
// Only plain data is compared: arrays, objects whose prototype is Object.prototype or null, typed
// arrays, and the primitives they hold. A stream the harness builds for a call is there to be read,
// and a recorder or a fake fetch is a function: neither is the caller's data, and neither is watched.
// The other objects a structured clone may hold (a Map, a Set, a Date) are not compared.
//
// The learner's code shares this realm and may replace any global or prototype: everything used here
// once learner code has run was captured when this module loaded, before any learner code (README.md,
// "The harness's promise"). A property is read through its descriptor, so that no getter of the
// learner's runs, and a value that became a getter counts as changed.

import type { ChangeData } from './protocol.ts';

// ---- Captured now, before any learner code runs.
const apply = Reflect.apply;
const ownKeys = Reflect.ownKeys;
const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const getPrototypeOf = Reflect.getPrototypeOf;
const defineProperty = Reflect.defineProperty;
const createObject = Object.create as (proto: null) => Record<string, unknown>;
const hasOwn = Object.hasOwn;
const is = Object.is;
const isArray = Array.isArray;
const isView = ArrayBuffer.isView;
const cloneValue = structuredClone;
const functionToString = Function.prototype.toString;
const ObjectPrototype = Object.prototype;
const typedArrayLength = getOwnPropertyDescriptor(getPrototypeOf(Uint8Array.prototype) as object, 'length')!.get!;

/** How deep a comparison goes, and how many values it reads at most: past either, what is left counts as unchanged. */
const MAX_DEPTH = 100;
const MAX_VALUES = 200_000;

/**
 * Appends to an array without going through Array.prototype (which the learner may have changed); the
 * harness uses it too.
 */
export function append<T>(list: T[], value: T): void {
  const descriptor = createObject(null);
  descriptor.value = value;
  descriptor.writable = true;
  descriptor.enumerable = true;
  descriptor.configurable = true;
  defineProperty(list, list.length, descriptor as PropertyDescriptor);
}

const isObjectLike = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A step of a path, from the value down: an array's index or a property's name. */
type Step = string | number;
/** A path as the comparison finds it, from the innermost step out. */
interface Link {
  step: Step;
  next: Link | null;
}
/** Where a value first differs from its copy: the path to it, from the outside in. */
interface Found {
  at: Link | null;
}

/**
 * The first place where `live` no longer holds what `copy`, taken earlier, holds; null when it
 * still does. A whole array or object counts as the place that changed when it lost or gained an
 * item or a property, or its prototype changed.
 */
function difference(live: unknown, copy: unknown): Step[] | null {
  let budget = MAX_VALUES;
  const compare = (now: unknown, was: unknown, depth: number): Found | null => {
    if (--budget < 0 || depth > MAX_DEPTH) return null;
    if (!isObjectLike(was)) return is(now, was) ? null : { at: null };
    if (!isObjectLike(now) || getPrototypeOf(now) !== getPrototypeOf(was)) return { at: null };
    if (isView(was)) return typedDifference(now, was);
    const prototype = getPrototypeOf(was);
    const array = isArray(was);
    if (!array && prototype !== ObjectPrototype && prototype !== null) return null;
    const keys = ownKeys(was);
    if (ownKeys(now).length !== keys.length) return { at: null };
    if (array) {
      const length = getOwnPropertyDescriptor(now, 'length');
      if (length === undefined || !is(length.value, (was as unknown[]).length)) return { at: null };
    }
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const property = getOwnPropertyDescriptor(now, key);
      // A property gone, or turned into a getter or a setter: the object is not what it was.
      if (property === undefined || !hasOwn(property, 'value')) return { at: null };
      const found = compare(property.value, getOwnPropertyDescriptor(was, key)!.value, depth + 1);
      if (found !== null) {
        const step: Step = array && key !== 'length' ? +(key as string) : (key as string);
        return { at: { step, next: found.at } };
      }
    }
    return null;
  };
  let found: Found | null;
  try {
    found = compare(live, copy, 0);
  } catch {
    // Reading it threw (a proxy the learner's code put there): it is not the data it was.
    found = { at: null };
  }
  if (found === null) return null;
  const path: Step[] = [];
  for (let link = found.at; link !== null; link = link.next) append(path, link.step);
  return path;
}

/** A typed array against its copy: its length, then each item; a DataView is not compared. */
function typedDifference(now: object, was: object): Found | null {
  let length: number;
  try {
    length = apply(typedArrayLength, was, []) as number;
  } catch {
    return null;
  }
  if (!isView(now) || !is(apply(typedArrayLength, now, []), length)) return { at: null };
  for (let i = 0; i < length; i++)
    if (!is((now as unknown as ArrayLike<unknown>)[i], (was as unknown as ArrayLike<unknown>)[i]))
      return { at: { step: i, next: null } };
  return null;
}

// ---- The names of a function's parameters, read from its source text with no method of String.

const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$' || c > '\u007f');
const isNamePart = (c: string | undefined): boolean => isNameStart(c) || (c !== undefined && c >= '0' && c <= '9');
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** A parameter as written, its name when it is a plain name (`texts`, `texts = []`), else null. */
function nameOf(piece: string): string | null {
  let i = 0;
  while (isSpace(piece[i])) i++;
  if (!isNameStart(piece[i])) return null;
  let name = '';
  while (isNamePart(piece[i])) name += piece[i++];
  while (isSpace(piece[i])) i++;
  return i === piece.length || piece[i] === '=' ? name : null;
}

/**
 * The name of each parameter of a function, from its source text (the transpiled learner's code
 * keeps them): null for one that is not a plain name (a pattern, a rest parameter), and an empty
 * list when the text cannot be read so (a comment among the parameters, a native function).
 */
export function parameterNames(fn: unknown): (string | null)[] {
  const names: (string | null)[] = [];
  try {
    const source: unknown = apply(functionToString, fn, []);
    if (typeof source !== 'string') return names;
    let open = -1;
    let arrow = -1;
    for (let i = 0; i < source.length && open < 0 && arrow < 0; i++) {
      if (source[i] === '(') open = i;
      else if (source[i] === '=' && source[i + 1] === '>') arrow = i;
    }
    if (arrow >= 0) {
      // An arrow function's one parameter without parentheses: `texts => …`.
      let end = arrow;
      while (end > 0 && isSpace(source[end - 1])) end--;
      let start = end;
      while (start > 0 && isNamePart(source[start - 1])) start--;
      let name = '';
      for (let i = start; i < end; i++) name += source[i];
      append(names, isNameStart(name[0]) ? name : null);
      return names;
    }
    if (open < 0) return names;
    let depth = 0;
    let quote = '';
    let piece = '';
    for (let i = open + 1; i < source.length; i++) {
      const c = source[i]!;
      if (quote !== '') {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
        piece += c;
        continue;
      }
      if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) return [];
      if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' && depth === 0) {
        if (nameOf(piece) !== null || !isBlank(piece)) append(names, nameOf(piece));
        return names;
      } else if (c === ')' || c === ']' || c === '}') depth--;
      else if (c === ',' && depth === 0) {
        append(names, nameOf(piece));
        piece = '';
        continue;
      }
      piece += c;
    }
    return [];
  } catch {
    return [];
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text[i])) return false;
  return true;
}

// ---- The watch over one case's calls.

/** A value the watch keeps, with the copy it is compared with. */
interface Kept {
  what: 'argument' | 'result';
  call: number;
  position: number;
  parameter: string | null;
  live: object;
  copy: unknown;
}

/** One call being watched: its case, its number in the case, the arguments copied before it. */
export interface WatchedCall {
  readonly group: number;
  readonly call: number;
  readonly arguments: Kept[];
}

/** What a value that cannot be copied any more is, in code notation's words (values.ts, showValue). */
function kindOf(value: unknown): string {
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'symbol') return '[symbol]';
  return '[a value that cannot be copied]';
}

/** The change of a kept value, as data for the checker; null when it holds what its copy holds. */
function changeOf(kept: Kept, seen: number): ChangeData | null {
  const path = difference(kept.live, kept.copy);
  if (path === null) return null;
  let after: unknown = null;
  let afterShown: string | null = null;
  try {
    after = cloneValue(kept.live);
  } catch {
    let leaf: unknown = kept.live;
    for (let i = 0; i < path.length && isObjectLike(leaf); i++) leaf = getOwnPropertyDescriptor(leaf, path[i]!)?.value;
    afterShown = kindOf(leaf);
  }
  return {
    what: kept.what,
    call: kept.call,
    seen,
    position: kept.position,
    parameter: kept.parameter,
    path,
    before: kept.copy,
    after,
    afterShown,
  };
}

/**
 * Watches the calls of the learner's functions, case by case: `begin` copies a call's arguments,
 * `end` compares them once the call has settled, and every value kept from the case's earlier calls
 * too, then keeps this call's arguments and result. A case is a group of calls: a call of another
 * group starts a new case, and forgets what the last one kept. After a case's first change, the
 * watch reports no more for it (the check shows the first).
 */
export class ChangeWatch {
  private group = Number.NaN;
  private calls = 0;
  private kept: Kept[] = [];
  private changed = false;

  /** A call begins in case `group`: copies its arguments that are data (`data[i]` true), objects and arrays only. */
  begin(group: number, fn: unknown, args: readonly unknown[], data: readonly boolean[]): WatchedCall {
    if (!is(group, this.group)) {
      this.group = group;
      this.calls = 0;
      this.kept = [];
      this.changed = false;
    }
    const call = ++this.calls;
    const watched: Kept[] = [];
    let names: (string | null)[] | null = null;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (data[i] !== true || !isObjectLike(arg)) continue;
      names ??= parameterNames(fn);
      try {
        append(watched, {
          what: 'argument',
          call,
          position: i,
          parameter: names[i] ?? null,
          live: arg,
          copy: cloneValue(arg),
        });
      } catch {
        // Not data a structured clone copies: nothing to compare it with.
      }
    }
    return { group, call, arguments: watched };
  }

  /**
   * The call settled, `returned` true when it returned `value` (false: it threw). Returns the first
   * change seen, to go with the call's answer; never throws.
   */
  end(watched: WatchedCall, returned: boolean, value: unknown): ChangeData | null {
    // A call that settles after its case ended (its promise was left behind) belongs to no case now.
    if (!is(watched.group, this.group) || this.changed) return null;
    let change: ChangeData | null = null;
    try {
      for (let i = 0; i < watched.arguments.length && change === null; i++)
        change = changeOf(watched.arguments[i]!, watched.call);
      for (let i = 0; i < this.kept.length && change === null; i++) change = changeOf(this.kept[i]!, watched.call);
    } catch {
      change = null;
    }
    if (change !== null) {
      this.changed = true;
      this.kept = [];
      return change;
    }
    for (let i = 0; i < watched.arguments.length; i++) append(this.kept, watched.arguments[i]!);
    if (returned && isObjectLike(value)) {
      try {
        const copy = cloneValue(value);
        append(this.kept, { what: 'result', call: watched.call, position: -1, parameter: null, live: value, copy });
      } catch {
        // A value that cannot be copied: the call's answer says so, and there is nothing to keep.
      }
    }
    return null;
  }
}
