// Every internal link of the built site points to a page that exists, and every #fragment to an id on it.

import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const DIST = resolve(process.env.GA_OUT_DIR || 'dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

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

test('no broken internal link in the built site', () => {
  const broken: string[] = [];
  const files = htmlFiles(DIST);
  expect(files.length).toBeGreaterThanOrEqual(6);
  let checked = 0;
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
      if (fragment && target.endsWith('.html') && fragment !== '_top' && !idsOf(target).has(fragment)) {
        broken.push(`${relative(DIST, file)}: ${raw} (no id "${fragment}")`);
      }
    }
  }
  expect(checked).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});
