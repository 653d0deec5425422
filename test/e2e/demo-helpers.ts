// Shared by the demos' browser tests: what a demo should show, computed here with the same
// lessons-code calls and the same UI strings (en/es/fr) as the page, so a test compares with an
// independent rendering of the data, never with the page itself.

import { expect, type Locator, type Page } from '@playwright/test';
import { READERS, SPLITS, writerReaderTable } from '../../lessons-code/index.ts';
import { selectStrings, translate, type Vars } from '../../src/lib/format.ts';
import { describeLoss, lossReport } from '../../src/lib/loss-report.ts';
import { uiStrings } from '../ui-strings.ts';

/** A UI string as the demos' scripts resolve it (keys without `course.`), plurals and numbers per locale. */
export function strings(code: string): (key: string, vars?: Vars) => string {
  const table = selectStrings(uiStrings(code), ['course.']);
  return (key, vars) => translate(table, code, key, vars);
}

/** What the user lost, in words, as the demos say it. */
export function verdict(code: string, original: string, got: string, thrown = false): string {
  const tr = strings(code);
  return thrown ? tr('names.throws') : describeLoss(lossReport(original, got), tr, code);
}

/** The writer × reader table for an answer, as the demo's rows show it: writer, reader, two verdicts. */
export function pairsTable(answer: string, code = 'en'): string[][] {
  const tr = strings(code);
  return writerReaderTable(answer).map((row) => [
    row.writer.label,
    tr(`names.reader.${row.reader.id}`),
    ...row.cells.map((cell) => verdict(code, answer, cell.got, cell.thrown)),
  ]);
}

export const READER_IDS = READERS.map((reader) => reader.id);
export const SPLIT_IDS = SPLITS.map((split) => split.id);

/** The rows of a table's body, each cell's text (the cards' column names left out). */
export const tableRows = (table: Locator) =>
  table.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())));

/** Puts a text in a demo box as the learner's paste would arrive (CR shown as ␍); `input` lets the demo compute. */
export async function setBox(box: Locator, text: string, input = true): Promise<void> {
  await box.evaluate(
    (element, [value, input]) => {
      (element as HTMLTextAreaElement).value = value as string;
      if (input) element.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [text.replaceAll('\r', '␍'), input] as const,
  );
}

/** Pastes `text` into a box through a real paste event (the demo's own paste handling runs). */
export async function paste(box: Locator, text: string, replace = true): Promise<void> {
  await box.focus();
  await box.evaluate(
    (element, [value, replace]) => {
      const area = element as HTMLTextAreaElement;
      if (replace) area.select();
      const data = new DataTransfer();
      data.setData('text/plain', value as string);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      // a paste the page lets through is inserted as the browser would (the same text, in place)
      if (area.dispatchEvent(event)) {
        area.setRangeText((value as string).replace(/\r\n?/g, '\n'), area.selectionStart, area.selectionEnd, 'end');
        area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      }
    },
    [text, replace] as const,
  );
}

/**
 * The cumulative layout shift of a page scrolled from top to bottom, most of a screen at a time as a
 * reader scrolls, once every demo in `tags` is ready: what moved without the reader doing anything.
 */
export async function shiftWhileScrolled(page: Page, url: string, tags: readonly string[]): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: PerformanceObserver; __flush: () => number };
    w.__shift = 0;
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    };
    w.__shifts = new PerformanceObserver((list) => add(list.getEntries()));
    w.__shifts.observe({ type: 'layout-shift', buffered: true });
    w.__flush = () => (add(w.__shifts.takeRecords()), w.__shift);
  });
  await page.goto(url);
  const frame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  for (;;) {
    const { y, max } = await page.evaluate(() => ({ y: scrollY, max: document.documentElement.scrollHeight - innerHeight }));
    if (y >= max) break;
    await page.mouse.wheel(0, 600);
    await frame();
  }
  for (const tag of tags) await expect(page.locator(tag)).toHaveAttribute('data-ready', '');
  await frame();
  return page.evaluate(() => (window as unknown as { __flush: () => number }).__flush());
}
