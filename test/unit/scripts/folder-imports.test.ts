// scripts/folder-imports.ts: the folders of src/ import one another in one direction only, and a
// cycle, direct or through other folders, is found and named.

import { expect, it } from 'vitest';
import { folderCycles, folderImports } from '../../../scripts/folder-imports.ts';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from} → ${to}`]))]));

it('finds a direct cycle and one through a third folder, each once', () => {
  expect(folderCycles(graph({ a: ['b'], b: ['a'] }))).toEqual([['a', 'b']]);
  expect(folderCycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
  expect(folderCycles(graph({ workbench: ['type-service', 'demo-kit'], 'type-service': ['demo-kit'] }))).toEqual([]);
});

it('src/ has none: the workbench imports the type checker, never the other way', () => {
  const edges = folderImports();
  expect(edges.get('workbench')?.has('type-service')).toBe(true);
  expect(folderCycles(edges)).toEqual([]);
});
