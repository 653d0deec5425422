// A local test server that plays a recording at a pace, so that a real client (fetch in Node, a
// browser's XMLHttpRequest) receives it over HTTP as a provider would send it: one event per write,
// or writes of a fixed number of bytes, with a gap between writes. Node only (node:http); the page's
// browser test and the unit tests start it on loopback.
//
//   GET /recordings/<id>                  the complete recording (ids: PROVIDER_RECORDINGS)
//   GET /recordings/<id>?truncated=1      its truncated copy, then a normal end of the body
//   GET /recordings/<id>?truncated=reset  its truncated copy, then the connection is destroyed
//   &gap=<ms>   the pause between writes (default 0)      &size=<bytes>   writes of that many bytes
//                                                                          instead of one per event

import { createServer, type Server, type ServerResponse } from 'node:http';
import { splitReads } from './reads.ts';
import { PROVIDER_RECORDINGS, truncateRecording, type ProviderRecording } from './recordings.ts';

export interface RunningPacingServer {
  /** The server's origin, e.g. http://127.0.0.1:43210 */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** The writes of a body: one per event (each ending with its blank line), or `size` bytes each. */
export function pacedWrites(recording: ProviderRecording, bytes: Uint8Array, size: number | null): Uint8Array[] {
  return splitReads(recording.provider, bytes, size ?? 'event');
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function play(res: ServerResponse, writes: Uint8Array[], gap: number, reset: boolean): Promise<void> {
  for (const [i, write] of writes.entries()) {
    if (res.destroyed) return; // the client went away
    if (i > 0 && gap > 0) await wait(gap);
    res.write(write);
  }
  if (reset) res.destroy();
  else res.end();
}

/** Starts the server on 127.0.0.1 (port 0: any free port). */
export function startPacingServer(port = 0): Promise<RunningPacingServer> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const id = /^\/recordings\/([a-z-]+)$/.exec(url.pathname)?.[1];
    const recording = PROVIDER_RECORDINGS.find((candidate) => candidate.id === id);
    if (req.method !== 'GET' || recording === undefined) {
      res.writeHead(404, { ...cors, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`No recording here. Try one of: ${PROVIDER_RECORDINGS.map((r) => `/recordings/${r.id}`).join(', ')}\n`);
      return;
    }
    const truncated = url.searchParams.get('truncated');
    const bytes = truncated === null ? recording.bytes : truncateRecording(recording).bytes;
    const size = Number(url.searchParams.get('size')) || null;
    const gap = Math.max(0, Number(url.searchParams.get('gap')) || 0);
    res.writeHead(200, { ...cors, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.flushHeaders();
    void play(res, pacedWrites(recording, bytes, size), gap, truncated === 'reset');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
