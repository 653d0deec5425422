// `npm run lesson -- l6`: starts the replica in a process of its own, runs the program against it
// over HTTP, prints the output, and stops the host. Settings: GA_MODEL_URL (default http://127.0.0.1:9).

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HostMessage } from './host/host-process.ts';
import { runLesson6, runLesson6d } from './index.ts';

const LESSONS: Record<string, typeof runLesson6> = { l6: runLesson6 };
/** Lessons that need no host process: they run their replica in this process, on a fake clock. */
const IN_PROCESS_LESSONS: Record<string, () => Promise<{ text: string }>> = { l6d: runLesson6d };
const START_TIMEOUT_MS = 8000;
const USAGE =
  `usage: npm run lesson -- <lesson>   (lessons: ` +
  `${[...Object.keys(LESSONS), ...Object.keys(IN_PROCESS_LESSONS)].join(', ')})`;

/** Starts the host process and resolves with its URL once it says it is ready, never later than the timeout. */
function startHost(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./host/host-process.ts', import.meta.url)), [], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env },
  });
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(reason + (stderr.trim() ? `\n${stderr.trim()}` : '')));
    };
    const timer = setTimeout(
      () => fail(`the host did not say it was ready within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    child.on('message', (message: HostMessage) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve({ child, url: message.url });
      } else fail(`the host could not start: ${message.reason}`);
    });
    child.once('error', (error) => fail(`the host could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`the host exited before it was ready (${signal ?? `code ${code}`})`));
  });
}

/** Asks the host to stop and waits for it; kills it if it takes more than a second. */
function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.removeAllListeners('message');
    if (child.connected) child.send('stop');
    else child.kill('SIGTERM');
  });
}

async function main(argv: string[]): Promise<number> {
  const key = argv[0];
  const inProcess = key === undefined ? undefined : IN_PROCESS_LESSONS[key];
  if (inProcess !== undefined && argv.length === 1) {
    try {
      process.stdout.write((await inProcess()).text);
      return 0;
    } catch (error) {
      process.stderr.write(`lesson ${key}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  const run = key === undefined ? undefined : LESSONS[key];
  if (run === undefined || argv.length > 1) {
    process.stderr.write(`${key === undefined ? 'no lesson given' : `unknown lesson: ${argv.join(' ')}`}\n${USAGE}\n`);
    return 2;
  }
  let host: { child: ChildProcess; url: string };
  try {
    host = await startHost();
  } catch (error) {
    process.stderr.write(`lesson ${key}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    const output = await run((path, init) => fetch(host.url + path, init));
    process.stdout.write(output.text);
    return 0;
  } catch (error) {
    process.stderr.write(`lesson ${key}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await stopHost(host.child);
  }
}

process.exitCode = await main(process.argv.slice(2));
