import { chromium } from '@playwright/test';
const [url, out, sel, w] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--no-first-run'] });
const p = await b.newPage({ viewport: { width: Number(w||1280), height: 900 } });
p.on('console', m => console.log('console:', m.type(), m.text()));
p.on('pageerror', e => console.log('pageerror:', e.message));
await p.goto(url);
if (sel) { const l = p.locator(sel).first(); await l.scrollIntoViewIfNeeded(); await p.waitForTimeout(1500); await l.screenshot({ path: out }); }
else { await p.screenshot({ path: out, fullPage: false }); }
await b.close();
