// The exercise editors' type checker (src/type-service/): what the learner sees is what tsc says.
// - Agreement: every starter and reference solution in three languages, every alternative (once, in
//   English: the same text in every language), and
//   broken variants (a misspelt member, a string for a number, `choices[0]` read unchecked, a
//   missing brace, an import lessons-code does not have) get from the page's service exactly tsc's
//   diagnostics with the project's tsconfig and a worker's lib files, where learner code runs (code,
//   place, severity, message), in English, Spanish and French; the reference solutions get none.
// - What the page gives beside the problems: completions, a name's signature and doc comment on
//   hover, lessons-code's declarations complete (nothing in them refers to what the page lacks).

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { alternativeSources, exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { LOCALES } from '../../../src/exercise-engine/types.ts';
import { diagnosticsOf } from '../../../src/type-service/editor.ts';
import { exerciseFile, type TypeSetup } from '../../../src/type-service/files.ts';
import { TypeService } from '../../../src/type-service/service.ts';
import { libFiles, pageOptions, typeSetup } from '../../../src/type-service/setup-node.ts';
import { EXERCISES } from '../../exercises.ts';
import type { AgreementInput, AgreementOutput } from './type-service-node.ts';

const ROOT = new URL('../../../', import.meta.url);
const DIR = new URL('node_modules/.cache/type-service-agreement/', ROOT);

/** One edit of a variant that must give a problem (the edit must apply: the test says so if it no longer does). */
function broken(code: string, from: string, to: string): string {
  if (!code.includes(from)) throw new Error(`the variant no longer holds ${JSON.stringify(from)}`);
  return code.replace(from, to);
}

/** The other right answers written as whole files (alternatives/*.ts), if the exercise has any. */
function alternativeFiles(id: string): string[] {
  const dir = new URL(`lessons-code/exercises/${id}/alternatives/`, ROOT);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .sort()
    : [];
}

function variants(locale: (typeof LOCALES)[number]): { name: string; code: string; reference: boolean }[] {
  const list = EXERCISES.flatMap((id) => [
    { name: `${id}.starter`, code: exerciseSource(id, 'starter', locale), reference: false },
    { name: `${id}.solution`, code: exerciseSource(id, 'solution', locale), reference: true },
    // The alternatives are the same text in every language (no comments to translate) and must give
    // no problem at all, so a message's language has nothing to show there: checked once, in English.
    ...(locale !== 'en' ? [] : alternativeSources(id)).map(({ name, source }) => ({
      name: `${id}.alternative-${name}`,
      code: source,
      reference: true,
    })),
    ...(locale !== 'en' ? [] : alternativeFiles(id)).map((entry) => ({
      name: `${id}.alternatives-${entry.replace(/\.ts$/, '')}`,
      code: readFileSync(new URL(`lessons-code/exercises/${id}/alternatives/${entry}`, ROOT), 'utf8'),
      reference: true,
    })),
  ]);
  const bill = exerciseSource('bill-in-finally', 'solution', locale);
  const tools = exerciseSource('rebuild-tool-calls', 'starter', locale);
  list.push(
    {
      name: 'broken.misspelt-and-string',
      code: broken(
        bill,
        '?? reader.tokensReceived);',
        "?? reader.tokensRecieved);\n    const total: number = 'twelve';",
      ),
      reference: false,
    },
    {
      name: 'broken.choices-unchecked',
      code: broken(tools, 'chunk.choices[0]?.delta', 'chunk.choices[0].delta'),
      reference: false,
    },
    {
      name: 'broken.missing-brace',
      code: broken(bill, "    status = 'complete';\n", "    status = 'complete';\n  {\n"),
      reference: false,
    },
    {
      name: 'broken.unknown-import',
      code: broken(
        bill,
        'import { RoundReader, readChatChunks }',
        'import { RoundReader, readChatChunks, readChatChunk }',
      ),
      reference: false,
    },
  );
  return list;
}

function runAgreement(input: AgreementInput): Promise<AgreementOutput[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./type-service-node.ts', import.meta.url), { workerData: input });
    worker.once('message', (results: AgreementOutput[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the agreement worker exited with ${code}`)));
  });
}

let setup: TypeSetup;
beforeAll(() => {
  setup = typeSetup();
}, 120_000);

describe('the page’s type checker says what tsc says', () => {
  for (const locale of LOCALES) {
    const alternatives = locale === 'en' ? ', every alternative' : '';
    it(`in ${locale}: every starter and reference solution${alternatives}, and broken variants`, async () => {
      const dir = new URL(`${locale}/`, DIR);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const list = variants(locale);
      const files = list.map(({ name, code }) => {
        const path = fileURLToPath(new URL(`${name}.ts`, dir));
        writeFileSync(path, code);
        return { name, path };
      });
      const results = await runAgreement({ locale, setup, files });
      expect(results.map((r) => r.name)).toEqual(list.map((v) => v.name));
      for (const result of results) expect(result.page, `${locale} ${result.name}`).toEqual(result.tsc);
      const byName = new Map(results.map((r) => [r.name, r]));
      // The reference solutions and the alternatives: nothing to say. The starters type-check too.
      for (const v of list.filter((v) => !v.name.startsWith('broken.')))
        expect(byName.get(v.name)!.page, `${locale} ${v.name}`).toEqual([]);
      // The broken variants: each problem found, in the page's language.
      const codes = (name: string) => byName.get(name)!.page.map((p) => p.code);
      expect(codes('broken.misspelt-and-string')).toEqual([2551, 2322]);
      expect(codes('broken.choices-unchecked')).toEqual([2532]);
      expect(codes('broken.missing-brace')[0]).toBe(1005);
      expect(codes('broken.unknown-import')).toEqual([2724]);
      const misspelt = byName.get('broken.misspelt-and-string')!.page[0]!.message;
      expect(misspelt).toContain('tokensReceived');
      const words = { en: 'Did you mean', es: '¿Quería decir', fr: "Est-ce qu'il ne s'agit pas plutôt de" }[locale];
      expect(misspelt).toContain(words);
    }, 180_000);
  }
});

describe('what the page’s service gives beside the problems', () => {
  const code = exerciseSource('bill-in-finally', 'starter', 'en');
  const file = exerciseFile('bill-in-finally');
  let service: TypeService;
  beforeAll(() => {
    service = new TypeService(ts, setup);
  }, 60_000);

  it('completes a member of a lessons-code class: `reader.tok` offers tokensReceived, with its signature', () => {
    const text = code.replace('?? reader.tokensReceived);', '?? reader.tok);');
    expect(text).not.toBe(code);
    service.update(file, text);
    // The line the learner edits, not the task's comment, which names reader.tokensReceived too.
    const pos = text.indexOf('?? reader.tok);') + '?? reader.tok'.length;
    const found = service.completions(file, pos)!;
    expect(found.from).toBe(pos - 'tok'.length);
    const entry = found.items.find((item) => item.name === 'tokensReceived');
    expect(entry).toBeDefined();
    expect(service.describe(file, pos, entry!)!.signature).toContain('RoundReader.tokensReceived: number');
  });

  it('knows the globals of a worker, where learner code runs: self and postMessage, no document or window', () => {
    const text = `${code}\nself.postMessage(document.title, window.origin);\n`;
    service.update(file, text);
    const problems = service.problems(file).map((p) => [p.code, text.slice(p.from, p.to)]);
    // 2584: "Cannot find name 'document'. Do you need to change your target library? …"
    expect(problems).toEqual([
      [2584, 'document'],
      [2304, 'window'],
    ]);
  });

  it('completes lessons-code’s exports inside an import', () => {
    const text = "import { readC } from 'lessons-code';\n";
    service.update(file, text);
    const names = service.completions(file, text.indexOf('readC') + 5)!.items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['readChatChunks', 'readChatService', 'readStandardStream']));
  });

  it('hovering readChatChunks shows its signature and its doc comment', () => {
    service.update(file, code);
    const hover = service.hover(file, code.indexOf('readChatChunks(body)') + 3)!;
    expect(hover.signature).toContain('readChatChunks(body: ReadableStream<Uint8Array>');
    expect(hover.signature).toContain('AsyncGenerator<ChatCompletionChunk, void, undefined>');
    expect(hover.doc).toMatch(/^The chunks of a streamed answer/);
    expect(code.slice(hover.from, hover.to)).toBe('readChatChunks');
  });

  it('the editor gets each problem inside the text, one character wide at least', () => {
    expect(diagnosticsOf([{ from: 3, to: 3, code: 1005, severity: 'error', message: "'}' expected." }], 10)).toEqual([
      { from: 3, to: 4, severity: 'error', message: "'}' expected.", source: 'TS1005' },
    ]);
    expect(diagnosticsOf([{ from: 10, to: 10, code: 1005, severity: 'error', message: 'x' }], 10)[0]).toMatchObject({
      from: 9,
      to: 10,
    });
    expect(diagnosticsOf([{ from: 8, to: 40, code: 2322, severity: 'error', message: 'x' }], 10)[0]).toMatchObject({
      from: 8,
      to: 10,
    });
  });
});

describe('lessons-code’s declarations', () => {
  it('are whole: checked without skipLibCheck, they refer to nothing the page lacks (no Node types)', () => {
    const options = { ...pageOptions(), skipLibCheck: false, noEmit: true };
    const files = new Map<string, string>([
      ...Object.entries(libFiles(options)),
      ...Object.entries(setup.declarations),
    ]);
    const host = ts.createCompilerHost(options);
    host.getSourceFile = (name, version) =>
      files.has(name) ? ts.createSourceFile(name, files.get(name)!, version) : undefined;
    host.fileExists = (name) => files.has(name);
    host.readFile = (name) => files.get(name);
    host.getDefaultLibFileName = () => '/lib.d.ts';
    host.getDefaultLibLocation = () => '/';
    host.getCurrentDirectory = () => '/';
    host.directoryExists = (dir) => [...files.keys()].some((f) => f.startsWith(dir));
    host.getDirectories = () => [];
    const program = ts.createProgram(Object.keys(setup.declarations), options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file?.fileName.startsWith('/lessons-code/'))
      .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems).toEqual([]);
    expect(Object.keys(setup.declarations)).toContain('/lessons-code/index.d.ts');
    expect(setup.declarations['/lessons-code/index.d.ts']).toContain('readChatChunks');
  }, 120_000);
});
