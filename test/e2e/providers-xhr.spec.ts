// The growing-text transport with a real XMLHttpRequest (06c, "Two transports, one parser"): Chromium requests a
// recording
// from the local pacing server (lessons-code/providers/pacing-server.ts), which writes it a few
// bytes at a time with a pause between writes; the page reads responseText as it grows through
// lessons-code's xhrGrowingText and pipeGrowingText, into readProviderStream. The page runs
// lessons-code itself, as files: a small server here hands out lessons-code/**/*.ts with their
// types stripped (the code is erasable TypeScript), so the browser runs the very modules the unit
// tests run. Nothing here measures time: the pace only makes the text grow in several steps.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import {
  PROVIDER_RECORDINGS,
  readProviderPieces,
  truncateRecording,
  type ProviderStreamResult,
} from '../../lessons-code/index.ts';
import { startPacingServer, type RunningPacingServer } from '../../lessons-code/providers/pacing-server.ts';
import { expect, test } from './fixtures.ts';

const ROOT = new URL('../../lessons-code/', import.meta.url);

const BLANK_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8">' +
  '<title>XMLHttpRequest and the growing text</title><link rel="icon" href="data:,"></html>';

/** Answers one request: the blank page, or a module of lessons-code as JavaScript (never rejects). */
async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(BLANK_PAGE);
    return;
  }
  const file = /^\/lessons-code\/([\w/.-]+\.ts)$/.exec(path)?.[1];
  if (file === undefined || file.includes('..')) {
    res.writeHead(404).end();
    return;
  }
  try {
    const source = await readFile(new URL(file, ROOT), 'utf8');
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    res.end(stripTypeScriptTypes(source));
  } catch {
    res.writeHead(404).end();
  }
}

/** Serves a blank page and lessons-code's modules as JavaScript, on loopback. */
async function startModuleServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`, server };
}

let pacing: RunningPacingServer;
let modules: { url: string; server: Server };

test.beforeAll(async () => {
  pacing = await startPacingServer();
  modules = await startModuleServer();
});

test.afterAll(async () => {
  await pacing?.close();
  modules?.server.closeAllConnections();
  await new Promise((resolve) => modules?.server.close(resolve));
});

interface XhrRun {
  result: ProviderStreamResult;
  /** How many times the text grew (progress events that brought something new). */
  growths: number;
  /** The answer channel's aggregates, as notified. */
  aggregates: string[];
}

test(
  'a real XMLHttpRequest, read through the growing-text transport, gives each ' +
    'recording’s channels; truncated copies end cut',
  async ({ page, consoleErrors }) => {
    test.slow(); // five recordings and three truncated copies, paced
    await page.goto(modules.url + '/');
    const read = (query: string, provider: string) =>
      page.evaluate(
        async ({ url, provider, MODULE }): Promise<XhrRun> => {
          const lessons = await import(MODULE);
          const xhr = new XMLHttpRequest();
          xhr.open('GET', url);
          let growths = 0;
          let length = 0;
          xhr.addEventListener('progress', () => {
            if (xhr.responseText.length > length) growths++;
            length = xhr.responseText.length;
          });
          const body = lessons.pipeGrowingText(lessons.xhrGrowingText(xhr));
          const aggregates: string[] = [];
          const reading = lessons.readProviderStream(provider, body, {
            answer: (_delta: string, aggregate: string) => aggregates.push(aggregate),
          });
          xhr.send();
          return { result: await reading, growths, aggregates };
        },
        { url: `${pacing.url}/recordings/${query}`, provider, MODULE: '/lessons-code/index.ts' },
      );

    for (const recording of PROVIDER_RECORDINGS) {
      await test.step(recording.id, async () => {
        const run = await read(`${recording.id}?gap=15&size=97`, recording.provider);
        expect(run.result).toEqual(readProviderPieces(recording.provider, [recording.bytes]));
        // The text did grow in steps: the transport had to pass only the new part.
        expect(run.growths).toBeGreaterThan(1);
        // Every aggregate the answer channel notified is a prefix of the final answer: nothing repeated.
        for (const aggregate of run.aggregates) expect(run.result.answer.startsWith(aggregate)).toBe(true);
      });
    }

    for (const recording of PROVIDER_RECORDINGS.filter(
      (r) => r.id === 'openai' || r.id === 'anthropic' || r.id === 'gemini',
    )) {
      await test.step(`${recording.id}, cut`, async () => {
        const ended = await read(`${recording.id}?gap=5&size=97&truncated=1`, recording.provider);
        const expected = readProviderPieces(recording.provider, [truncateRecording(recording).bytes]);
        expect(ended.result).toEqual(expected);
        expect(ended.result).toMatchObject({ complete: false, ending: { kind: 'cut', error: '' } });
        // The connection reset instead of ending: XMLHttpRequest's error event, and the turn is cut too.
        const reset = await read(`${recording.id}?gap=5&size=97&truncated=reset`, recording.provider);
        expect(reset.result).toMatchObject({ complete: false, ending: { kind: 'cut', error: 'XMLHttpRequest error' } });
        // Chromium logs the broken body as a console error: expected here, and only this one.
        const broken = consoleErrors.filter((message) => message.includes('net::ERR_INCOMPLETE_CHUNKED_ENCODING'));
        expect(broken.length).toBeLessThanOrEqual(1);
        consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !broken.includes(message)));
        expect(expected.answer.startsWith(reset.result.answer)).toBe(true);
      });
    }
  },
);
