// A small checker of JSON values against a described shape: enough to hold the recordings to the
// providers' published event shapes (./shapes.ts) and to say precisely where one differs.

import { expectObject, expectString } from '../core/arguments.ts';

/** The shape a JSON value must have: the course holds its recordings to the providers' published event shapes. */
export type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'null' | 'any' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; item: Shape }
  | { kind: 'oneOf'; shapes: readonly Shape[] }
  /** Fields whose name ends with `?` may be absent; a field not listed is a problem. */
  | { kind: 'object'; fields: Readonly<Record<string, Shape>> };

export const str: Shape = { kind: 'string' };
export const num: Shape = { kind: 'number' };
export const bool: Shape = { kind: 'boolean' };
export const nul: Shape = { kind: 'null' };
export const any: Shape = { kind: 'any' };
export const lit = (value: string | number | boolean): Shape => ({ kind: 'literal', value });
export const arr = (item: Shape): Shape => ({ kind: 'array', item });
export const oneOf = (...shapes: Shape[]): Shape => ({ kind: 'oneOf', shapes });
export const obj = (fields: Record<string, Shape>): Shape => ({ kind: 'object', fields });
/** One of several string values. */
export const enumOf = (...values: string[]): Shape => oneOf(...values.map(lit));
/** The shape or null. */
export const orNull = (shape: Shape): Shape => oneOf(shape, nul);

/** Every way `value` differs from `shape`, each as "path: problem"; none means it fits. */
export function checkShape(value: unknown, shape: Shape, path = '$'): string[] {
  expectObject(shape, 'checkShape', 'shape');
  expectString(path, 'checkShape', 'path');
  switch (shape.kind) {
    case 'any':
      return [];
    case 'null':
      return value === null ? [] : [`${path}: expected null, got ${describe(value)}`];
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === shape.kind ? [] : [`${path}: expected a ${shape.kind}, got ${describe(value)}`];
    case 'literal':
      return value === shape.value ? [] : [`${path}: expected ${JSON.stringify(shape.value)}, got ${describe(value)}`];
    case 'array':
      if (!Array.isArray(value)) return [`${path}: expected an array, got ${describe(value)}`];
      return value.flatMap((item, i) => checkShape(item, shape.item, `${path}[${i}]`));
    case 'oneOf': {
      const attempts = shape.shapes.map((option) => checkShape(value, option, path));
      if (attempts.some((problems) => problems.length === 0)) return [];
      // Report the closest option: the one with the fewest problems.
      return attempts.reduce((best, problems) => (problems.length < best.length ? problems : best));
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return [`${path}: expected an object, got ${describe(value)}`];
      const record = value as Record<string, unknown>;
      const problems: string[] = [];
      const known = new Set<string>();
      for (const [key, fieldShape] of Object.entries(shape.fields)) {
        const optional = key.endsWith('?');
        const name = optional ? key.slice(0, -1) : key;
        known.add(name);
        if (!(name in record)) {
          if (!optional) problems.push(`${path}.${name}: missing`);
        } else {
          problems.push(...checkShape(record[name], fieldShape, `${path}.${name}`));
        }
      }
      for (const key of Object.keys(record))
        if (!known.has(key)) problems.push(`${path}.${key}: not a documented field`);
      return problems;
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value);
  return typeof value === 'object' ? 'an object' : String(value);
}
