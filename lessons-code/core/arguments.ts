// Argument checks for the exported functions: a value of the wrong kind fails at once with a
// TypeError that names the function, the argument and what it got, instead of being coerced
// (`"data: null"`) or read as something else (a string spread into an options object).

/** What a value is, in a few words, for an error message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return typeof value === 'undefined' ? 'undefined' : `a ${typeof value} (${String(value)})`;
}

function fail(where: string, name: string, expected: string, value: unknown): never {
  throw new TypeError(`${where}: ${name} must be ${expected}, got ${describeValue(value)}`);
}

/**
 * Throws a TypeError that names the function and the argument unless `value` is a string.
 *
 * @example
 * ```ts
 * expectString(null, 'readPage', 'stream'); // TypeError: readPage: stream must be a string, got null
 * ```
 */
export function expectString(value: unknown, where: string, name: string): asserts value is string {
  if (typeof value !== 'string') fail(where, name, 'a string', value);
}

export function expectFunction(
  value: unknown,
  where: string,
  name: string,
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') fail(where, name, 'a function', value);
}

/** A plain options object (not a string, an array, null or a function); `undefined` stands for `{}`. */
export function expectOptions(value: unknown, where: string, name = 'options'): asserts value is object | undefined {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value)))
    fail(where, name, 'an object', value);
}

/** A non-null object (a function is one too), required. */
export function expectObject(value: unknown, where: string, name: string): asserts value is object {
  if (value === undefined) fail(where, name, 'an object', value);
  if (typeof value !== 'function') expectOptions(value, where, name);
}

/** One of a few named choices (a provider, a policy, a harness). */
export function expectOneOf<T>(value: unknown, choices: readonly T[], where: string, name: string): asserts value is T {
  if (!choices.includes(value as T)) fail(where, name, `one of ${choices.join(', ')}`, value);
}

export function expectNumber(value: unknown, where: string, name: string): asserts value is number {
  if (typeof value !== 'number' || Number.isNaN(value)) fail(where, name, 'a number', value);
}

export function expectBytes(value: unknown, where: string, name: string): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) fail(where, name, 'a Uint8Array', value);
}

export function expectArray(value: unknown, where: string, name: string): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) fail(where, name, 'an array', value);
}

export function expectStrings(value: unknown, where: string, name: string): asserts value is readonly string[] {
  expectArray(value, where, name);
  for (let i = 0; i < value.length; i++)
    if (typeof value[i] !== 'string') fail(where, `${name}[${i}]`, 'a string', value[i]);
}

/** A ReadableStream, unlocked (its own getReader throws a less helpful message for a locked one). */
export function expectBody(value: unknown, where: string, name = 'body'): asserts value is ReadableStream<Uint8Array> {
  if (typeof value !== 'object' || value === null || typeof (value as ReadableStream).getReader !== 'function') {
    fail(where, name, 'a ReadableStream', value);
  }
  if ((value as ReadableStream).locked)
    throw new TypeError(`${where}: ${name} is locked: another reader is reading it`);
}
