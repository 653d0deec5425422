// The lesson's program: `node lessons-code/cli.ts l6` (what `npm run lesson -- l6` runs) and runLesson6
// against the in-page host, checked against the expected output (test/fixtures/l6-expected.txt).

import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createInPageHost, runLesson6 } from '../../../../lessons-code/index.ts';
import { expectedOutput } from '../../helpers/streams.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = 'lessons-code/cli.ts';
const run = promisify(execFile);

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether a host process of this run was seen while the CLI ran (polled with ps). */
  sawHost: boolean;
}

/**
 * Every live process running host-process.ts that belongs to this run: ps finds the candidates by
 * command line, and the run's marker, inherited through the environment, tells them from any other
 * test run on the machine.
 */
async function hostProcesses(marker: string): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid,args']);
  const pids: number[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.includes('host-process.ts')) continue;
    const pid = Number(line.trim().split(/\s+/)[0]);
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (environ.split('\0').includes(`GA_TEST_MARKER=${marker}`)) pids.push(pid);
  }
  return pids;
}

/**
 * Waits for this run's host processes to be gone; returns those still there after 15 s (a "finishes"
 * bound: a host that outlives the CLI never goes, one that stops is gone within a few tens of ms).
 */
async function leftoverHosts(marker: string): Promise<number[]> {
  const deadline = performance.now() + 15_000;
  for (;;) {
    const pids = await hostProcesses(marker);
    if (pids.length === 0 || performance.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let runs = 0;

/** Runs the CLI with Node 24 (the one running the tests), watching for its host process meanwhile. */
async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun & { leftover: number[] }> {
  const marker = `${process.pid}-${++runs}-${Math.random().toString(36).slice(2)}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, GA_TEST_MARKER: marker };
  if (!('GA_HOST_PORT' in env)) delete childEnv.GA_HOST_PORT;
  delete childEnv.GA_MODEL_URL;
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data));
  child.stderr.setEncoding('utf8').on('data', (data: string) => (stderr += data));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let done = false;
  let sawHost = false;
  const watcher = (async () => {
    while (!done) {
      if ((await hostProcesses(marker)).length > 0) sawHost = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const code = await exited;
  done = true;
  await watcher;
  return { code, stdout, stderr, sawHost, leftover: await leftoverHosts(marker) };
}

/** A TCP port that something already listens on. */
async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

// In order, one at a time (vitest's default within a file, stated here): the process checks rely on it.
describe('the CLI', { concurrent: false }, () => {
  it('runs on Node 24 or later (it runs .ts files directly)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('`l6` prints the expected output byte for byte, exits 0, says nothing on stderr, and stops its host', async () => {
    const expected = await readFile(new URL('../../../fixtures/l6-expected.txt', import.meta.url));
    const result = await runCli(['l6']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(Buffer.from(result.stdout, 'utf8').equals(expected)).toBe(true);
    expect(result.stdout).toBe(expected.toString('utf8')); // the same, with a readable diff if not
    expect(result.sawHost).toBe(true); // the check below does see a host process when there is one
    expect(result.leftover).toEqual([]);
  });

  it.each([
    ['an unknown lesson', ['l7']],
    ['no lesson', []],
    ['a lesson and more', ['l6', 'extra']],
  ])('%s: exit code 2 and a usage line on stderr, no output, no host', async (_name, args) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toContainEqual(expect.stringMatching(/^usage: /));
    expect(result.leftover).toEqual([]);
  });

  // The two failures must end rather than hang: each test's 30 s timeout (over 50 times the half
  // second they take) is that bound; `npm run bench:limits` prints how long they take.
  it('GA_HOST_PORT on a port already in use: fails and exits, saying the host could not start', async () => {
    const { port, server } = await busyPort();
    try {
      const result = await runCli(['l6'], { GA_HOST_PORT: String(port) });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/host could not start/);
      expect(result.stderr).toMatch(/EADDRINUSE/);
      expect(result.leftover).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);

  it('GA_HOST_PORT=-1: fails and exits, saying the host could not start', async () => {
    const result = await runCli(['l6'], { GA_HOST_PORT: '-1' });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/host could not start/);
    expect(result.leftover).toEqual([]);
  }, 30_000);
});

describe('runLesson6 against the in-page host', () => {
  it('prints the expected output', async () => {
    const expected = expectedOutput();
    // The fixture itself, as the lesson's program prints it: 69 lines, 4,242 characters, LF, a final line break, no
    // trailing spaces.
    expect(expected.split('\n')).toHaveLength(70);
    expect(expected).toHaveLength(4242);
    expect(expected).not.toMatch(/\r|[ \t]\n/);
    expect((await runLesson6(createInPageHost())).text).toBe(expected);
  });

  it(
    'cuts it into the seven blocks of the page: the output minus "# l6" and the ' + 'blank line before each title',
    async () => {
      const { text, blocks } = await runLesson6(createInPageHost());
      expect(blocks).toHaveLength(7);
      const lines = text.split('\n').slice(0, -1); // the last, empty piece after the final line break
      expect(lines[0]).toBe('# l6');
      const kept = lines.slice(1).filter((line, i, rest) => !(line === '' && rest[i + 1]?.startsWith('== ')));
      expect(blocks.join('\n')).toBe(kept.join('\n'));
      let at = 0;
      for (const block of blocks) {
        expect(block).not.toBe('');
        expect(block.startsWith('\n') || block.endsWith('\n')).toBe(false);
        const found = text.indexOf(block, at); // contiguous, and in order
        expect(found).toBeGreaterThanOrEqual(at);
        at = found + block.length;
      }
      // Every title opens a block.
      const titles = kept.filter((line) => line.startsWith('== '));
      expect(titles).toHaveLength(6);
      for (const title of titles) expect(blocks.some((block) => block.startsWith(title + '\n'))).toBe(true);
    },
  );
});
