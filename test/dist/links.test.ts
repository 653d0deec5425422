// Every internal link of the built site points to a page that exists, and every #fragment to an id on it.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { DIST, htmlFiles } from './site.ts';

function targetFile(pathname: string): string | undefined {
  const path = join(DIST, decodeURIComponent(pathname));
  for (const candidate of [path, join(path, 'index.html'), path + '.html']) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const idsCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let ids = idsCache.get(file);
  if (!ids) {
    ids = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    idsCache.set(file, ids);
  }
  return ids;
}

it('no broken internal link or #fragment in the built site', () => {
  const broken: string[] = [];
  const files = htmlFiles();
  expect(files.length).toBeGreaterThanOrEqual(6);
  let checked = 0;
  let fragments = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const pageUrl = new URL('/' + relative(DIST, file).replace(/index\.html$/, ''), 'http://site.local');
    for (const match of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const raw = match[1]!.replaceAll('&amp;', '&');
      if (/^(?:[a-z]+:|\/\/)/i.test(raw) && !raw.startsWith('http://site.local')) continue; // external
      const url = new URL(raw, pageUrl);
      const target = targetFile(url.pathname);
      checked++;
      if (!target) {
        broken.push(`${relative(DIST, file)}: ${raw}`);
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && fragment !== '_top') {
        fragments++;
        if (!idsOf(target).has(fragment)) broken.push(`${relative(DIST, file)}: ${raw} (no id "${fragment}")`);
      }
    }
  }
  expect(checked).toBeGreaterThan(50);
  expect(fragments).toBeGreaterThan(10);
  expect(broken).toEqual([]);
});
