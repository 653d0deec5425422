// `npm run check:exercise -- <id> <file.ts>`: checks a file as the page checks it (the same engine,
// the learner's code in a worker) and prints every case's verdict: for a failing case its input,
// what was expected and what the code gave, the diagnoses, and for a generated case the seed and how
// its input was found. With `--seed N` and `--runs N`, the generated cases try other inputs, or more
// of them, than the page does: a search for a counterexample beyond the page's inputs. Exits 0 when
// every case passes, 1 when one does not, 2 on a usage error.
//
//   npm run check:exercise -- fix-746 lessons-code/exercises/fix-746/mistakes/no-space.ts
//   npm run check:exercise -- fix-746 my-answer.ts --seed 7 --runs 2000 --lang es

import { readFileSync } from 'node:fs';
import { changedRegistry, nodeRegistry } from '../src/exercise-engine/registry-node.ts';
import { ExerciseRunner } from '../src/exercise-engine/runner.ts';
import { LOCALES, type CaseVerdict, type Locale } from '../src/exercise-engine/types.ts';
import type { Shown } from '../lessons-code/index.ts';
import { testPlatform } from '../test/unit/exercise-engine/exercises-platform.ts';

const USAGE = `Usage: npm run check:exercise -- <exercise id> <file.ts> [--seed N] [--runs N] [--lang en|es|fr]

Checks the file as the page checks it and prints each case's verdict.
  --seed N   the generated cases draw their inputs from seed N instead of their own
  --runs N   the generated cases try N inputs each (100 unless the case says otherwise)
  --lang L   the language of the exercise's texts in the verdicts (en)
Exit code: 0 every case passes, 1 one does not, 2 usage error.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function option(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || (name === '--runs' && value < 1)) fail(`${name} needs a whole number.`);
  return value;
}

/** A shown value as plain text, indented under its label. */
function text(shown: Shown): string {
  switch (shown.kind) {
    case 'code':
    case 'note':
      return shown.text;
    case 'fields':
      return shown.fields.map((field) => `${field.label}: ${field.text}`).join('\n');
    case 'table':
      return [shown.header, ...shown.rows].map((row) => row.join(' | ')).join('\n');
  }
}

const indent = (value: string) => value.replace(/^/gm, '      ');

function describe(verdict: CaseVerdict): string[] {
  const lines: string[] = [];
  if (verdict.status === 'fail' || verdict.status === 'throw' || verdict.status === 'changed') {
    if (verdict.generated) {
      const { seed, tried, shrinks } = verdict.generated;
      lines.push(`    smallest differing input found: seed ${seed}, ${tried} generated, ${shrinks} smaller tried`);
    }
    if (verdict.input) lines.push('    input:', indent(text(verdict.input)));
    if (verdict.status === 'fail')
      lines.push('    expected:', indent(text(verdict.expected)), '    got:', indent(text(verdict.actual)));
    else if (verdict.status === 'changed') {
      const { kind, name, call, seen, path, shownPath, before, after } = verdict.change;
      lines.push(
        kind === 'changed-result'
          ? `    ${kind}: ${path}, returned by ${name} on call ${call}, changed by the end of call ${seen}`
          : seen === call
            ? `    ${kind}: ${name} changed ${path} during call ${call}`
            : `    ${kind}: ${path}, passed to ${name} on call ${call}, changed by the end of call ${seen}`,
        `    ${shownPath} before:`,
        indent(before),
        `    ${shownPath} after:`,
        indent(after),
      );
    } else {
      if (verdict.expected) lines.push('    expected:', indent(text(verdict.expected)));
      if (verdict.errorExpected)
        lines.push(`    an Error was expected: ${verdict.errorExpected} passes where the value thrown does not`);
      lines.push(`    threw: ${verdict.error.message}`);
    }
    if (verdict.keptState)
      lines.push('    kept state: the same input, alone in a fresh copy of the module, gives the expected result');
    if (verdict.diagnoses) lines.push(`    diagnoses: ${verdict.diagnoses.join(', ')}`);
  }
  if (verdict.status === 'export')
    lines.push(`    export ${verdict.name}: ${verdict.actualKind}, expected ${verdict.expectedKind}`);
  return lines;
}

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const positional = process.argv
    .slice(2)
    .filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const [id, file] = positional;
  if (!id || !file) fail('An exercise id and a file are needed.');
  const langAt = process.argv.indexOf('--lang');
  const lang = langAt < 0 ? 'en' : process.argv[langAt + 1];
  if (!LOCALES.some((locale) => locale === lang)) fail(`--lang is one of ${LOCALES.join(', ')}.`);
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (error) {
    return fail(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const seed = option('--seed');
  const runs = option('--runs');
  const base = await nodeRegistry();
  if (!base.ids.includes(id)) fail(`No exercise ${id}. The exercises: ${base.ids.join(', ')}.`);
  const registry = changedRegistry(base, (definition) => ({
    ...definition,
    cases: definition.cases.map((c) =>
      c.kind === 'generated'
        ? { ...c, ...(seed === undefined ? {} : { seed }), ...(runs === undefined ? {} : { runs }) }
        : c,
    ),
  }));
  // A search of many inputs may take longer than the page allows a check.
  const runner = new ExerciseRunner(testPlatform(registry), runs !== undefined ? { limitMs: 600_000 } : {});
  try {
    const report = await runner.run(id, lang as Locale, source);
    if (report.outcome !== 'checked') {
      console.log(`${id}: ${report.outcome}`);
      if (report.outcome === 'compile-error') console.log(`  ${report.problem.message} (line ${report.problem.line})`);
      if (report.outcome === 'load-error') console.log(`  ${report.error.message}`);
      return 1;
    }
    for (const line of report.console) console.log(`console: ${line}`);
    let passed = 0;
    for (const c of report.cases) {
      if (c.verdict.status === 'pass') passed++;
      console.log(`  ${c.verdict.status === 'pass' ? 'pass' : c.verdict.status.padEnd(4)}  ${c.id}`);
      for (const line of describe(c.verdict)) console.log(line);
    }
    console.log(`${passed} passed, ${report.cases.length - passed} failed`);
    return passed === report.cases.length ? 0 : 1;
  } finally {
    runner.dispose();
  }
}

process.exitCode = await main();
