// A wrong answer that every chosen case lets through is caught by a generated case, and the learner
// sees why: the smallest input found on which their code and the reference solution differ, how it
// was found (the count of inputs and the seed), what was expected and what their code gave, in the
// page's language. The engine side (which input, which diagnosis) is the unit tests'
// (test/unit/exercise-engine/exercise-generated.test.ts).

import { pasteCode } from './editor-helpers.ts';
import { expect, LOCALES, pageUrl, readyWidget, test } from './fixtures.ts';
import { uiStrings } from '../ui-strings.ts';

// fix-746's reference solution, but a `[DONE]` anywhere in an event's text ends the reading of that
// event: no chosen case holds `[DONE]` beside other data lines; a generated stream does.
const DONE_ANYWHERE = `export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\\n')) event += 'data: ' + line + '\\n';
  return event + '\\n';
}

export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\\n\\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const values = event
      .split('\\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (values.length === 0) continue;
    const payload = values.join('\\n');
    if (payload === '' || payload.includes('[DONE]')) continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
`;

for (const locale of LOCALES) {
  test(`${locale.code}: a wrong answer only generated inputs catch shows the smallest differing input`, async ({
    page,
  }) => {
    await page.goto(pageUrl('lesson', locale));
    const box = page.locator('#exercise-fix-746');
    await readyWidget(page, '#exercise-fix-746 ga-exercise');
    await pasteCode(page, box, DONE_ANYWHERE);
    await box.locator('[data-check]').click();
    await expect(box.locator('.exercise-report')).toBeVisible({ timeout: 30_000 });
    await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-solved', '');
    const statuses = await box
      .locator('.exercise-cases > li')
      .evaluateAll((items) => items.map((li) => [li.getAttribute('data-case'), li.getAttribute('data-status')]));
    expect(statuses.filter(([, status]) => status !== 'pass').map(([id]) => id)).toEqual(['reader-generated']);
    const item = box.locator('.exercise-cases > li[data-case="reader-generated"]');
    // How the input was found, in the page's language: the count of inputs and the seed.
    const found = uiStrings(locale.code)['course.exercise.generated.found']!;
    const [before] = found.split('{{tried}}');
    await expect(item.getByText(before!.trim(), { exact: false })).toBeVisible();
    // The smallest stream found: one event whose only data line is `[DONE]` beside one other line.
    await expect(item.locator('.exercise-input')).toContainText('readChatService(');
    await expect(item.locator('.exercise-input')).toContainText('[DONE]');
  });
}
