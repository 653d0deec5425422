// `npm run lesson -- l6d` (lessons-code/rounds/program.ts through cli.ts): byte for byte its golden
// file, test/fixtures/l6d-expected.txt, every run, and cut into the blocks the page shows.

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runLesson6d } from '../../../../lessons-code/index.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);
const golden = await readFile(new URL('../../../fixtures/l6d-expected.txt', import.meta.url));

describe('the l6d program', () => {
  it('`node lessons-code/cli.ts l6d` prints the golden file byte for byte, exits 0, nothing on stderr', async () => {
    const { stdout, stderr } = await run(process.execPath, ['lessons-code/cli.ts', 'l6d'], {
      cwd: ROOT,
      encoding: 'buffer',
      timeout: 60_000,
    });
    expect(stderr.toString()).toBe('');
    expect(Buffer.compare(stdout, golden)).toBe(0);
    expect(stdout.toString('utf8')).toBe(golden.toString('utf8')); // the same, with a readable diff if not
  });

  it('runLesson6d gives the same text on every run', async () => {
    const [a, b] = [await runLesson6d(), await runLesson6d()];
    expect(a.text).toBe(golden.toString('utf8'));
    expect(b.text).toBe(a.text);
  });

  it('the golden file: LF, a final line break, no trailing spaces, the figures a reader checks', () => {
    const text = golden.toString('utf8');
    expect(text).not.toMatch(/\r|[ \t]\n/);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).toMatch(/^hello +poll-then-stream +2 +306 +60 /m);
    expect(text).toMatch(/^ +stream-every-round +1 +153 +30 +450 ms/m);
    expect(text).toContain('1 call(s) instead of 2; arguments do not parse as JSON');
    expect(text).toContain("TypeError: Cannot read properties of undefined (reading 'delta')");
    expect(text).toMatch(/^after the loop +12 of 146 tokens \(stopped\) +12 +nothing /m);
  });

  it('is cut into one block per title, in order, together the whole output but the first line', async () => {
    const { text, blocks } = await runLesson6d();
    expect(blocks.map((block) => block.split('\n')[0])).toEqual(
      text.split('\n').filter((line) => line.startsWith('== ')),
    );
    expect(blocks).toHaveLength(8);
    expect(blocks.join('\n\n') + '\n').toBe(text.slice(text.indexOf('\n== ') + 1));
  });
});
