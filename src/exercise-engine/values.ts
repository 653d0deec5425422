// Values as the checker compares and shows them: kinds, structural equality, code notation. Pure
// functions over plain data (what a structured clone yields), used on the checker's side.

import type { ExportKind } from '../../lessons-code/index.ts';
import { quote } from './hidden-characters.ts';
import type { ValueKind } from './types.ts';

/** What a value is, in the words of the export check. */
export function kindOf(value: unknown): ValueKind {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? 'string-array' : 'array';
  const type = typeof value;
  if (type === 'object') return 'object';
  return type as ValueKind;
}

/** Whether a value of this kind is what an export of `kind` must be (an array of strings is an array too). */
export function fitsKind(actual: ValueKind, kind: ExportKind): boolean {
  if (actual === kind) return true;
  return kind === 'array' && actual === 'string-array';
}

const MAX_SHOWN = 4000;
const MAX_STRING = 2000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 5;

/** The first `length` code units of a string, one less if the cut would split a surrogate pair. */
function head(text: string, length: number): string {
  const last = text.charCodeAt(length - 1);
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, length - 1) : text.slice(0, length);
}

/**
 * A value in code notation, strings as JavaScript literals (`"a\nb"`) where every character that
 * is not what it looks like is an escape: `\t`, `\u{202F}` (hidden-characters.ts says which), so
 * that two strings shown alike are alike. Bounded: long strings, big arrays, deep or circular
 * objects are cut with a mark. Never throws.
 */
export function showValue(value: unknown): string {
  const seen = new Set<object>();
  const out = (v: unknown, depth: number): string => {
    if (typeof v === 'string') {
      if (v.length <= MAX_STRING) return quote(v);
      const kept = head(v, MAX_STRING);
      return quote(kept) + ` …(+${v.length - kept.length})`;
    }
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'boolean' || v === undefined || v === null) return String(v);
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return `[function ${v.name || '(anonymous)'}]`;
    const object = v as object;
    if (seen.has(object)) return '[circular]';
    if (depth >= MAX_DEPTH) return Array.isArray(object) ? '[…]' : '{…}';
    seen.add(object);
    try {
      if (Array.isArray(object)) {
        const items = object.slice(0, MAX_ITEMS).map((item) => out(item, depth + 1));
        if (object.length > MAX_ITEMS) items.push(`…(+${object.length - MAX_ITEMS})`);
        return '[' + items.join(', ') + ']';
      }
      if (object instanceof Error) return `[${object.name}: ${object.message}]`;
      if (object instanceof Map)
        return (
          `Map(${object.size}) ` +
          out(
            Object.fromEntries([...object.entries()].slice(0, MAX_ITEMS).map(([k, val]) => [String(k), val])),
            depth + 1,
          )
        );
      if (object instanceof Set) return `Set(${object.size}) ` + out([...object].slice(0, MAX_ITEMS), depth + 1);
      if (ArrayBuffer.isView(object))
        return `${object.constructor.name}(${(object as unknown as ArrayLike<unknown>).length ?? object.byteLength})`;
      const keys = Object.keys(object);
      const entries = keys
        .slice(0, MAX_ITEMS)
        .map(
          (key) =>
            `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ` +
            `${out((object as Record<string, unknown>)[key], depth + 1)}`,
        );
      if (keys.length > MAX_ITEMS) entries.push(`…(+${keys.length - MAX_ITEMS})`);
      return entries.length === 0 ? '{}' : '{ ' + entries.join(', ') + ' }';
    } finally {
      seen.delete(object);
    }
  };
  let text: string;
  try {
    text = out(value, 0);
  } catch {
    text = '[a value that cannot be shown]';
  }
  return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN) + ' …' : text;
}

/** Structural equality for plain data: primitives (NaN equals NaN), arrays, plain objects. */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > 40 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i], depth + 1));
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) =>
      Object.hasOwn(b, key) &&
      deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1),
  );
}
