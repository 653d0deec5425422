// The replica behind a real HTTP server on loopback (node:http): the lesson's program talks to it over TCP.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createChatbotHost, type ChatHandler, type ModelClient } from './chatbot-host.ts';

/** Where the replica looks for its model server unless told otherwise: port 9 (discard), closed here. */
export const DEFAULT_MODEL_URL = 'http://127.0.0.1:9';

/** A model client that really calls the model server over HTTP; with nothing listening, the call is refused. */
export function httpModelClient(modelUrl: string): ModelClient {
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

async function serve(handle: ChatHandler, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const request = toWebRequest(req, origin);
  const response = await handle(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.flushHeaders(); // the status line and headers leave now, before the body is known
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
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
        close: () => new Promise<void>((done) => {
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
  return listenOnLoopback((req, res, origin) => serve(handle, req, res, origin), options.port ?? 0, {
    contentType: 'application/problem+json',
    body: JSON.stringify({ title: 'An error occurred while processing your request.', status: 500 }),
  });
}
