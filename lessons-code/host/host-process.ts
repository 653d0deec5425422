// The replica in a process of its own, as the lesson's program starts GA's host: it listens on a
// free loopback port, tells its parent where over IPC, and stops when the parent says so or goes.
// Settings: GA_HOST_PORT (default 0, any free port), GA_MODEL_URL (default http://127.0.0.1:9).

import { DEFAULT_MODEL_URL, startHttpHost } from './http-host.ts';

/** The messages between the program and its host process. */
export type HostMessage = { type: 'ready'; url: string } | { type: 'failed'; reason: string };

const send = (message: HostMessage): void => {
  if (process.send) process.send(message);
  else console.log(JSON.stringify(message));
};

try {
  const host = await startHttpHost({
    port: Number(process.env.GA_HOST_PORT ?? 0),
    modelUrl: process.env.GA_MODEL_URL || DEFAULT_MODEL_URL,
  });
  const stop = () => {
    // The process ends in finally, whether the server closed cleanly or not: nothing is left to wait for it.
    void host.close().finally(() => process.exit(0));
  };
  process.on('disconnect', stop); // the parent is gone: never outlive it
  process.on('SIGTERM', stop);
  process.on('message', (message) => {
    if (message === 'stop') stop();
  });
  send({ type: 'ready', url: host.url });
} catch (error) {
  send({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
