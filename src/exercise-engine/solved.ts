// "Solved", decided by the page: every case of the exercise's own definition, in order, passed.
// The case ids come from the page's markup (rendered at build time from cases.ts), not from the
// report; a report with fewer, more, other or unfinished cases is not a solve.

import type { CheckReport } from './types.ts';

export function isSolved(report: CheckReport, caseIds: readonly string[]): boolean {
  if (report.outcome !== 'checked' || report.timedOut || caseIds.length === 0) return false;
  if (report.cases.length !== caseIds.length) return false;
  return caseIds.every((id, i) => report.cases[i]?.id === id && report.cases[i]?.verdict.status === 'pass');
}
