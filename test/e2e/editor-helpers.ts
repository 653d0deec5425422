// Shared by the browser tests of the exercise editor (exercises.spec.ts, type-checker.spec.ts).

import { expect, type Locator, type Page } from '@playwright/test';
import { hashCode } from '../../src/workbench/exercise-store.ts';

type WithView = HTMLElement & { cmTile?: { root?: { view?: { state: { doc: { toString(): string } } } } } };

/** Replaces the editor's text the way a learner pasting would: select all, then insert. */
export async function pasteCode(page: Page, box: Locator, code: string): Promise<void> {
  await box.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

/**
 * The editor's whole text (CodeMirror draws only the lines in view: read its document, as
 * EditorView.findFromDOM does).
 */
export const editorText = (box: Locator) =>
  box.locator('.cm-content').evaluate((el) => (el as WithView).cmTile?.root?.view?.state.doc.toString() ?? null);

/**
 * Waits until the type checker's status is about `code`: its `data-checked` names that text's hash,
 * so its count and the underlines are for that very text (30 s: a bound on finishing).
 */
export async function typesCheckedFor(box: Locator, code: string): Promise<void> {
  await expect(box.locator('[data-types]')).toHaveAttribute('data-checked', hashCode(code), { timeout: 30_000 });
}
