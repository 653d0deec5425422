import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto('http://127.0.0.1:4334/ga-ai/06-answer-on-the-wire/');
  const box = page.locator('#exercise-error-ends-stream');
  const before = await box.evaluate((s) => { const pre = s.querySelector('.exercise-first-view'); const r = pre.getBoundingClientRect(); const cs = getComputedStyle(pre); return { h: r.height, pl: cs.paddingLeft, fs: cs.fontSize, lh: cs.lineHeight }; });
  await box.scrollIntoViewIfNeeded();
  await page.locator('#exercise-error-ends-stream ga-exercise[data-ready]').waitFor();
  const after = await box.evaluate((s) => { const ed = s.querySelector('.cm-editor'); const g = s.querySelector('.cm-gutters'); const c = s.querySelector('.cm-content'); const l = s.querySelector('.cm-line'); return { h: ed.getBoundingClientRect().height, gutter: g.getBoundingClientRect().width, contentPad: getComputedStyle(c).padding, linePad: getComputedStyle(l).padding, lh: getComputedStyle(s.querySelector('.cm-scroller')).lineHeight, fs: getComputedStyle(c).fontSize }; });
  console.log(width, before, after);
  await page.close();
}
await browser.close();
