// What a user lost, in parts a page can translate: the program's verdict (lessons-code `compare`)
// says "1 of 6 lines missing, 8 line breaks missing" in English; the demos say it in the reader's
// language, and tell lost spaces and changed lines apart from missing lines, which the program's
// one-line verdict does not (a sentence whose spaces the pinned split ate is not a missing line).
//
// Every part is counted in one pass over each text (linear time): a demo may get a megabyte.

import { compare } from '../../../lessons-code/index.ts';

export interface LossReport {
  exact: boolean;
  /** Lines of text of the original (LF-separated, not blank). */
  lines: number;
  /** Lines of text that the user does not get at all (the program's count). */
  missingLines: number;
  /** Lines of text that the user gets with some of their inner spaces gone. */
  changedLines: number;
  /** Spaces and tabs of the original that are gone (line ends, LF and CR, are counted apart). */
  lostSpaces: number;
  /** Line feeds of the original that are gone. */
  lostBreaks: number;
  /** Carriage returns of the original that are gone (a CRLF answer read back with LF alone). */
  lostCRs: number;
  /** Different in a way none of the counts above describes. */
  differs: boolean;
}

const isSpace = (code: number) =>
  code === 32 || code === 9 || code === 13 || code === 10 || code === 12 || code === 11 || code === 0xa0;

function countLF(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** LF and CR characters: a CRLF is one line break, and its CR is no lost space. */
function lineEnds(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) n++;
  }
  return n;
}

function linesOfText(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') n++;
  return n;
}

/**
 * Walks both texts together, skipping whitespace: when their other characters are the same, the
 * user lost (or gained) only whitespace, and the walk says which lines lost inner spaces. Returns
 * null when the texts differ in anything but whitespace.
 */
function whitespaceOnly(
  original: string,
  got: string,
): Pick<LossReport, 'changedLines' | 'lostSpaces' | 'lostCRs' | 'differs'> | null {
  let i = 0;
  let j = 0;
  let lostSpaces = 0;
  let lostCRs = 0;
  let gained = false;
  let changedLines = 0;
  let lineChanged = false; // the current line of the original lost an inner space
  let lineHasText = false; // a non-space character was seen on the current line
  let pendingLoss = false; // a space was lost after the last character seen on this line
  for (;;) {
    // whitespace run in each text, up to the next non-space character
    const fromI = i;
    while (i < original.length && isSpace(original.charCodeAt(i))) i++;
    const fromJ = j;
    while (j < got.length && isSpace(got.charCodeAt(j))) j++;
    const runO = original.slice(fromI, i);
    const runG = got.slice(fromJ, j);
    if (runO !== runG) {
      // what this run lost: its whitespace other than line ends beyond what the other run kept
      const spacesO = runO.length - lineEnds(runO);
      const spacesG = runG.length - lineEnds(runG);
      if (spacesG > spacesO || countLF(runG) > countLF(runO)) gained = true;
      if (spacesO > spacesG) {
        lostSpaces += spacesO - spacesG;
        pendingLoss = true;
      }
      // a CR lost with its LF (a whole CRLF) is one lost line break; a CR lost alone is said apart
      const lostLF = Math.max(0, countLF(runO) - countLF(runG));
      const lostCR = lineEnds(runO) - countLF(runO) - (lineEnds(runG) - countLF(runG));
      if (lostCR > lostLF) lostCRs += lostCR - lostLF;
      else if (lostCR < 0) gained = true;
    }
    // a line of the original ends inside this run: settle it
    const breakAt = runO.indexOf('\n');
    if (breakAt !== -1) {
      if (lineChanged) changedLines++;
      lineChanged = false;
      lineHasText = false;
      pendingLoss = false;
    }
    const endO = i >= original.length;
    const endG = j >= got.length;
    if (endO || endG) {
      if (lineChanged) changedLines++;
      if (!(endO && endG)) return null;
      return { changedLines, lostSpaces, lostCRs, differs: gained };
    }
    if (original.charCodeAt(i) !== got.charCodeAt(j)) return null;
    // a loss between two characters of one line is a change of that line
    if (pendingLoss && lineHasText) lineChanged = true;
    pendingLoss = false;
    lineHasText = true;
    i++;
    j++;
  }
}

/** The program's counts of missing lines, read from its verdict (its words are fixed: they are its output). */
function programCounts(original: string, got: string): { missing: number } {
  const verdict = compare(original, got);
  const missing = /^(\d+) of \d+ lines missing/.exec(verdict);
  return { missing: missing ? Number(missing[1]) : 0 };
}

export function lossReport(original: string, got: string): LossReport {
  const lines = linesOfText(original);
  const lostBreaks = Math.max(0, countLF(original) - countLF(got));
  const base = {
    exact: false,
    lines,
    missingLines: 0,
    changedLines: 0,
    lostSpaces: 0,
    lostBreaks,
    lostCRs: 0,
    differs: false,
  };
  if (original === got) return { ...base, exact: true, lostBreaks: 0 };
  const spaces = whitespaceOnly(original, got);
  if (spaces)
    return {
      ...base,
      ...spaces,
      differs: spaces.differs || (lostBreaks === 0 && spaces.lostSpaces === 0 && spaces.lostCRs === 0),
    };
  const { missing } = programCounts(original, got);
  return { ...base, missingLines: missing, differs: missing === 0 && lostBreaks === 0 };
}

/** The parts of a report in the order a verdict says them, as UI-string keys and their counts. */
export function verdictParts(report: LossReport): { key: string; vars: { count: number; total?: number } }[] {
  if (report.exact) return [{ key: 'verdict.exact', vars: { count: 0 } }];
  const parts: { key: string; vars: { count: number; total?: number } }[] = [];
  if (report.missingLines > 0)
    parts.push({ key: 'verdict.missingLines', vars: { count: report.missingLines, total: report.lines } });
  if (report.changedLines > 0)
    parts.push({ key: 'verdict.changedLines', vars: { count: report.changedLines, total: report.lines } });
  if (report.lostSpaces > 0) parts.push({ key: 'verdict.lostSpaces', vars: { count: report.lostSpaces } });
  if (report.lostBreaks > 0) parts.push({ key: 'verdict.lostBreaks', vars: { count: report.lostBreaks } });
  if (report.lostCRs > 0) parts.push({ key: 'verdict.lostCRs', vars: { count: report.lostCRs } });
  if (parts.length === 0 || report.differs) parts.push({ key: 'verdict.differs', vars: { count: 0 } });
  return parts;
}

/** A report as one phrase of the reader's language: "1 line of 1 changed, 3 spaces lost and 1 line break lost". */
export function describeLoss(
  report: LossReport,
  tr: (key: string, vars: { count: number; total?: number }) => string,
  lang: string,
): string {
  const parts = verdictParts(report).map((part) => tr(part.key, part.vars));
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(parts);
}
