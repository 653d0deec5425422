// The replica behind a real HTTP server on loopback (node:http): the lesson's program talks to it over TCP.

import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createChatbotHost, type ChatHandler, type ModelClient } from './chatbot-host.ts';
import { CHAT_PATH, refuseRequest } from './requests.ts';

/** Where the replica looks for its model server unless told otherwise: port 9 (discard), closed here. */
export const DEFAULT_MODEL_URL = 'http://127.0.0.1:9';

/** A model client that really calls the model server over HTTP; with nothing listening, the call is refused. */
function httpModelClient(modelUrl: string): ModelClient {
  return {
    async complete(message) {
      const response = await fetch(new URL('/api/chat', modelUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: message }], stream: false }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`model server answered HTTP ${response.status}`);
      return await response.text();
    },
  };
}

/** The web Request for a node:http request, its body streamed as it arrives; `signal` aborts it. */
export function toWebRequest(req: IncomingMessage, origin: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
    signal,
  } as RequestInit);
}

/**
 * A web Response written to a node:http response: headers at once, the body piped (and cancelled if the client goes).
 */
export async function sendWebResponse(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.flushHeaders(); // the status line and headers leave now, before the body is known
  if (response.body === null) res.end();
  else await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
}

/**
 * Methods a fetch Request cannot carry (https://fetch.spec.whatwg.org/#forbidden-method): refused before one is built.
 */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

async function serve(handle: ChatHandler, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) {
    req.resume(); // nothing of the body is read
    const path = new URL(req.url ?? '/', origin).pathname;
    await sendWebResponse(refuseRequest(path, method, req.headers['content-type'] ?? null)!, res);
    return;
  }
  await sendWebResponse(await handle(toWebRequest(req, origin)), res);
}

/** CONNECT reaches node:http as a `connect` event, not a request: the same 405, then the socket closes. */
function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const response = refuseRequest(CHAT_PATH, 'CONNECT', null)!; // no path to look up: the method is refused anywhere
  void response.text().then((body) => {
    const head = [
      `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}`,
      ...[...response.headers].map(([k, v]) => `${k}: ${v}`),
    ];
    socket.end(
      `${head.join('\r\n')}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}

export interface RunningHttpHost {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (port 0: any free port) and resolves once it does. `serve` answers each
 * request, given the server's origin; when it fails before the headers left, the answer is a 500
 * with `failure` as its body, and after them the connection is dropped.
 */
export function listenOnLoopback(
  serveOne: (req: IncomingMessage, res: ServerResponse, origin: string) => Promise<void>,
  port: number,
  failure: { contentType: string; body: string },
): Promise<RunningHttpHost> {
  return new Promise((resolve, reject) => {
    let origin = 'http://127.0.0.1';
    const server = createServer((req, res) => {
      serveOne(req, res, origin).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': failure.contentType });
          res.end(failure.body);
        } else {
          res.destroy(error instanceof Error ? error : undefined);
        }
      });
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('the server has no TCP address'));
        return;
      }
      origin = `http://127.0.0.1:${address.port}`;
      resolve({
        url: origin,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Starts the replica on 127.0.0.1 (port 0: any free port) and resolves once it listens. */
export function startHttpHost(options: { port?: number; modelUrl?: string } = {}): Promise<RunningHttpHost> {
  const handle = createChatbotHost({ modelClient: httpModelClient(options.modelUrl ?? DEFAULT_MODEL_URL) });
  const running = listenOnLoopback((req, res, origin) => serve(handle, req, res, origin), options.port ?? 0, {
    contentType: 'application/problem+json',
    body: JSON.stringify({ title: 'An error occurred while processing your request.', status: 500 }),
  });
  return running.then((host) => {
    host.server.on('connect', refuseConnect);
    return host;
  });
}
