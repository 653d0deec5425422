// The GA files named anywhere in the project's sources (code comments, pages, tests, README, docs/) are
// files of GA's tree at the pin (test/ga-paths.ts): a path that does not exist there fails here.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GA_PATHS } from '../../ga-paths.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SKIP = new Set(['node_modules', 'dist', '.astro', '.git', 'test-results', 'playwright-report']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|astro|mdx|md|json|mjs)$/.test(name) ? [path] : [];
  });
}

it('every GA file the sources name exists in GA’s tree at the pin', () => {
  const named = new Map<string, string[]>();
  for (const file of ['lessons-code', 'content', 'src', 'test', 'pages', 'scripts', 'docs']
    .flatMap((dir) => files(join(ROOT, dir)))
    .concat(join(ROOT, 'README.md'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /\b(?:Apps|Common)\/[\w.-]+(?:\/[\w.-]+)*\.(?:cs|ts|tsx|html)\b|\bdocs\/adr\/[\w.-]+\.md\b/g,
    )) {
      named.set(match[0], [...(named.get(match[0]) ?? []), file.slice(ROOT.length)]);
    }
  }
  expect(named.size).toBeGreaterThanOrEqual(8);
  expect([...named].filter(([path]) => !GA_PATHS.includes(path))).toEqual([]);
});
