// The page's type checker against tsc, in one language, on node:worker_threads: TypeScript keeps the
// language of its messages for the whole module, so each language gets a thread (and a TypeScript) of
// its own. Given the variants' files on disk and the page's setup, it reports, file by file, what tsc
// with the project's tsconfig (and a worker's lib files) says and what the page's service
// (src/type-service/service.ts, the class the page's worker runs) says of the same text.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';
import type { TypeSetup } from '../../../src/type-service/files.ts';
import { oneLine, speak, TypeService } from '../../../src/type-service/service.ts';
import { projectOptions } from '../../../src/type-service/setup-node.ts';

export interface AgreementInput {
  locale: string;
  setup: TypeSetup;
  files: { name: string; path: string }[];
}

/** A diagnostic as both sides are compared: where, how long, which, how severe, what it says. */
export interface Said {
  start: number;
  length: number;
  code: number;
  severity: string;
  message: string;
}

export interface AgreementOutput {
  name: string;
  tsc: Said[];
  page: Said[];
}

const { locale, setup, files } = workerData as AgreementInput;
if (locale !== 'en') {
  const messages = readFileSync(
    createRequire(import.meta.url).resolve(`typescript/lib/${locale}/diagnosticMessages.generated.json`),
    'utf8',
  );
  speak(ts, locale, messages);
}

const severity = (category: ts.DiagnosticCategory) =>
  category === ts.DiagnosticCategory.Error ? 'error' : category === ts.DiagnosticCategory.Warning ? 'warning' : 'info';

// tsc with the project's tsconfig, in the place learner code runs: a worker's lib files and no Node
// types, as the page has them (pageOptions in src/type-service/setup-node.ts).
const program = ts.createProgram(
  files.map((f) => f.path),
  { ...projectOptions(), lib: setup.options.lib, types: [] },
);
const service = new TypeService(ts, setup);
const results: AgreementOutput[] = files.map(({ name, path }) => {
  const source = program.getSourceFile(path);
  if (!source) throw new Error(`tsc did not read ${path}`);
  const tsc = ts.getPreEmitDiagnostics(program, source).map((d) => ({
    start: d.start ?? -1,
    length: d.length ?? -1,
    code: d.code,
    severity: severity(d.category),
    message: oneLine(ts, d.messageText),
  }));
  const file = `/exercises/${name}.ts`;
  service.update(file, source.text);
  const page = service
    .problems(file)
    .map((p) => ({ start: p.from, length: p.to - p.from, code: p.code, severity: p.severity, message: p.message }));
  return { name, tsc, page };
});
parentPort?.postMessage(results);
