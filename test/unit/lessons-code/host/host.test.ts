// The replica of GaChatbot.Api's two chat endpoints (GA at a826864,
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/Controllers/ChatbotController.cs;
// headers before any work: line 39), over real HTTP and in the page.

import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  IMPROVISATION_QUESTION,
  STREAM_PATH,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  readStandard,
  type FetchLike,
} from '../../../../lessons-code/index.ts';
import { startHttpHost, type RunningHttpHost } from '../../../../lessons-code/host/http-host.ts';

const FAILURE_BODY = 'data: {"error":"Failed to process message. Please try again."}\n\n';
const EMPTY_BODY = '{"error":"Message cannot be empty."}';

let host: RunningHttpHost;
let overHttp: FetchLike;

beforeAll(async () => {
  host = await startHttpHost({ port: 0 }); // model server: the default, http://127.0.0.1:9, closed
  overHttp = (path, init) => fetch(host.url + path, init);
});

afterAll(async () => {
  await host?.close();
});

const post = (fetchLike: FetchLike, path: string, body: string) =>
  fetchLike(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
const ask = (fetchLike: FetchLike, path: string, message: string) => post(fetchLike, path, JSON.stringify({ message }));

describe('the replica over HTTP', () => {
  it('listens on loopback', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  describe('the stream endpoint, for the voicing question', () => {
    let response: Response;
    let body: string;
    beforeAll(async () => {
      response = await ask(overHttp, STREAM_PATH, VOICING_QUESTION);
      body = await response.text();
    });

    it('answers 200 with the event-stream headers', () => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
    });

    it('sends a routing event, the text, then [DONE], in that order', () => {
      const events = readStandard(body);
      expect(events).toHaveLength(3); // the voicing answer has no sentence end: one text chunk
      const routing = JSON.parse(events[0]!) as Record<string, unknown>;
      expect(Object.keys(routing)).toEqual(['type', 'agentId', 'confidence', 'routingMethod', 'trace', 'grounding']);
      expect(routing.type).toBe('routing');
      expect(routing.agentId).toBe('voicing');
      expect(typeof routing.confidence).toBe('number');
      expect(routing.trace).toBeTypeOf('object');
      expect(events[1]).toBe(VOICING_ANSWER);
      expect(events[2]).toBe('[DONE]');
      expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    });

    it(
      'writes the routing event on one line, over 100 characters, its next comma after ' + '"voicing", beyond index 60',
      () => {
        const line = body.slice(0, body.indexOf('\n'));
        expect(line.startsWith('data: {"type":"routing","agentId":"voicing",')).toBe(true);
        expect(line.length).toBeGreaterThan(100);
        const after = line.indexOf('"agentId":"voicing",') + '"agentId":"voicing",'.length;
        expect(line.indexOf(',', after)).toBeGreaterThan(60);
        // So the program's dump cuts the line right after "voicing",
        expect(line.lastIndexOf(',', 60)).toBe(after - 1);
        expect(body.slice(line.length, line.length + 2)).toBe('\n\n');
      },
    );

    it('writes the text as GaChatbot.Api does: one data: line per line of the answer, then a blank line', () => {
      const afterRouting = body.slice(body.indexOf('\n\n') + 2);
      const expected =
        VOICING_ANSWER.split('\n')
          .map((line) => `data: ${line}\n`)
          .join('') +
        '\n' +
        'data: [DONE]\n\n';
      expect(afterRouting).toBe(expected);
    });

    it('gives a new trace on every request', async () => {
      const again = await (await ask(overHttp, STREAM_PATH, VOICING_QUESTION)).text();
      const traceOf = (stream: string) => (JSON.parse(readStandard(stream)[0]!) as { trace: unknown }).trace;
      expect(traceOf(again)).not.toEqual(traceOf(body));
    });
  });

  describe('/chat, for the voicing question', () => {
    it('answers 200 with JSON, its properties in the order of GA', async () => {
      const response = await ask(overHttp, CHAT_PATH, VOICING_QUESTION);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
      const chat = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(chat)).toEqual([
        'naturalLanguageAnswer',
        'agentId',
        'confidence',
        'routingMethod',
        'grounding',
        'elapsedMs',
        'traceId',
        'trace',
      ]);
      expect(chat.naturalLanguageAnswer).toBe(VOICING_ANSWER);
      expect(chat.agentId).toBe('voicing');
      expect(typeof chat.confidence).toBe('number');
      expect(typeof chat.elapsedMs).toBe('number');
      expect(typeof chat.traceId).toBe('string');
    });
  });

  describe('the arpeggio question, which needs the model server (closed)', () => {
    it('/chat answers 500 with a problem-details body', async () => {
      const response = await ask(overHttp, CHAT_PATH, IMPROVISATION_QUESTION);
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
      expect(((await response.json()) as { status?: unknown }).status).toBe(500);
    });

    it('the stream answers 200 with the error event alone: no routing, no [DONE]', async () => {
      const response = await ask(overHttp, STREAM_PATH, IMPROVISATION_QUESTION);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(await response.text()).toBe(FAILURE_BODY);
    });
  });

  describe('bad requests', () => {
    for (const path of [CHAT_PATH, STREAM_PATH]) {
      it.each([
        ['empty', ''],
        ['whitespace', ' \t\r\n '],
      ])(`${path}: a %s message is a 400`, async (_name, message) => {
        const response = await ask(overHttp, path, message);
        expect(response.status).toBe(400);
        expect(await response.text()).toBe(EMPTY_BODY);
      });

      it(`${path}: a body that is not JSON is a 400 problem`, async () => {
        const response = await post(overHttp, path, 'message=hello');
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
      });

      it(`${path}: a body over 64 KiB is a 400 problem; 64 KiB exactly is read`, async () => {
        const withLength = (bytes: number) => {
          const head = JSON.stringify({ message: VOICING_QUESTION }).slice(0, -2); // {"message":"Show me Cmaj7 voicings
          return head + ' '.repeat(bytes - head.length - 2) + '"}';
        };
        const tooBig = await post(overHttp, path, withLength(64 * 1024 + 1));
        expect(tooBig.status).toBe(400);
        expect(tooBig.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
        await tooBig.body?.cancel();
        const justRight = await post(overHttp, path, withLength(64 * 1024));
        expect(justRight.status).toBe(200);
        await justRight.body?.cancel();
      });

      it(`${path}: GET is a 405`, async () => {
        const response = await overHttp(path, { method: 'GET' });
        expect(response.status).toBe(405);
        await response.body?.cancel();
      });
    }

    it('every other method, CONNECT and TRACE included, is a 405 problem with Allow: POST', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND']) {
        const target = method === 'CONNECT' ? 'example.com:443' : STREAM_PATH;
        const response = await rawRequest(
          host.url,
          `${method} ${target} HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n`,
        );
        expect(response.status, method).toBe(405);
        expect(response.headers['allow'], method).toBe('POST');
        expect(response.headers['content-type'], method).toMatch(/^application\/problem\+json\b/);
        expect(JSON.parse(response.body), method).toEqual({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
          title: 'Method Not Allowed',
          status: 405,
        });
      }
    });

    it.each([
      ['text/plain', 415],
      ['application/x-www-form-urlencoded', 415],
      ['application/jsonp', 415],
      [null, 415],
      ['application/json; charset=utf-8', 200],
      ['text/json', 200],
      ['application/merge-patch+json', 200],
    ])('a body of type %s is answered %d', async (type, status) => {
      const headers: Record<string, string> = type === null ? {} : { 'Content-Type': type };
      // a Blob without a type sends no Content-Type
      const body = new Blob([JSON.stringify({ message: VOICING_QUESTION })]);
      const response = await overHttp(STREAM_PATH, { method: 'POST', headers, body });
      expect(response.status).toBe(status);
      if (status === 415)
        expect(await response.json()).toEqual({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
          title: 'Unsupported Media Type',
          status: 415,
        });
      else await response.body?.cancel();
    });

    it('an unknown path is a 404', async () => {
      const response = await ask(overHttp, '/api/chatbot/nothing', VOICING_QUESTION);
      expect(response.status).toBe(404);
      await response.body?.cancel();
    });
  });
});

/** Sends raw bytes of HTTP and parses the answer, for the methods fetch refuses to send (CONNECT, TRACE). */
function rawRequest(
  url: string,
  request: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked')
        body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('headers before work: a model server that answers only when the test lets it, then fails', () => {
  // The model server holds each request until the test opens its gate, so the order of events
  // (headers, the model's answer, the body) is decided by the test, never by the machine's speed.
  let model: Server;
  let slowHost: RunningHttpHost;
  let modelCalls = 0;
  /** Requests the model server holds, and a promise for the next one to arrive. */
  let held: (() => void)[] = [];
  let onRequest: () => void = () => undefined;
  const nextModelRequest = () => new Promise<void>((resolve) => (onRequest = resolve));
  /** Lets every held request fail with a 500, as GA's model server does when it is down. */
  const openGate = () => {
    for (const release of held.splice(0)) release();
  };

  beforeAll(async () => {
    model = createServer((req, res) => {
      modelCalls++;
      req.resume();
      held.push(() => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('no model here');
      });
      onRequest();
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    slowHost = await startHttpHost({ port: 0, modelUrl: `http://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    openGate();
    await slowHost?.close();
    model?.closeAllConnections();
    await new Promise<void>((resolve) => (model ? model.close(() => resolve()) : resolve()));
  });

  const post = (path: string) =>
    fetch(slowHost.url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: IMPROVISATION_QUESTION }),
    });

  it(
    'the stream sends status and headers while the model still works, and the body ' + 'only once it has failed',
    async () => {
      const calls = modelCalls;
      const asked = nextModelRequest();
      let gateOpen = false;
      const pending = post(STREAM_PATH).then((response) => ({ response, gateOpenAtHeaders: gateOpen }));
      await asked;
      // The gate stays shut until the headers have arrived. A host that waited for the model first
      // would send them only when its model call gives up (after 5 s), with the body: the checks
      // below then fail.
      const { response, gateOpenAtHeaders } = await pending;
      expect(gateOpenAtHeaders).toBe(false);
      expect(held).toHaveLength(1); // the model has the question and has not answered yet
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      // The body is still open: its first read is pending until the model fails.
      const reader = response.body!.getReader();
      let bodyArrived = false;
      const firstRead = reader.read().then((chunk) => {
        bodyArrived = true;
        return chunk;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(bodyArrived).toBe(false);
      openGate();
      const chunks: Uint8Array[] = [];
      for (let chunk = await firstRead; !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(FAILURE_BODY);
      expect(modelCalls).toBe(calls + 1); // the host really asked the model
    },
  );

  it('/chat, by contrast, sends nothing until the answer is known', async () => {
    const asked = nextModelRequest();
    let gateOpen = false;
    const pending = post(CHAT_PATH).then((response) => ({ response, gateOpenAtHeaders: gateOpen }));
    await asked;
    // The host has asked the model and waits; give its response every chance to leave early.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    gateOpen = true;
    openGate();
    const { response, gateOpenAtHeaders } = await pending;
    expect(gateOpenAtHeaders).toBe(true);
    expect(response.status).toBe(500);
    await response.body?.cancel();
  });
});

describe('the in-page host gives what the HTTP host gives', () => {
  const inPage = createInPageHost();

  /** Status, content type and body, with the trace's changing values (timings, ids) taken out. */
  async function outcome(response: Response) {
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    const stable = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(stable);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => [key, key === 'elapsedMs' || key === 'traceId' ? typeof v : stable(v)]),
      );
    };
    let body: unknown = text;
    if (type.startsWith('text/event-stream')) {
      body = readStandard(text).map((data) => (data.startsWith('{') ? stable(JSON.parse(data)) : data));
    } else if (text.startsWith('{')) {
      body = stable(JSON.parse(text));
    }
    return {
      status: response.status,
      type,
      cacheControl: response.headers.get('cache-control'),
      body,
      keys: text.startsWith('{') ? Object.keys(JSON.parse(text) as object) : [],
    };
  }

  const requests: [string, string, RequestInit][] = [
    ['stream, voicing', STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: VOICING_QUESTION }) }],
    ['chat, voicing', CHAT_PATH, { method: 'POST', body: JSON.stringify({ message: VOICING_QUESTION }) }],
    ['stream, arpeggio', STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: IMPROVISATION_QUESTION }) }],
    ['chat, arpeggio', CHAT_PATH, { method: 'POST', body: JSON.stringify({ message: IMPROVISATION_QUESTION }) }],
    ['chat, empty', CHAT_PATH, { method: 'POST', body: JSON.stringify({ message: '' }) }],
    ['stream, whitespace', STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: '   ' }) }],
    ['chat, not JSON', CHAT_PATH, { method: 'POST', body: 'hello' }],
    ['stream, too big', STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: 'x'.repeat(70_000) }) }],
    ['chat, GET', CHAT_PATH, { method: 'GET' }],
    ['unknown path', '/api/other', { method: 'POST', body: '{}' }],
  ];

  it.each(requests)('%s', async (_name, path, init) => {
    const withType = { ...init, headers: { 'Content-Type': 'application/json' } };
    const [http, page] = await Promise.all([
      overHttp(path, withType).then(outcome),
      inPage(path, withType).then(outcome),
    ]);
    expect(page).toEqual(http);
  });

  it('the in-page stream body is the same bytes, apart from the routing line', async () => {
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: VOICING_QUESTION }),
    };
    const [http, page] = await Promise.all([
      overHttp(STREAM_PATH, init).then((r) => r.text()),
      inPage(STREAM_PATH, init).then((r) => r.text()),
    ]);
    const tail = (s: string) => s.slice(s.indexOf('\n\n'));
    expect(tail(page)).toBe(tail(http));
  });
});
