// The stream inspector (06e) in a browser. In English: a recording pasted, read as the course reads
// it (format and evidence, ending, answer, no findings); the cut copy's findings with their lines and
// lessons; a format chosen by hand; the report copied without the stream, then with it; a HAR file
// opened and one of its streams picked; an error response shown as one (test/fixtures/inspect-captures/)
// and a gzip capture inflated; bad input said in words; Cancel while a reading runs. The largest input
// (20 MB, made by the test): a click handled while the worker reads it, Cancel ending that worker, and
// the next file read; read whole, its answer shown in part and copied whole, Copy saying so once a
// later reading has stopped the worker that kept it, and the whole answer saved as a file where the
// browser refuses to copy. Then one pass in Spanish and one in French, at
// phone width: the strings are the locale's (a HAR entry's transport and its one late burst among
// them), no English UI phrase shows, the demo fits a 360 px screen, and every link of the page is alive
// under /learn/. A HAR file that Chromium writes itself, with its transport, timings and axe:
// inspect-har.spec.ts.
// Elsewhere: axe and the first-load budget (a11y.spec.ts, PAGE_WIDGETS), the links' #fragments in
// both builds (test/dist/links.test.ts), the reading itself on every course stream
// (test/unit/lessons-code/inspect/).
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import {
  ANTHROPIC_MESSAGES_STREAM,
  MAX_INPUT_BYTES,
  PROVIDER_ANSWER,
  PROVIDER_REASONING,
  TRUNCATED_RECORDINGS,
  runInspect,
} from '../../lessons-code/index.ts';
import { SHOWN_CHARS } from '../../lessons-code/inspect/report.ts';
import {
  EN,
  OTHER_LOCALES,
  axeViolations,
  PHONE_WIDTH,
  englishShown,
  expect,
  followLinks,
  inspectUrl,
  notFromLocale,
  outsideTheScreen,
  t,
  test,
  type Locale,
} from './fixtures.ts';

/** A real capture (test/fixtures/inspect-captures/, how it was made: expected.json there). */
const capture = (name: string) => readFileSync(new URL(`../fixtures/inspect-captures/${name}`, import.meta.url));

const CUT = new TextDecoder().decode(TRUNCATED_RECORDINGS.find((copy) => copy.from.id === 'anthropic')!.bytes);

async function open(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(inspectUrl(locale));
  const inspector = page.locator('ga-stream-inspector');
  await inspector.scrollIntoViewIfNeeded();
  await expect(inspector).toHaveAttribute('data-lazy', 'interaction');
  // its code loads on first use, never with the page
  await expect(inspector).not.toHaveAttribute('data-ready', '');
  return inspector;
}

/** Pastes a body as a learner would (the box shows a CR as ␍), and waits for the reading to end. */
async function paste(inspector: Locator, text: string): Promise<void> {
  const box = inspector.locator('[data-part=body]');
  await box.click();
  await expect(inspector).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  await box.evaluate(
    (element, value) => {
      const area = element as HTMLTextAreaElement;
      area.value = value;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    },
    text.replaceAll('\r', '␍'),
  );
  await settled(inspector);
}

/** The reading has ended (the status line says how). */
async function settled(inspector: Locator): Promise<void> {
  await expect(inspector).not.toHaveAttribute('data-state', 'busy', { timeout: 60_000 });
  await expect(inspector.locator('[data-part=status]')).not.toHaveText(/^$/);
}

const findings = (inspector: Locator) =>
  inspector
    .locator('[data-part=findings] > li')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.finding));

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/**
 * A HAR file with a page, a JSON answer and two streams, as a browser's network panel saves it (each
 * response with its content type, the streams with Cache-Control: no-cache, as their servers send them).
 */
function harFile(): string {
  const entry = (url: string, mimeType: string, text: string) => ({
    request: { method: url.endsWith('/') ? 'GET' : 'POST', url, headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'content-type', value: mimeType },
        ...(mimeType === 'text/event-stream' ? [{ name: 'cache-control', value: 'no-cache' }] : []),
      ],
      content: { mimeType, text },
    },
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        entry('https://chat.example/', 'text/html', '<!doctype html>'),
        entry('https://chat.example/api/chatbot/chat/stream', 'text/event-stream', 'data: Hello.\n\n'),
        entry('https://api.anthropic.com/v1/messages', 'text/event-stream', ANTHROPIC_MESSAGES_STREAM),
        entry('https://chat.example/api/history', 'application/json', '{"turns":[]}'),
      ],
    },
  });
}

/**
 * A HAR file with one stream that came late and at once: 2.4 s before the response began, then the
 * whole body in 30 ms (as a proxy that holds a response until it ends would deliver it).
 */
function heldBackHar(): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      entries: [
        {
          request: { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: [] },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            headers: [
              { name: 'content-type', value: 'text/event-stream' },
              { name: 'cache-control', value: 'no-cache' },
            ],
            content: { mimeType: 'text/event-stream', text: ANTHROPIC_MESSAGES_STREAM },
          },
          timings: { blocked: 1.5, dns: -1, connect: -1, send: 0.2, wait: 2400, receive: 30 },
          time: 2431.7,
        },
      ],
    },
  });
}

test.describe('stream inspector (en)', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a recording pasted, its findings, a format chosen, the report, a HAR file, bad input, Cancel', async ({
    page,
  }) => {
    test.slow(); // one page, many readings, on a busy 2-core machine
    const inspector = await open(page, EN);
    const status = inspector.locator('[data-part=status]');

    await test.step('Anthropic’s recording: format, evidence, complete, answer, reasoning, no finding', async () => {
      await paste(inspector, ANTHROPIC_MESSAGES_STREAM);
      await expect(status).toHaveText('Anthropic Messages: Complete. Findings: 0.');
      await expect(inspector.locator('[data-part=format-name]')).toHaveText('Anthropic Messages');
      await expect(inspector.locator('[data-part=evidence] > li').first()).toHaveText('type: message_start (line 1)');
      await expect(inspector.locator('[data-part=ending]')).toHaveText('Complete — message_stop, end_turn (line 58)');
      await expect(inspector.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
      await expect(inspector.locator('[data-part=reasoning]')).toHaveText(PROVIDER_REASONING);
      await expect(inspector.locator('[data-part=usage] dt')).toHaveText(['input_tokens', 'output_tokens']);
      await expect(inspector.locator('[data-part=findings-none]')).toBeVisible();
      await expect(inspector.locator('[data-part=findings] > li')).toHaveCount(0);
    });

    await test.step('the answer copied', async () => {
      await inspector.locator('button[data-copy=answer]').click();
      await expect(inspector.locator('[data-part=copy-status]')).toHaveText('The answer is copied.');
      expect(await clipboard(page)).toBe(PROVIDER_ANSWER);
    });

    await test.step('the cut copy: cut, lines thrown away, a replaced byte; each with lines and lesson', async () => {
      await paste(inspector, CUT);
      await expect(status).toHaveText('Anthropic Messages: Cut. Findings: 3.');
      expect(await findings(inspector)).toEqual(['cut', 'discarded', 'replaced']);
      const cut = inspector.locator('[data-finding=cut]');
      await expect(cut.locator('.si-finding-title')).toHaveText('The body ends without the closing event');
      await expect(cut).toContainText('In this format a turn that succeeds ends with message_stop;');
      await expect(cut).toContainText('Lines: 44');
      const lesson = cut.locator('a');
      await expect(lesson).toHaveText('Cuts, and how a turn ends');
      await expect(lesson).toHaveAttribute('href', /\/learn\/ga-ai\/06c-model-stream\/#cuts-and-how-a-turn-ends$/);
      await expect(inspector.locator('[data-finding=discarded] a')).toHaveAttribute(
        'href',
        /#the-five-rules-of-server-sent-events$/,
      );
    });

    await test.step('a format chosen by hand is read that way; the one detected is still named', async () => {
      await inspector.locator('[data-part=format]').selectOption('openai-responses');
      await settled(inspector);
      await expect(inspector.locator('[data-part=format-name]')).toHaveText('OpenAI Responses');
      await expect(inspector.locator('[data-part=format-how]')).toHaveText(
        'chosen by you; detected: Anthropic Messages',
      );
      await inspector.locator('[data-part=format]').selectOption('');
      await settled(inspector);
      await expect(inspector.locator('[data-part=format-name]')).toHaveText('Anthropic Messages');
    });

    await test.step('the report copied: findings with their lines, the stream only once asked for', async () => {
      await inspector.locator('[data-part=copy-report]').click();
      await expect(inspector.locator('[data-part=report-status]')).toHaveText('The report is copied, in Markdown.');
      const report = await clipboard(page);
      expect(report).toContain('# Stream inspection');
      expect(report).toContain('1. **The body ends without the closing event** (Lines: 44).');
      expect(report).toContain('/ga-ai/06c-model-stream/#cuts-and-how-a-turn-ends)');
      expect(report).not.toContain('event: message_start');
      await inspector.locator('[data-part=with-stream]').check();
      await inspector.locator('[data-part=copy-report]').click();
      await expect.poll(() => clipboard(page)).toContain('## The stream\n\n```text\nevent: message_start\n');
    });

    await test.step('a HAR file: its two streams listed, one picked and read', async () => {
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'session.har',
        mimeType: 'application/json',
        buffer: Buffer.from(harFile()),
      });
      await settled(inspector);
      await expect(status).toHaveText('This is a HAR file: pick the stream to inspect.');
      await expect(inspector.locator('[data-part=file-name]')).toContainText('File: session.har');
      const entries = inspector.locator('[data-part=har-entry] option');
      await expect(entries).toHaveCount(3);
      await expect(entries.nth(2)).toHaveText(/^POST https:\/\/api\.anthropic\.com\/v1\/messages · 200 · 2,879 bytes$/);
      await expect(inspector.locator('[data-part=har-note]')).toHaveText(
        'Entries that look like event streams: 2 of 4.',
      );
      await inspector.locator('[data-part=har-entry]').selectOption('2');
      await settled(inspector);
      await expect(status).toHaveText('Anthropic Messages: Complete. Findings: 0.');
      await expect(inspector.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
    });

    await test.step('not a stream: an error response with its words; a gzip capture inflated and read', async () => {
      await paste(inspector, capture('anthropic-429.txt').toString('utf8'));
      await expect(status).toHaveText('The server answered HTTP/1.1 429 Too Many Requests: an error, not a stream.');
      const response = inspector.locator('[data-part=response]');
      await expect(response).toBeVisible();
      await expect(inspector.locator('[data-part=results]')).toBeHidden();
      await expect(response.locator('h4')).toHaveText('The server answered with an error, not a stream');
      await expect(response.locator('[data-part=response-facts] dt')).toHaveText([
        'Status',
        'content-type',
        'retry-after',
        'Error format',
        'Error type',
      ]);
      await expect(response.locator('[data-part=response-facts] dd').nth(2)).toHaveText('17');
      await expect(response.locator('[data-part=response-message]')).toHaveText(
        'This request would exceed the rate limit for your organization. Wait before trying again.',
      );
      expect(await axeViolations(page, 'ga-stream-inspector'), 'the response shown').toEqual([]);
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'chat-gzip.txt',
        mimeType: 'text/plain',
        buffer: capture('chat-gzip.txt'),
      });
      await settled(inspector);
      await expect(status).toHaveText('OpenAI Chat Completions: Complete. Findings: 1.');
      await expect(response).toBeHidden();
      await expect(inspector.locator('[data-part=answer]')).toHaveText('Try the A minor pentatonic.');
      await expect(inspector.locator('[data-part=stream-facts]')).toContainText('gzip, decompressed by the inspector');
    });

    await test.step('bad input, in words: not HAR, binary, nothing, a head alone, no stream, too large', async () => {
      await paste(inspector, '{"choices": []}');
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.notHar'));
      await expect(inspector.locator('[data-part=results]')).toBeHidden();
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'picture.png',
        mimeType: 'image/png',
        buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      });
      await settled(inspector);
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.binary'));
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'empty.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(''),
      });
      await settled(inspector);
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.empty'));
      await paste(inspector, 'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n');
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.headersOnly'));
      await paste(inspector, JSON.stringify({ log: { version: '1.2', entries: [] } }));
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.noStreamingEntry'));
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'huge.txt',
        mimeType: 'text/plain',
        buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 'a'),
      });
      await settled(inspector);
      await expect(status).toHaveText(t(EN, 'course.inspect.problem.tooLarge'));
    });

    await test.step('Cancel stops a reading that runs and says so; the progress bar shows how far it got', async () => {
      // A page of its own whose inspector gets a worker that reports half of its reading done and
      // never answers: its reading runs until it is cancelled, however fast the machine.
      const second = await page.context().newPage();
      await second.route('**/inspect-worker*.js', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          // A progress report as src/demo-kit/worker-calls.ts posts it, and never a reply.
          body: `self.onmessage = (e) =>
            self.postMessage({ id: e.data.id, type: 'progress', value: { loaded: 5, total: 10 } });`,
        }),
      );
      const stalled = await open(second, EN);
      await stalled.locator('[data-part=body]').click();
      await expect(stalled).toHaveAttribute('data-ready', '', { timeout: 30_000 });
      await stalled.locator('[data-part=body]').fill(ANTHROPIC_MESSAGES_STREAM);
      await stalled.locator('[data-part=run]').click();
      const cancel = stalled.locator('[data-part=cancel]');
      await expect(cancel).toBeVisible();
      await expect(stalled).toHaveAttribute('data-state', 'busy');
      const progress = stalled.locator('[data-part=progress]');
      await expect(progress).toBeVisible();
      await expect(progress).toHaveAccessibleName('Reading the file');
      expect(await progress.evaluate((bar: HTMLProgressElement) => bar.position)).toBe(0.5);
      await cancel.click();
      await expect(stalled.locator('[data-part=status]')).toHaveText('Cancelled: nothing was read.');
      await expect(cancel).toBeHidden();
      await expect(progress).toBeHidden();
      await expect(stalled.locator('[data-part=results]')).toBeHidden();
      await second.close();
    });
  });
});

/** A stream of GA's shape as large as the inspector reads (MAX_INPUT_BYTES): a routing event, short text events. */
function largestStream(): Buffer {
  const parts = ['data: {"type":"routing","agentId":"voicing","confidence":0.92}\n\n'];
  let size = parts[0]!.length;
  for (let i = 0; ; i++) {
    const event = `data: Am ${i}\n\n`;
    if (size + event.length > MAX_INPUT_BYTES) break;
    parts.push(event);
    size += event.length;
  }
  return Buffer.from(parts.join(''));
}

test.describe('stream inspector (en), the largest input', () => {
  test('Cancel stops the reading of 20 MB; the page answers meanwhile, and reads the next file', async ({ page }) => {
    test.slow(); // 20 MB handed to the page, on a busy 2-core machine
    const inspector = await open(page, EN);
    await paste(inspector, ANTHROPIC_MESSAGES_STREAM);
    const [status, cancel] = [inspector.locator('[data-part=status]'), inspector.locator('[data-part=cancel]')];
    await expect(status).toHaveText('Anthropic Messages: Complete. Findings: 0.');
    const readers = () => page.workers().filter((worker) => worker.url().includes('inspect-worker'));
    const [reader] = readers();
    expect(reader, 'the inspector’s worker').toBeDefined();

    // The earlier report's list of lines notes the inspector's state when the page handles its opening.
    const lines = inspector.locator('details.si-lines').first();
    await lines.evaluate((details) =>
      details.addEventListener(
        'toggle',
        () => (details.dataset.openedWhile = details.closest<HTMLElement>('ga-stream-inspector')!.dataset.state),
        { once: true },
      ),
    );

    const big = largestStream();
    expect(big.length).toBeLessThanOrEqual(MAX_INPUT_BYTES);
    expect(big.length).toBeGreaterThan(MAX_INPUT_BYTES - 100);
    await inspector
      .locator('[data-part=file]')
      .setInputFiles({ name: 'large.txt', mimeType: 'text/plain', buffer: big });
    await expect(inspector).toHaveAttribute('data-state', 'busy');
    await expect(cancel).toBeVisible();

    await test.step('a click elsewhere in the demo is handled while the worker reads', async () => {
      await lines.locator('summary').click();
      await expect(lines).toHaveAttribute('open', '');
      await expect(lines).toHaveAttribute('data-opened-while', 'busy');
      await expect(inspector).toHaveAttribute('data-state', 'busy');
    });

    await test.step('Cancel: the worker that reads is ended, and the demo says so with no report left', async () => {
      await cancel.click();
      await expect(inspector).toHaveAttribute('data-state', 'stopped');
      await expect(status).toHaveText(t(EN, 'course.inspect.stopped'));
      await expect(cancel).toBeHidden();
      await expect(inspector.locator('[data-part=progress]')).toBeHidden();
      await expect(inspector.locator('[data-part=results]')).toBeHidden();
      await expect.poll(() => readers().includes(reader!), 'the worker that read the file, still there').toBe(false);
    });

    await test.step('the file input reads the next file, in a new worker', async () => {
      await inspector.locator('[data-part=file]').setInputFiles({
        name: 'chat-gzip.txt',
        mimeType: 'text/plain',
        buffer: capture('chat-gzip.txt'),
      });
      await settled(inspector);
      await expect(status).toHaveText('OpenAI Chat Completions: Complete. Findings: 1.');
      await expect(inspector.locator('[data-part=file-name]')).toContainText('File: chat-gzip.txt');
      await expect(inspector.locator('[data-part=answer]')).toHaveText('Try the A minor pentatonic.');
      expect(readers()).toHaveLength(1);
    });
  });
});

test.describe('stream inspector (en), the largest input copied', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('Copy answer takes the whole answer of 20 MB; a stopped worker is said; refused, it is saved as a file', async ({
    page,
  }) => {
    test.slow(); // 20 MB read, then read twice more, on a busy 2-core machine
    const big = largestStream();
    const read = await runInspect({ op: 'inspect', source: { kind: 'bytes', bytes: new Uint8Array(big) } });
    if (read.kind !== 'report') throw new Error(`the largest stream gives no report: ${read.kind}`);
    const { answer } = read.report.turn;
    expect(answer.length).toBeGreaterThan(SHOWN_CHARS);
    const inspector = await open(page, EN);
    await inspector.locator('[data-part=body]').click();
    await expect(inspector).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    const file = inspector.locator('[data-part=file]');
    const copied = inspector.locator('[data-part=copy-status]');
    /** The clipboard's length and its last characters (the whole text would cross from the page for nothing). */
    const held = () =>
      page.evaluate(async () => {
        const text = await navigator.clipboard.readText();
        return { length: text.length, end: text.slice(-100) };
      });

    await test.step('the page shows the start of the answer; Copy answer takes all of it', async () => {
      await file.setInputFiles({ name: 'large.txt', mimeType: 'text/plain', buffer: big });
      await settled(inspector);
      await expect(inspector.locator('[data-part=status]')).toHaveText(/Findings/);
      expect(await inspector.locator('[data-part=answer]').evaluate((node) => node.textContent?.length)).toBe(
        SHOWN_CHARS,
      );
      await expect(inspector.locator('[data-part=answer-note]')).toHaveText(
        t(EN, 'course.inspect.shownPart', { count: SHOWN_CHARS }),
      );
      await inspector.locator('button[data-copy=answer]').click();
      await expect(copied).toHaveText('The answer is copied.');
      expect(await held()).toEqual({ length: answer.length, end: answer.slice(-100) });
    });

    await test.step('its worker ended by a later reading: Copy says why, and copies no part of it', async () => {
      // A second file, then a third before the second is read: the second's worker is stopped, and
      // with it the whole answer of the report still on screen.
      await file.setInputFiles({ name: 'second.txt', mimeType: 'text/plain', buffer: big });
      await expect(inspector).toHaveAttribute('data-state', 'busy');
      await page.evaluate(() => navigator.clipboard.writeText('before'));
      await file.setInputFiles({ name: 'third.txt', mimeType: 'text/plain', buffer: big });
      await inspector.locator('button[data-copy=answer]').click();
      await expect(copied).toHaveText(t(EN, 'course.inspect.textGone'));
      expect(await held()).toEqual({ length: 6, end: 'before' });
    });

    await test.step('the third file read: its answer is copied whole', async () => {
      await settled(inspector);
      await expect(inspector.locator('[data-part=file-name]')).toContainText('File: third.txt');
      await inspector.locator('button[data-copy=answer]').click();
      await expect(copied).toHaveText('The answer is copied.');
      expect(await held()).toEqual({ length: answer.length, end: answer.slice(-100) });
    });

    await test.step('the browser refuses to copy: the whole answer is saved as a file instead', async () => {
      await page.evaluate(() => {
        const refuse = () => Promise.reject(new DOMException('refused by the test', 'NotAllowedError'));
        Object.assign(navigator.clipboard, { write: refuse, writeText: refuse });
      });
      await inspector.locator('button[data-copy=answer]').click();
      await expect(copied).toContainText(t(EN, 'course.inspect.copyFailedSave'));
      const link = copied.getByRole('link', { name: 'Save as answer.txt' });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe('answer.txt');
      const saved = readFileSync(await download.path(), 'utf8');
      expect({ length: saved.length, end: saved.slice(-100) }).toEqual({
        length: answer.length,
        end: answer.slice(-100),
      });
    });
  });
});

/** The status line after an Anthropic Messages stream was read: its ending and how many findings, in the locale. */
async function saysDone(inspector: Locator, locale: Locale, ending: 'cut' | 'complete', count: number) {
  await expect(inspector.locator('[data-part=status]')).toHaveText(
    t(locale, 'course.inspect.done', {
      format: 'Anthropic Messages',
      ending: t(locale, `course.inspect.ending.${ending}`),
      count,
    }),
  );
}

for (const locale of OTHER_LOCALES) {
  test(`stream inspector (${locale.code}): its strings, no English, at ${PHONE_WIDTH} px`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    const inspector = await open(page, locale);
    expect(await englishShown(inspector, locale), 'English UI phrases, first view').toEqual([]);
    await paste(inspector, CUT);
    await saysDone(inspector, locale, 'cut', 3);
    await expect(inspector.locator('[data-finding=cut] .si-finding-title')).toHaveText(
      t(locale, 'course.inspect.finding.cut.title'),
    );
    await expect(inspector.locator('[data-part=ending] strong')).toHaveText(t(locale, 'course.inspect.ending.cut'));
    for (const summary of await inspector.locator('summary').all()) await summary.click();
    // (a label that holds a select would give the select's options too)
    const ui = 'button, label:not(.si-choice), h4, summary, .si-sub, .si-finding-title, [data-part=status]';
    expect(await notFromLocale(inspector, ui, locale), `not from ${locale.code}.json`).toEqual([]);
    expect(await englishShown(inspector, locale), 'English UI phrases').toEqual([]);
    expect(await outsideTheScreen(page)).toEqual([]);

    // a HAR entry held back, then sent at once: the transport part, its timings and the one late burst
    await inspector.locator('[data-part=file]').setInputFiles({
      name: 'held-back.har',
      mimeType: 'application/json',
      buffer: Buffer.from(heldBackHar()),
    });
    await settled(inspector);
    await saysDone(inspector, locale, 'complete', 1);
    await expect(inspector.locator('[data-part=transport-box] h4')).toHaveText(
      t(locale, 'course.inspect.section.transport'),
    );
    await expect(inspector.locator('[data-part=timings] dd').nth(4)).toHaveText(
      t(locale, 'course.inspect.ms', { ms: 2400 }),
    );
    await expect(inspector.locator('[data-finding=burst] .si-finding-title')).toHaveText(
      t(locale, 'course.inspect.finding.burst.title'),
    );
    await expect(inspector.locator('[data-finding=burst]')).toContainText(
      t(locale, 'course.inspect.findingFrom.timings'),
    );
    const transportUi = '[data-part=transport-box] h4, [data-part=transport-from], [data-part=timings] dt';
    expect(await notFromLocale(inspector, transportUi, locale), `transport, not from ${locale.code}.json`).toEqual([]);
    expect(await englishShown(inspector, locale), 'English UI phrases, transport').toEqual([]);
    expect(await outsideTheScreen(page)).toEqual([]);

    await paste(inspector, '[1, 2]');
    await expect(inspector.locator('[data-part=status]')).toHaveText(t(locale, 'course.inspect.problem.notHar'));
    // A response that is not a stream, in the locale's words: Gemini's 429, its retryDelay among the facts
    await paste(inspector, capture('gemini-429.txt').toString('utf8'));
    await expect(inspector.locator('[data-part=response-title]')).toHaveText(
      t(locale, 'course.inspect.response.title.status'),
    );
    await expect(inspector.locator('[data-part=response-why]')).toHaveText(
      t(locale, 'course.inspect.response.why.status'),
    );
    await expect(inspector.locator('[data-part=response-facts] dt').last()).toHaveText('retryDelay');
    expect(await englishShown(inspector, locale), 'English UI phrases, a response').toEqual([]);
    // every link of the page, the lessons the page names in its own language among them: alive, #fragment present
    expect(await followLinks(page)).toBeGreaterThan(10);
  });
}
