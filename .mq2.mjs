import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto('http://127.0.0.1:4334/ga-ai/06-answer-on-the-wire/');
  const before = await page.evaluate(() => [...document.querySelectorAll('section.exercise')].map((s) => { const pre = s.querySelector('.exercise-first-view'); return pre ? Math.round(pre.getBoundingClientRect().height * 10) / 10 : null; }));
  const out = [];
  for (const id of ['predict', 'fix-746', 'error-ends-stream', 'chunks-as-units']) {
    const box = page.locator(`#exercise-${id}`);
    await box.scrollIntoViewIfNeeded();
    await page.locator(`#exercise-${id} ga-exercise[data-ready]`).waitFor();
    out.push(await box.evaluate((s) => Math.round(s.querySelector('.cm-editor').getBoundingClientRect().height * 10) / 10));
  }
  console.log(width, JSON.stringify(before), JSON.stringify(out));
  await page.close();
}
await browser.close();
