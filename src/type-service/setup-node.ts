// What the exercises' type checker in the page knows, computed in Node from the project's own files
// (at build time, and by the unit tests that hold the page to tsc's word):
// - the compiler options of tsconfig.json, so that the page says what `tsc` says;
// - the lib files those options name (`lib`), with every lib file they reference in turn;
// - declarations of lessons-code emitted from its sources, so that `import { … } from 'lessons-code'`
//   resolves in the page, with each export's signature and doc comment.
// Learner code runs in a dedicated Web Worker (src/exercise-engine/learner-worker.ts), so the page
// knows a worker's globals: it leaves out the project's `types` (@types/node: Node's globals do not
// exist there) and gives the worker's lib files in place of the window's (`self`, `fetch`,
// `postMessage`, but no `document`). lib.webworker.d.ts is also a third of lib.dom.d.ts, and
// TypeScript reads and binds every lib file before it says anything of the learner's code.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { LESSONS_CODE_ENTRY, type TypeSetup } from './files.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIB_DIR = join(ROOT, 'node_modules/typescript/lib');
const CACHE_DIR = join(ROOT, 'node_modules/.cache/type-service');

/** tsconfig.json's options, as tsc reads them. */
export function projectOptions(): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  return config.options;
}

/** The window's lib files and a worker's in their place (https://www.typescriptlang.org/tsconfig/#lib). */
const WORKER_LIB: Record<string, string | null> = {
  'lib.dom.d.ts': 'lib.webworker.d.ts',
  'lib.dom.iterable.d.ts': 'lib.webworker.iterable.d.ts',
  'lib.dom.asynciterable.d.ts': 'lib.webworker.asynciterable.d.ts',
  // importScripts is declared by lib.webworker.d.ts itself
  'lib.webworker.importscripts.d.ts': null,
};

/**
 * The options of the page's checker: the project's, except where the files live (a virtual folder
 * whose root holds the lib files and lessons-code/), `types` (none) and `lib` (a worker's in place
 * of a window's).
 */
export function pageOptions(project = projectOptions()): ts.CompilerOptions {
  const {
    configFilePath: _config,
    pathsBasePath: _base,
    baseUrl: _url,
    types: _types,
    paths: _paths,
    lib,
    ...options
  } = project;
  // Without `lib`, TypeScript's default would bring the window's lib files in with the target's.
  if (!lib) throw new Error('tsconfig.json names no lib files: the page cannot give a worker’s in place of them');
  const libs = lib.flatMap((name) => (name in WORKER_LIB ? (WORKER_LIB[name] ?? []) : [name]));
  return {
    ...options,
    lib: [...new Set(libs)],
    types: [],
    paths: { 'lessons-code': [LESSONS_CODE_ENTRY] },
  };
}

/** The lib files `options.lib` names and every lib file they reference, by their path in the page's folder. */
export function libFiles(options: ts.CompilerOptions): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (name: string) => {
    if (`/${name}` in files) return;
    const text = readFileSync(join(LIB_DIR, name), 'utf8');
    files[`/${name}`] = text;
    for (const match of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm))
      visit(`lib.${match[1]!.toLowerCase()}.d.ts`);
  };
  for (const name of options.lib ?? [ts.getDefaultLibFileName(options)]) visit(name);
  return files;
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'exercises' ? [] : sourcesOf(path);
      return name.endsWith('.ts') ? [path] : [];
    });
}

const emitted = new Map<string, Record<string, string>>();

/** What the cache's files hold; changed whenever the declarations are made otherwise. */
const DECLARATIONS_FORMAT = 'absolute specifiers';

/**
 * A declaration file's relative imports (`from './core/transport.ts'`, `import("../x.ts")`) written
 * as the paths they lead to in the page's folder (`/lessons-code/core/transport.ts`): the same
 * modules for TypeScript, and no text in the page's JavaScript that reads as a relative import of a
 * file the site does not have (test/dist/deploy.test.ts checks every such reference).
 */
function absoluteSpecifiers(file: string, text: string): string {
  return text.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?\/[^"']+)\2/g,
    (_, before: string, quote: string, specifier: string) =>
      `${before}${quote}${posix.join(posix.dirname(file), specifier)}${quote}`,
  );
}

/**
 * The declarations of lessons-code (every module index.ts reaches), emitted by TypeScript from the
 * sources with the project's options: `/lessons-code/<path>.d.ts` → text. Emitting takes a full type
 * check of lessons-code (seconds), so the result is kept in node_modules/.cache, under a hash of the
 * sources, the options and TypeScript's version.
 */
export function lessonsCodeDeclarations(project = projectOptions()): Record<string, string> {
  const sources = sourcesOf(join(ROOT, 'lessons-code'));
  const hash = createHash('sha256').update(DECLARATIONS_FORMAT).update(ts.version).update(JSON.stringify(project));
  for (const file of sources) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  const key = hash.digest('hex').slice(0, 16);
  const known = emitted.get(key);
  if (known) return known;
  const cached = join(CACHE_DIR, `lessons-code-${key}.json`);
  if (existsSync(cached)) {
    const files = JSON.parse(readFileSync(cached, 'utf8')) as Record<string, string>;
    emitted.set(key, files);
    return files;
  }
  const { configFilePath: _config, ...options } = project;
  const program = ts.createProgram([join(ROOT, 'lessons-code/index.ts')], {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    outDir: undefined,
  });
  const files: Record<string, string> = {};
  const lessonsCode = join(ROOT, 'lessons-code');
  const result = program.emit(undefined, (name, text) => {
    const path = relative(lessonsCode, name);
    if (!path.startsWith('..')) {
      const file = `/lessons-code/${path.split('\\').join('/')}`;
      files[file] = absoluteSpecifiers(file, text);
    }
  });
  const problems = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
    (d) => d.category === ts.DiagnosticCategory.Error,
  );
  if (problems.length > 0 || result.emitSkipped) {
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
    throw new Error(`lessons-code's declarations could not be emitted:\n${ts.formatDiagnostics(problems, host)}`);
  }
  if (!(LESSONS_CODE_ENTRY in files)) throw new Error(`lessons-code's declarations: no ${LESSONS_CODE_ENTRY}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, JSON.stringify(files));
  emitted.set(key, files);
  return files;
}

/** Everything the page's checker is given. */
export function typeSetup(): TypeSetup {
  const project = projectOptions();
  const options = pageOptions(project);
  return { options, libs: libFiles(options), declarations: lessonsCodeDeclarations(project) };
}
