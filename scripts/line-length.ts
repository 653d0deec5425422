// Fails when a line is longer than Biome's line width in a file Biome formats. Biome wraps code but
// leaves comments and long strings as they are: those are wrapped by hand, and this keeps them so.
// The files: those Biome formats (biome.json's files.includes and the project's .gitignore), in the
// languages where a line can be broken; JSON is left out, its strings (the UI's translations, the
// exercises' texts) cannot hold a line break. A comment may hold a URL that alone makes it long (a
// link to a line of GA at a commit): the line counts without its URL. The providers' wire bytes
// written as recordings (lessons-code/providers/*-recordings.ts) are data: their lines are the bytes.
// Run by `npm run lint`; prints each long line as file:line (length).

import { readdirSync, readFileSync } from 'node:fs';
import { matchesGlob } from 'node:path';

const ROOT = new URL('../', import.meta.url);
const biome = JSON.parse(readFileSync(new URL('biome.json', ROOT), 'utf8'));
const WIDTH: number = biome.formatter.lineWidth;
const EXCLUDED: string[] = (biome.files.includes as string[])
  .filter((glob) => glob.startsWith('!'))
  .map((glob) => glob.slice(1));
const CHECKED = /\.(ts|mts|js|mjs|astro|css)$/;

/** .gitignore's patterns as globs from the root (the simple forms this project's file uses). */
function ignoredGlobs(): string[] {
  return readFileSync(new URL('.gitignore', ROOT), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      const glob = line.replace(/\/$/, '');
      return glob.startsWith('/') ? [glob.slice(1), `${glob.slice(1)}/**`] : [`**/${glob}`, `**/${glob}/**`];
    });
}

const DATA = ['lessons-code/providers/*recordings.ts'];
const skipped = [...EXCLUDED, ...ignoredGlobs(), ...DATA];
const isSkipped = (path: string) => skipped.some((glob) => matchesGlob(path, glob));

/** A comment line that fits once its URLs are left out. */
const urlOnlyOverflow = (line: string) =>
  /^\s*(\/\/|\*|\/\*)/.test(line) && line.replace(/https?:\/\/\S+/g, '').length <= WIDTH;

const long: string[] = [];
/** Walks a folder (a path from the root, '' for the root), pruning what is skipped and dot folders. */
function walk(folder: string): void {
  for (const entry of readdirSync(new URL(folder, ROOT), { withFileTypes: true })) {
    const path = folder + entry.name;
    if (isSkipped(path)) continue;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) walk(`${path}/`);
    } else if (CHECKED.test(entry.name)) {
      readFileSync(new URL(path, ROOT), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (line.length > WIDTH && !urlOnlyOverflow(line)) long.push(`${path}:${i + 1} (${line.length})`);
        });
    }
  }
}
walk('');

if (long.length > 0) {
  console.error(`${long.length} line(s) longer than ${WIDTH} characters:\n${long.join('\n')}`);
  process.exitCode = 1;
} else console.log(`line-length: no line over ${WIDTH} characters`);
