// The model replica behind a real HTTP server on loopback (node:http), for Node only: the page uses
// `startModelReplica(...).fetch` instead, so this file stays out of index.ts and out of the bundle.
// When the client goes away (the socket closes before the answer is complete), the request's
// signal aborts and the replica stops generating: nothing more is written.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { startModelReplica, type ModelReplica, type ModelReplicaOptions } from './model-replica.ts';

export interface RunningModelServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  replica: ModelReplica;
  server: Server;
  close(): Promise<void>;
}

async function serve(replica: ModelReplica, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const gone = new AbortController();
  // 'close' on the response before it finished: the client closed the connection.
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>),
    duplex: 'half',
    signal: gone.signal,
  } as RequestInit);
  const response = await replica.handle(request);
  if (gone.signal.aborted) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.flushHeaders(); // the status and headers leave now; a streamed body follows token by token
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  gone.signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone.signal.aborted) break;
      res.write(value);
    }
  } finally {
    gone.signal.removeEventListener('abort', cancel);
  }
  if (!gone.signal.aborted) res.end();
}

/** Starts the replica on 127.0.0.1 (port 0: any free port) and resolves once it listens. */
export function startModelServer(options: ModelReplicaOptions & { port?: number } = {}): Promise<RunningModelServer> {
  const replica = startModelReplica(options);
  return new Promise((resolve, reject) => {
    let origin = 'http://127.0.0.1';
    const server = createServer((req, res) => {
      serve(replica, req, res, origin).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'The replica failed.', type: 'server_error', param: null, code: null } }));
        } else {
          res.destroy(error instanceof Error ? error : undefined);
        }
      });
    });
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        reject(new Error('the server has no TCP address'));
        return;
      }
      origin = `http://127.0.0.1:${address.port}`;
      resolve({
        url: origin,
        replica,
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
