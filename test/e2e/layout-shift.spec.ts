// The lesson page stays steady while a learner scrolls through it: its cumulative layout shift
// (the browser's own Layout Instability measure, shifts after input left out as the standard does)
// stays at or under 0.05 at 390 px and at 1280 px. The demos render their skeletons on the server
// and keep room for what loads later. Layout shift is a distance, not a time: a busy machine does
// not change what moves.
//
// Counted here: every shift of the page, the exercises' workbenches included (their parts arrive a
// screen and a half ahead, their first view keeps the editor's room).

import { EN, expect, lessonUrl, modelStreamUrl, test } from './fixtures.ts';

const BUDGET = 0.05;

// The lesson, and the 06c page (its two demos and two workbenches), the same way.
for (const [name, url] of [['the lesson', lessonUrl], ['the model’s stream page', modelStreamUrl]] as const) for (const width of [390, 1280]) {
  test(`scrolling ${name} at ${width} px: cumulative layout shift ≤ ${BUDGET}`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
          if (entry.hadRecentInput) continue;
          // what moved, and in which part of the page (for the failure message)
          const sources = (entry.sources ?? []).map((s) => {
            const node = s.node;
            if (!(node instanceof Element)) return String(node?.nodeName);
            const part = node.closest('section.demo, figure, h2, p, li');
            const where = part?.querySelector('.demo-title')?.textContent ?? part?.textContent?.slice(0, 40) ?? '';
            return `${node.tagName.toLowerCase()}.${node.className} (${where.trim()}) ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`;
          });
          w.__shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url(EN));
    await page.waitForLoadState('load');
    // Down the page a screen at a time; at each stop, the demos in view have finished their first run.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLElement>('section.demo > [data-strings]')]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          })
          .every((el) => el.tagName === 'GA-PROGRAM-TERMINAL' || (el.hasAttribute('data-ready') && el.getAttribute('data-state') !== 'busy')),
      );
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    console.log(`${name}, layout shift at ${width} px: ${total.toFixed(4)}`);
    expect(total, JSON.stringify(shifts.filter((s) => s.value > 0.001))).toBeLessThanOrEqual(BUDGET);
  });
}
