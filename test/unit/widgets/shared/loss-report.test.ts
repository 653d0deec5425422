// The demos' verdicts: what a user lost, told apart (missing lines, changed lines, lost spaces,
// lost line breaks), in agreement with the program's own verdict where the program counts the same.
import { describe, expect, it } from 'vitest';
import {
  IMPROVISATION_ANSWER,
  compare,
  splitAfter743,
  splitPinned,
  writerReaderTable,
} from '../../../../lessons-code/index.ts';
import { CHUNKER_PRESETS } from '../../../../src/widgets/shared/chunker-model.ts';
import { describeLoss, lossReport, verdictParts } from '../../../../src/widgets/shared/loss-report.ts';
import { translate } from '../../../../src/demo-kit/format.ts';
import { selectStrings } from '../../../../src/demo-kit/format.ts';
import en from '../../../../content/i18n/en.json' with { type: 'json' };
import es from '../../../../content/i18n/es.json' with { type: 'json' };
import fr from '../../../../content/i18n/fr.json' with { type: 'json' };

const tables = { en, es, fr } as const;
const say = (lang: keyof typeof tables, original: string, got: string) => {
  const table = selectStrings(tables[lang], ['course.']);
  return describeLoss(lossReport(original, got), (key, vars) => translate(table, lang, key, vars), lang);
};

describe('lossReport', () => {
  it('the prose preset, pinned split: one line changed by three lost spaces, not a missing line', () => {
    const answer = CHUNKER_PRESETS.prose!;
    const got = splitPinned(answer).join('');
    expect(compare(answer, got)).toBe('1 of 1 lines missing, 1 line breaks missing'); // the program's one-line verdict
    expect(lossReport(answer, got)).toMatchObject({
      missingLines: 0,
      changedLines: 1,
      lostSpaces: 3,
      lostBreaks: 1,
      differs: false,
    });
    expect(say('en', answer, got)).toBe('1 line of 1 changed, 3 spaces lost, and 1 line break lost');
    expect(say('es', answer, got)).toBe('cambia 1 línea de 1, se pierden 3 espacios y se pierde 1 salto de línea');
    expect(say('fr', answer, got)).toBe('1 ligne modifiée sur 1, 3 espaces perdus et 1 saut de ligne perdu');
  });

  it('the improvisation answer: pinned loses 6 line breaks and nothing else; #743 is exact', () => {
    const pinned = splitPinned(IMPROVISATION_ANSWER).join('');
    expect(lossReport(IMPROVISATION_ANSWER, pinned)).toMatchObject({
      missingLines: 0,
      changedLines: 0,
      lostSpaces: 0,
      lostBreaks: 6,
    });
    expect(say('en', IMPROVISATION_ANSWER, pinned)).toBe('6 line breaks lost');
    expect(lossReport(IMPROVISATION_ANSWER, splitAfter743(IMPROVISATION_ANSWER).join('')).exact).toBe(true);
    expect(say('fr', IMPROVISATION_ANSWER, IMPROVISATION_ANSWER)).toBe('sans perte');
  });

  it('agrees with the program on every cell of the writer × reader table (missing lines, lost breaks)', () => {
    for (const row of writerReaderTable(IMPROVISATION_ANSWER)) {
      for (const cell of row.cells) {
        if (cell.thrown) continue;
        const report = lossReport(IMPROVISATION_ANSWER, cell.got);
        const missing = /(\d+) of \d+ lines missing/.exec(cell.verdict)?.[1] ?? '0';
        const breaks = /(\d+) line breaks missing/.exec(cell.verdict)?.[1] ?? '0';
        expect(report.missingLines, cell.verdict).toBe(Number(missing));
        expect(report.lostBreaks, cell.verdict).toBe(Number(breaks));
        expect(report.exact).toBe(cell.verdict === 'exact');
      }
    }
  });

  it('CRLF line ends: a lost CRLF is one lost line break, not a lost space', () => {
    const answer = CHUNKER_PRESETS.crlf!;
    expect(say('en', answer, splitPinned(answer).join(''))).toBe('6 line breaks lost');
  });

  it('a CRLF answer read back with LF alone: carriage returns lost, said so', () => {
    const answer = 'a\r\nb\r\n';
    expect(say('en', answer, 'a\nb\n')).toBe('2 carriage returns lost');
    expect(say('fr', answer, 'a\nb\n')).toBe('2 retours chariot perdus');
  });

  it('plural forms: one and other, in each language', () => {
    expect(say('en', 'a b\n', 'ab\n')).toBe('1 line of 1 changed and 1 space lost');
    expect(say('es', 'a\nb\nc\n', 'abc')).toBe('se pierden 3 saltos de línea');
    expect(say('fr', 'a\n', 'a')).toBe('1 saut de ligne perdu');
  });

  it('a text that gained or changed characters says so', () => {
    // as the program counts it
    expect(verdictParts(lossReport('abc', 'abd')).map((p) => p.key)).toEqual(['verdict.missingLines']);
    expect(verdictParts(lossReport('ab', 'abX')).map((p) => p.key)).toEqual(['verdict.differs']);
    expect(verdictParts(lossReport('a b', 'a  b')).map((p) => p.key)).toEqual(['verdict.differs']);
  });

  it('runs in linear time on a megabyte of distinct lines that lost only whitespace', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `Line ${i} says something. Then more.`);
    const original = lines.join('\n') + '\n';
    const got = original.replaceAll('. ', '.');
    const report = lossReport(original, got);
    expect(report).toMatchObject({ changedLines: 40_000, lostSpaces: 40_000, lostBreaks: 0, missingLines: 0 });
  });
});
