// `npm run lint`'s check that the folders of src/ import one another in one direction only: no two
// folders import each other, directly or through others (a widget's folder, src/widgets/<name>/,
// counts as a folder of its own). A cycle names the imports that make it, so that the fix is clear:
// move the shared part to the folder both may import (src/demo-kit/, src/lib/, src/widgets/shared/).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SRC = 'src';

/** The folder a file of src/ belongs to: `workbench`, `widgets/chunker`… */
function folderOf(path: string): string | null {
  const parts = relative(SRC, path).split('/');
  if (parts.length < 2 || parts[0]!.startsWith('..')) return null;
  return parts[0] === 'widgets' ? `widgets/${parts[1]}` : parts[0]!;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|astro|css)$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers of imports, dynamic imports, CSS imports and `new URL('./x', import.meta.url)`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|@import\s+|new URL\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each folder's imports of other folders, with one file that makes each. */
export function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files(SRC)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = folderOf(normalize(join(dirname(file), match[1]!)));
      if (!to || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file} → ${match[1]}`);
      edges.set(from, out);
    }
  }
  return edges;
}

/** Every cycle between folders, each as its folders in order (each found once, from its least name). */
export function folderCycles(edges: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of edges.get(at)?.keys() ?? []) {
      if (next === start) cycles.push([...path]);
      else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return cycles;
}

if (import.meta.main) {
  const edges = folderImports();
  const cycles = folderCycles(edges);
  if (cycles.length === 0) console.log('folder-imports: no two folders of src/ import each other');
  else {
    console.log(`folder-imports: ${cycles.length} cycle(s) between folders of src/:`);
    for (const cycle of cycles) {
      console.log(`  ${[...cycle, cycle[0]].join(' → ')}`);
      cycle.forEach((from, i) => console.log(`    ${edges.get(from)!.get(cycle[(i + 1) % cycle.length]!)}`));
    }
    process.exitCode = 1;
  }
}
