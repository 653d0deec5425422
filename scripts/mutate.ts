// `npm run mutate`: StrykerJS on every exercise's reference solution (stryker.config.mjs), then each
// exercise's mutation score from Stryker's JSON report, less the mutants listed as equivalent in
// test/mutation/equivalent-mutants.json. Fails when an exercise scores under 90 %, and when a listed
// equivalent mutant is not in the report as a survivor (the code changed: the list must follow).
// See docs/mutation-testing.md.
//
//   npm run mutate                       Stryker on the nine exercises, then the scores
//   npm run mutate -- --report-only      the scores of the last report, without running Stryker
//   npm run mutate -- --mutate lessons-code/exercises/fix-746/exercise.ts
//                                        any other argument goes to `stryker run` (here: one exercise)

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);
const REPORT = new URL('reports/mutation/mutation.json', ROOT);
const SCORES = new URL('reports/mutation/scores.json', ROOT);
const EQUIVALENT = new URL('test/mutation/equivalent-mutants.json', ROOT);
const THRESHOLD = 90;

/** The parts of Stryker's JSON report (mutation-testing-report-schema) read here. */
interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/** A mutant that behaves as the reference for every input the exercise allows. */
interface Equivalent {
  line: number;
  column: number;
  mutator: string;
  replacement: string;
  /** The code the mutant replaces, as the report's source has it at that location. */
  original: string;
  why: string;
}

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only');
if (!reportOnly) {
  const stryker = fileURLToPath(new URL('node_modules/@stryker-mutator/core/bin/stryker.js', ROOT));
  const run = spawnSync(process.execPath, [stryker, 'run', ...args], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`stryker run failed (exit ${run.status ?? run.signal})`);
    process.exit(1);
  }
}

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const equivalents = JSON.parse(readFileSync(EQUIVALENT, 'utf8')) as Record<string, Equivalent[]>;
const exerciseOf = (file: string): string | null => /exercises\/([^/]+)\/exercise\.ts$/.exec(file)?.[1] ?? null;

/** The text of a report's source between two locations (lines and columns from 1). */
function slice(source: string, mutant: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = mutant.location;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1]!.slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1]!.slice(0, end.column - 1),
  ].join('\n');
}

const problems: string[] = [];
const rows: string[][] = [];
const scores: Record<string, unknown> = {};
const seen = new Set<string>();
const DETECTED = new Set(['Killed', 'Timeout']);
const INVALID = new Set(['CompileError', 'RuntimeError']);

for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const id = exerciseOf(file);
  if (id === null) continue;
  seen.add(id);
  const equivalentIds = new Set<string>();
  for (const entry of equivalents[id] ?? []) {
    const original = JSON.stringify(entry.original);
    const where = `${id} ${entry.line}:${entry.column} ${entry.mutator} ${original} → ${entry.replacement}`;
    // Several mutants may start at the same place with the same mutator: the code they replace tells them apart.
    const found = mutants.find(
      (m) =>
        m.location.start.line === entry.line &&
        m.location.start.column === entry.column &&
        m.mutatorName === entry.mutator &&
        m.replacement === entry.replacement &&
        slice(source, m) === entry.original,
    );
    if (!found) problems.push(`listed as equivalent, no longer a mutant there: ${where}`);
    else if (equivalentIds.has(found.id)) problems.push(`listed as equivalent twice: ${where}`);
    else if (found.status !== 'Survived' && found.status !== 'NoCoverage')
      problems.push(`listed as equivalent, but ${found.status}: ${where}`);
    else equivalentIds.add(found.id);
  }
  const count = (status: string) => mutants.filter((m) => m.status === status && !equivalentIds.has(m.id)).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const ignored = count('Ignored');
  const errors = mutants.filter((m) => INVALID.has(m.status)).length;
  const counted = mutants.length - ignored - equivalentIds.size - errors;
  const score = counted === 0 ? 100 : (100 * (killed + timeout)) / counted;
  if (score < THRESHOLD) problems.push(`${id}: mutation score ${score.toFixed(1)} % is under ${THRESHOLD} %`);
  rows.push([
    id,
    `${score.toFixed(1)} %`,
    String(killed),
    String(survived),
    String(timeout),
    String(noCoverage),
    String(equivalentIds.size),
    String(ignored + errors),
  ]);
  scores[id] = { score, killed, survived, timeout, noCoverage, equivalent: equivalentIds.size, ignored, errors };
  for (const m of mutants)
    if (!DETECTED.has(m.status) && !equivalentIds.has(m.id) && m.status !== 'Ignored' && !INVALID.has(m.status))
      console.log(
        `  ${m.status.toLowerCase()}: ${id} ${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ` +
          `${JSON.stringify(slice(source, m))} → ${JSON.stringify(m.replacement ?? '')}`,
      );
}
for (const id of Object.keys(equivalents)) {
  if (seen.has(id)) continue;
  if (!existsSync(new URL(`lessons-code/exercises/${id}/exercise.ts`, ROOT)))
    problems.push(`equivalent mutants listed for ${id}, which is not an exercise`);
  else console.log(`  (${id} was not mutated in this run: its equivalent mutants were not checked)`);
}

const header = ['exercise', 'score', 'killed', 'survived', 'timeout', 'no cov.', 'equivalent', 'ignored'];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(
  `\nMutation score per exercise: (killed + timeout) / (mutants − ignored − equivalent), at least ${THRESHOLD} %`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
writeFileSync(SCORES, `${JSON.stringify(scores, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`\nnpm run mutate failed:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
