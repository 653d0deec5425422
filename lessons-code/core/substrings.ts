// Which of many strings a text contains, without scanning the text once per string (that costs the
// text's length times the number of strings: quadratic on a long answer of distinct lines). Every
// prefix of the text is hashed once (a polynomial hash modulo 2^32, so that the hash of any stretch
// of it takes one multiplication: Rabin and Karp, https://en.wikipedia.org/wiki/Rabin%E2%80%93Karp_algorithm).
// A string is looked for where its first W characters are, W being the largest power of two not
// above its length: one pass over the text per such W (at most log2 of the longest string), each
// window of W characters checked against the strings' first W characters; where one matches, the
// string's whole hash, then the string itself, are compared there. That work is counted: when
// windows that look alike, or hashes that collide, make it more than about twice the text's length,
// a suffix array of the text answers instead (SubstringIndex, O(n log n)). Whatever the input, the
// whole costs O(n log n); on answers of distinct lines the hashes alone answer, several times faster.
// Behind compare() (program/measures.ts), which checks its arguments; not part of index.ts.

const BASE = 0x01000193; // odd: multiplying by it modulo 2^32 loses no bits

function hashOf(text: string, from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h;
}

// A top-level function, not a closure made per call: V8's optimised loop would be thrown away on the
// next call, whose closure would be a new object.

/** The hash of text[at, at + k), from the hashes of the text's prefixes and the powers of BASE. */
function hashAt(prefix: Int32Array, power: Int32Array, at: number, k: number): number {
  return (prefix[at + k]! - Math.imul(prefix[at]!, power[k]!)) | 0;
}

/** How many characters of `pattern` the text has from `at` on before the first that differs. */
function agreeing(text: string, at: number, pattern: string): number {
  let i = 0;
  while (i < pattern.length && text.charCodeAt(at + i) === pattern.charCodeAt(i)) i++;
  return i;
}

function add<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** Strings of one length by their whole hash (a few share one when hashes collide). */
type ByHash = Map<number, string[]>;

/** The strings of `patterns` that occur in `text`. */
export function containedIn(text: string, patterns: Iterable<string>): Set<string> {
  const n = text.length;
  const found = new Set<string>();
  // Where each string is looked for: its W, the hash of its first W characters there, and the
  // lengths of the strings that start that way; then the strings by length and whole hash.
  const starts = new Map<number, Map<number, number[]>>();
  const wanted = new Map<number, ByHash>();
  let remaining = 0;
  let longest = 0;
  for (const pattern of new Set(patterns)) {
    if (typeof pattern !== 'string' || pattern.length > n) continue; // a string longer than the text is not in it
    if (pattern === '') found.add(pattern);
    if (pattern === '') continue;
    const w = 2 ** Math.floor(Math.log2(pattern.length));
    const lengths = add(
      add(starts, w, () => new Map<number, number[]>()),
      hashOf(pattern, 0, w),
      (): number[] => [],
    );
    if (!lengths.includes(pattern.length)) lengths.push(pattern.length);
    add(
      add(wanted, pattern.length, (): ByHash => new Map()),
      hashOf(pattern, 0, pattern.length),
      (): string[] => [],
    ).push(pattern);
    remaining++;
    longest = Math.max(longest, pattern.length);
  }
  if (remaining === 0) return found;
  // prefix[i]: the hash of text[0, i); power[k]: BASE^k (hashAt: prefix[at + k] - prefix[at] * power[k]).
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = Math.imul(prefix[i]!, BASE) + text.charCodeAt(i);
  const power = new Int32Array(longest + 1);
  power[0] = 1;
  for (let k = 1; k <= longest; k++) power[k] = Math.imul(power[k - 1]!, BASE);

  // The work the hashes may do (lengths tried where a window matched, characters compared in vain
  // where the hashes collided) before the suffix array is cheaper.
  let budget = 2 * n + 4096;
  for (const [w, byStart] of starts) {
    for (let at = 0; at + w <= n; at++) {
      const lengths = byStart.get(hashAt(prefix, power, at, w));
      if (lengths === undefined) continue;
      if ((budget -= lengths.length) < 0) return withIndex(text, wanted, found);
      for (const length of lengths) {
        if (at + length > n) continue;
        const byHash = wanted.get(length)!;
        const whole = hashAt(prefix, power, at, length);
        const same = byHash.get(whole);
        if (same === undefined) continue;
        for (let i = same.length - 1; i >= 0; i--) {
          // The hashes agree: now the characters. A miss is a collision (strings of Thue–Morse
          // blocks collide modulo 2^32 whatever the base): the characters it compared count.
          const agree = agreeing(text, at, same[i]!);
          if (agree < length) {
            if ((budget -= agree + 1) < 0) return withIndex(text, wanted, found);
            continue;
          }
          found.add(same[i]!);
          same[i] = same[same.length - 1]!;
          same.pop();
          if (--remaining === 0) return found;
        }
        if (same.length === 0) byHash.delete(whole);
      }
    }
  }
  return found;
}

/** The strings still looked for, found with a suffix array of the text instead. */
function withIndex(text: string, wanted: Map<number, ByHash>, found: Set<string>): Set<string> {
  const index = new SubstringIndex(text);
  for (const byHash of wanted.values())
    for (const same of byHash.values()) for (const p of same) if (index.has(p)) found.add(p);
  return found;
}

/**
 * The text's suffixes sorted once (a suffix array by prefix doubling with counting sorts, Manber
 * and Myers 1993, https://en.wikipedia.org/wiki/Suffix_array: O(n log n)), then a binary search per
 * string (O(m log n) for a string of length m): the way out when the hashes meet too many windows
 * that look alike (a text of long runs of one character, and many strings made of them).
 */
export class SubstringIndex {
  private readonly text: string;
  private readonly suffixes: Int32Array;

  constructor(text: string) {
    this.text = text;
    this.suffixes = suffixArray(text);
  }

  /** Whether the text contains `pattern`: the first suffix not below it starts with it. */
  has(pattern: string): boolean {
    let low = 0;
    let high = this.suffixes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.below(this.suffixes[mid]!, pattern)) low = mid + 1;
      else high = mid;
    }
    return pattern === '' || (low < this.suffixes.length && this.text.startsWith(pattern, this.suffixes[low]!));
  }

  /** Whether the suffix at `start` sorts before `pattern` without starting with it. */
  private below(start: number, pattern: string): boolean {
    for (let i = 0; i < pattern.length; i++) {
      if (start + i >= this.text.length) return true; // a proper prefix of the pattern sorts before it
      const d = this.text.charCodeAt(start + i) - pattern.charCodeAt(i);
      if (d !== 0) return d < 0;
    }
    return false;
  }
}

/** The start of every suffix of `text`, in the order of the suffixes (UTF-16 code units compared). */
function suffixArray(text: string): Int32Array {
  const n = text.length;
  const order = new Int32Array(n); // suffix starts, sorted by their first k characters
  let rank = new Int32Array(n); // for each start, the class of its first k characters
  let scratch = new Int32Array(n);
  const count = new Int32Array(Math.max(65536, n) + 1);
  for (let i = 0; i < n; i++) count[text.charCodeAt(i) + 1]!++; // k = 1: by the first character
  for (let c = 1; c < count.length; c++) count[c]! += count[c - 1]!;
  for (let i = 0; i < n; i++) order[count[text.charCodeAt(i)]!++] = i;
  let classes = 0;
  for (let j = 0; j < n; j++) {
    if (j > 0 && text.charCodeAt(order[j]!) !== text.charCodeAt(order[j - 1]!)) classes++;
    rank[order[j]!] = classes;
  }
  classes++;
  // Then by 2k characters: the class of the first k, then of the next k (a suffix too short for them first).
  for (let k = 1; classes < n; k *= 2) {
    let p = 0;
    for (let i = Math.max(0, n - k); i < n; i++) scratch[p++] = i;
    for (let j = 0; j < n; j++) if (order[j]! >= k) scratch[p++] = order[j]! - k;
    count.fill(0, 0, classes + 1);
    for (let i = 0; i < n; i++) count[rank[i]! + 1]!++;
    for (let c = 1; c <= classes; c++) count[c]! += count[c - 1]!;
    // stable: the second key's order stays
    for (let j = 0; j < n; j++) order[count[rank[scratch[j]!]!]!++] = scratch[j]!;
    const second = (i: number) => (i + k < n ? rank[i + k]! : -1);
    scratch[order[0]!] = 0;
    classes = 1;
    for (let j = 1; j < n; j++) {
      if (rank[order[j - 1]!] !== rank[order[j]!] || second(order[j - 1]!) !== second(order[j]!)) classes++;
      scratch[order[j]!] = classes - 1;
    }
    [rank, scratch] = [scratch, rank];
  }
  return order;
}
