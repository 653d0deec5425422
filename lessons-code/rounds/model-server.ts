// The model replica behind a real HTTP server on loopback (node:http), for Node only: the page uses
// `startModelReplica(...).fetch` instead, so this file stays out of index.ts and out of the bundle.
// When the client goes away (the socket closes before the answer is complete), the request's
// signal aborts and the replica stops generating: nothing more is written.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback, sendWebResponse, toWebRequest, type RunningHttpHost } from '../host/http-host.ts';
import { startModelReplica, type ModelReplica, type ModelReplicaOptions } from './model-replica.ts';

export interface RunningModelServer extends RunningHttpHost {
  replica: ModelReplica;
}

async function serve(replica: ModelReplica, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const gone = new AbortController();
  // 'close' on the response before it finished: the client closed the connection.
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  const request = toWebRequest(req, origin, gone.signal);
  const response = await replica.handle(request);
  if (gone.signal.aborted) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  try {
    await sendWebResponse(response, res);
  } catch (error) {
    // The client went while the body was being written: the pipe cancelled the body, which stopped
    // the replica. Any other failure is the server's.
    if (!gone.signal.aborted) throw error;
  }
}

/** Starts the replica on 127.0.0.1 (port 0: any free port) and resolves once it listens. */
export async function startModelServer(
  options: ModelReplicaOptions & { port?: number } = {},
): Promise<RunningModelServer> {
  const replica = startModelReplica(options);
  const running = await listenOnLoopback((req, res, origin) => serve(replica, req, res, origin), options.port ?? 0, {
    contentType: 'application/json',
    body: JSON.stringify({ error: { message: 'The replica failed.', type: 'server_error', param: null, code: null } }),
  });
  return { ...running, replica };
}
