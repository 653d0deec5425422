// Which of many strings a text contains, without scanning the text once per string (that costs the
// text's length times the number of strings: quadratic on a long answer of distinct lines). Every
// prefix of the text is hashed once (a polynomial hash modulo 2^32, so that the hash of any stretch
// of it takes two multiplications: Rabin and Karp, https://en.wikipedia.org/wiki/Rabin%E2%80%93Karp_algorithm).
// A string is looked for where its first W characters are, W being the largest power of two not
// above its length: one pass over the text per such W (at most log2 of the longest string), each
// window of W characters checked against the strings' first W characters; where one matches, the
// string's whole hash, then the string itself, are compared there. When windows that look alike
// make that too much work, a suffix array of the text answers instead (SubstringIndex, O(n log n)).

const BASE = 0x01000193; // odd: every power of it is invertible modulo 2^32
const FILTER_BYTES = 1 << 17; // one bit per hash bucket (2^20 of them), to pass over most windows at once

function hashOf(text: string, from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h;
}

/** Strings looked for: by the hash of their first W characters, then by length, then by whole hash. */
type Groups = Map<number, Map<number, Map<number, string[]>>>;

function add<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

/** The strings of `patterns` that occur in `text`. */
export function containedIn(text: string, patterns: Iterable<string>): Set<string> {
  const n = text.length;
  const found = new Set<string>();
  const byWindow = new Map<number, Groups>();
  let longest = 0;
  for (const pattern of patterns) {
    if (pattern === '') found.add(pattern);
    if (pattern === '' || pattern.length > n) continue;
    const w = 2 ** Math.floor(Math.log2(pattern.length));
    const groups = add(byWindow, w, (): Groups => new Map());
    const lengths = add(groups, hashOf(pattern, 0, w), () => new Map<number, Map<number, string[]>>());
    add(add(lengths, pattern.length, () => new Map<number, string[]>()), hashOf(pattern, 0, pattern.length), () => []).push(pattern);
    longest = Math.max(longest, pattern.length);
  }
  if (byWindow.size === 0) return found;
  // prefix[i]: the hash of text[0, i); power[k]: BASE^k. The hash of text[at, at + k) is then
  // prefix[at + k] - prefix[at] * power[k].
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = Math.imul(prefix[i]!, BASE) + text.charCodeAt(i);
  const power = new Int32Array(longest + 1);
  power[0] = 1;
  for (let k = 1; k <= longest; k++) power[k] = Math.imul(power[k - 1]!, BASE);
  const hashAt = (at: number, k: number) => (prefix[at + k]! - Math.imul(prefix[at]!, power[k]!)) | 0;

  // The work the hashes may do (lengths tried where a window matched) before the suffix array is cheaper.
  let budget = 2 * n + 4096;
  const filter = new Uint8Array(FILTER_BYTES);
  const bucket = (h: number) => (h >>> 3) & (FILTER_BYTES - 1);
  for (const [w, groups] of byWindow) {
    filter.fill(0);
    for (const h of groups.keys()) filter[bucket(h)]! |= 1 << (h & 7);
    for (let at = 0; at + w <= n && groups.size > 0; at++) {
      const h = hashAt(at, w);
      if ((filter[bucket(h)]! & (1 << (h & 7))) === 0) continue;
      const lengths = groups.get(h);
      if (lengths === undefined) continue;
      if ((budget -= lengths.size) < 0) return withIndex(text, byWindow, found);
      for (const [length, byHash] of lengths) {
        if (at + length > n) continue;
        const same = byHash.get(hashAt(at, length));
        if (same === undefined) continue;
        for (let i = same.length - 1; i >= 0; i--) {
          if (!text.startsWith(same[i]!, at)) continue; // the hashes agree: now the characters
          found.add(same[i]!);
          same[i] = same[same.length - 1]!;
          same.pop();
        }
        if (same.length === 0) byHash.delete(hashAt(at, length));
        if (byHash.size === 0) lengths.delete(length);
      }
      if (lengths.size === 0) groups.delete(h);
    }
  }
  return found;
}

/** The strings still looked for, found with a suffix array of the text instead. */
function withIndex(text: string, byWindow: Map<number, Groups>, found: Set<string>): Set<string> {
  const index = new SubstringIndex(text);
  for (const groups of byWindow.values()) {
    for (const lengths of groups.values()) for (const byHash of lengths.values()) for (const same of byHash.values()) for (const p of same) if (index.has(p)) found.add(p);
  }
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
    for (let j = 0; j < n; j++) order[count[rank[scratch[j]!]!]!++] = scratch[j]!; // stable: the second key's order stays
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
