// The Vite plugin that gives the type checker's worker what it knows, made at build time from the
// project's files (setup-node.ts): `virtual:type-service/options`, `/libs` and `/declarations`,
// three modules, so that each is a chunk of its own (the worker loads them side by side).

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lessonsCodeDeclarations, libFiles, pageOptions, projectOptions } from './setup-node.ts';

const PREFIX = 'virtual:type-service/';
const NAMES = ['options', 'libs', 'declarations'] as const;
type Name = (typeof NAMES)[number];

/** What of a Vite plugin's context this one uses (so that this file needs no import from Vite). */
interface PluginContext {
  addWatchFile(file: string): void;
}

const LESSONS_CODE = fileURLToPath(new URL('../../lessons-code/', import.meta.url));

export function typeServiceFiles() {
  return {
    name: 'course:type-service-files',
    resolveId(source: string): string | null {
      const name = source.startsWith(PREFIX) ? source.slice(PREFIX.length) : '';
      // A name Vite can write as a chunk's file name (no \0 prefix, no colon).
      return (NAMES as readonly string[]).includes(name) ? `\0type-service-${name}` : null;
    },
    load(this: PluginContext, id: string): string | null {
      const name = id.startsWith('\0type-service-') ? (id.slice('\0type-service-'.length) as Name) : null;
      if (name === null || !NAMES.includes(name)) return null;
      const project = projectOptions();
      this.addWatchFile(join(LESSONS_CODE, '..', 'tsconfig.json'));
      if (name === 'options') return `export default ${JSON.stringify(pageOptions(project))};`;
      if (name === 'libs') return `export default ${JSON.stringify(libFiles(pageOptions(project)))};`;
      this.addWatchFile(join(LESSONS_CODE, 'index.ts'));
      return `export default ${JSON.stringify(lessonsCodeDeclarations(project))};`;
    },
  };
}
