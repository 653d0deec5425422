// The stream inspector (06e) on a HAR file that Chromium itself wrote. A tiny HTTP server of the
// test's own serves a page and three event streams: one written as it goes (ten events, a pause after
// each), one held back and then written at once (the same events after a long pause: the stream that
// doesn't stream, content/docs/ga-ai/06b-beyond-the-wire.mdx), and one the page stops reading after
// two events. A browser context with Playwright's recordHar (https://playwright.dev/docs/api/class-
// browser#browser-new-context-option-record-har) opens the page, which reads the three with fetch;
// closing the context writes the HAR file. Then the inspector, served under /learn/ as everywhere,
// opens that file: its three streams are listed, the one written as it goes is read as Chat
// Completions with its transport and timings and no finding, the held-back one has the one late
// burst and only that, and the one stopped early is said to hold no body.
//
// What Chromium records, as this test found it (Playwright 1.65, Debian's Chromium): the body of an
// event stream whose response ended, read by fetch or by EventSource alike, in `content.text`; no
// body at all (no `text`, `size` -1, `receive` -1) for a stream the page closed before its end, so the
// inspector lists that entry with 0 bytes and says in words that the file holds no body for it. Its
// `timings` have no `blocked`, and -1 for the DNS lookup and the connection when it was reused.
// Node's http server sends the head with the first write, so the held-back stream's head comes late
// too, as it does behind a proxy that holds the whole response: that late head is what a HAR entry's
// `wait` can show (inspect-transport.ts says what it cannot).
//
// Then axe on the page with those results shown, at 390 px, in the light theme and in the dark one
// (switched with the picker of Starlight's phone menu), and the demo fits the screen.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import { EN, axeViolations, expect, inspectUrl, outsideTheScreen, t, test, useTheme } from './fixtures.ts';

/** A Chat Completions answer in ten events: eight pieces of text, the finish reason, then [DONE]. */
const chunk = (choice: object) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;
const EVENTS = [
  ...['Cmaj7', ' is', ' C', ' E', ' G', ' B', '.', ' Try it.'].map((content) => chunk({ delta: { content } })),
  chunk({ delta: {}, finish_reason: 'stop' }),
  'data: [DONE]\n\n',
];
const ANSWER = 'Cmaj7 is C E G B. Try it.';
const BYTES = Buffer.byteLength(EVENTS.join('')).toLocaleString('en');
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

/** The page the recorded context opens: it reads each stream with fetch, then says it is done. */
const PAGE = `<!doctype html><html lang="en"><title>Streams</title><link rel="icon" href="data:,">
<p id="state">reading</p>
<script>
  async function readAll(path) {
    const reader = (await fetch(path)).body.getReader();
    while (!(await reader.read()).done);
  }
  async function readTwo(path) {
    const reader = (await fetch(path)).body.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
  }
  (async () => {
    await readAll('/streamed');
    await readAll('/buffered');
    await readTwo('/stopped');
    document.getElementById('state').textContent = 'done';
  })();
</script>`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pauses are far from the inspector's thresholds (inspect-transport.ts: a wait of 1 s, a tenth of
 * the time), so that a busy machine cannot move an entry across them: the streamed body spreads over
 * 2.5 s after a head sent at once, the held-back one comes 3 s after the request, in one write.
 */
async function serveStreams(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response: ServerResponse) => {
    const send = async () => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      } else if (request.url === '/streamed') {
        response.writeHead(200, { ...SSE_HEADERS, 'x-accel-buffering': 'no' });
        response.flushHeaders();
        for (const event of EVENTS) {
          response.write(event);
          await pause(250);
        }
        response.end();
      } else if (request.url === '/buffered') {
        await pause(3000);
        response.writeHead(200, SSE_HEADERS).end(EVENTS.join(''));
      } else if (request.url === '/stopped') {
        response.writeHead(200, SSE_HEADERS);
        for (const event of EVENTS) {
          if (response.destroyed) return;
          response.write(event);
          await pause(200);
        }
        response.end();
      } else response.writeHead(404).end();
    };
    void send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The reading has ended (the status line says how). */
async function settled(inspector: Locator): Promise<void> {
  await expect(inspector).not.toHaveAttribute('data-state', 'busy', { timeout: 60_000 });
  await expect(inspector.locator('[data-part=status]')).not.toHaveText(/^$/);
}

/** The value the transport part shows beside a name. */
const shown = (list: Locator, name: string) =>
  list
    .locator('div')
    .filter({ has: list.page().locator('dt').getByText(name, { exact: true }) })
    .locator('dd');

test('stream inspector (en): a HAR file Chromium wrote, its transport and timings, one late burst; axe', async ({
  browser,
  page,
}) => {
  test.slow(); // a recording with pauses of its own, then a page read three times on a busy machine
  const harPath = test.info().outputPath('streams.har');
  const { server, origin } = await serveStreams();

  await test.step('Chromium records a page that reads three streams with fetch', async () => {
    const context = await browser.newContext({ recordHar: { path: harPath, content: 'embed' } });
    const recorded = await context.newPage();
    await recorded.goto(`${origin}/`);
    await expect(recorded.locator('#state')).toHaveText('done', { timeout: 60_000 });
    await context.close(); // writes the HAR file
    await new Promise((resolve) => server.close(resolve));
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'light');
  await page.goto(inspectUrl(EN));
  const inspector = page.locator('ga-stream-inspector');
  const status = inspector.locator('[data-part=status]');
  const transport = inspector.locator('[data-part=transport]');
  const timings = inspector.locator('[data-part=timings]');
  const findings = () =>
    inspector
      .locator('[data-part=findings] > li')
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.finding));

  await test.step('the HAR file opened: its three streams listed, the page itself left out', async () => {
    await inspector.scrollIntoViewIfNeeded();
    await inspector.locator('[data-part=body]').click(); // its code loads on first use
    await expect(inspector).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    await inspector.locator('[data-part=file]').setInputFiles(harPath);
    await settled(inspector);
    await expect(status).toHaveText('This is a HAR file: pick the stream to inspect.');
    const options = inspector.locator('[data-part=har-entry] option');
    await expect(options).toHaveCount(4);
    await expect(options.nth(1)).toHaveText(`GET ${origin}/streamed · 200 · ${BYTES} bytes`);
    await expect(options.nth(2)).toHaveText(`GET ${origin}/buffered · 200 · ${BYTES} bytes`);
    await expect(options.nth(3)).toHaveText(`GET ${origin}/stopped · 200 · 0 bytes`);
    await expect(inspector.locator('[data-part=har-note]')).toHaveText(
      /^Entries that look like event streams: 3 of \d+\.$/,
    );
  });

  const pick = async (path: string) => {
    const option = inspector.locator('[data-part=har-entry] option', { hasText: `${origin}${path} ` });
    await inspector.locator('[data-part=har-entry]').selectOption((await option.getAttribute('value'))!);
    await settled(inspector);
  };

  await test.step('the stream written as it goes: Chat Completions, complete, its transport, no finding', async () => {
    await pick('/streamed');
    await expect(status).toHaveText('OpenAI Chat Completions: Complete. Findings: 0.');
    await expect(inspector.locator('[data-part=format-name]')).toHaveText('OpenAI Chat Completions');
    await expect(inspector.locator('[data-part=answer]')).toHaveText(ANSWER);
    await expect(inspector.locator('[data-part=transport-box]')).toBeVisible();
    await expect(inspector.locator('[data-part=transport-from]')).toHaveText(t(EN, 'course.inspect.transportFrom.har'));
    await expect(shown(transport, 'Status')).toHaveText('HTTP/1.1 200 OK');
    await expect(shown(transport, 'content-type')).toHaveText('text/event-stream');
    await expect(shown(transport, 'x-accel-buffering')).toHaveText('no');
    await expect(shown(transport, 'content-encoding')).toHaveText('absent');
    await expect(timings.locator('dt')).toHaveText([
      'Waiting for a connection blocked',
      'DNS lookup dns',
      'Connecting, TLS included connect',
      'Sending the request send',
      'Waiting for the response to begin wait',
      'Receiving the body receive',
      'In all time',
    ]);
    await expect(timings.locator('dd').first()).toHaveText('not recorded'); // Chromium's HAR has no `blocked`
    for (const at of [4, 5, 6]) await expect(timings.locator('dd').nth(at)).toHaveText(/^[\d,.]+ ms$/);
    await expect(inspector.locator('[data-part=timings-note]')).toContainText('A HAR file records when the response');
    await expect(inspector.locator('[data-part=findings-none]')).toBeVisible();
  });

  await test.step('the stream the page stopped early: the file holds no body for it, said in words', async () => {
    await pick('/stopped');
    await expect(status).toHaveText(t(EN, 'course.inspect.problem.entryEmpty'));
    await expect(inspector.locator('[data-part=results]')).toBeHidden();
  });

  await test.step('the held-back stream: the same answer, one late burst, and nothing else', async () => {
    await pick('/buffered');
    await expect(status).toHaveText('OpenAI Chat Completions: Complete. Findings: 1.');
    await expect(inspector.locator('[data-part=answer]')).toHaveText(ANSWER);
    expect(await findings()).toEqual(['burst']);
    const burst = inspector.locator('[data-finding=burst]');
    await expect(burst.locator('.si-finding-title')).toHaveText('The body came in one late burst');
    await expect(burst).toContainText(/The response began after [\d,]+ ms, then its 10 events came within [\d,.]+ ms/);
    await expect(burst).toContainText('From the HAR entry’s timings');
    await expect(burst.locator('a')).toHaveText(/^The stream that doesn.t stream$/);
    await expect(burst.locator('a')).toHaveAttribute(
      'href',
      /\/learn\/ga-ai\/06b-beyond-the-wire\/#the-stream-that-doesnt-stream$/,
    );
    const report = await inspector.locator('[data-part=report]').inputValue();
    expect(report).toContain('- Status: `HTTP/1.1 200 OK`');
    expect(report).toMatch(/ {2}- Timings \(HAR\): `blocked` not recorded, .*`wait` [\d,]+ ms, `receive` [\d,.]+ ms/);
    expect(report).toContain('1. **The body came in one late burst** (From the HAR entry’s timings).');
  });

  await test.step('axe with the results shown, light then dark, at 390 px; the demo fits the screen', async () => {
    for (const summary of await inspector.locator('summary').all()) await summary.click();
    expect(await outsideTheScreen(page)).toEqual([]);
    expect(await axeViolations(page), 'light, 390 px').toEqual([]);
    const html = page.locator('html');
    const menu = page.locator('button[popovertarget="starlight__sidebar"]');
    await menu.click();
    await page.locator('.mobile-preferences starlight-theme-select select').selectOption('dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('Escape'); // the menu closed again
    await expect(page.locator('.mobile-preferences')).toBeHidden();
    await expect(inspector.locator('[data-finding=burst]')).toBeVisible();
    expect(await axeViolations(page), 'dark, 390 px').toEqual([]);
  });
});
