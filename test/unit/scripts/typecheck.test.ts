// The check of the .astro components in `npm run typecheck` (scripts/typecheck.ts, astroCheck), run
// as it runs there on test/fixtures/astro-check/Keys.astro, whose tsconfig extends the one the
// script names (tsconfig.astro.json): of the component's two UI string keys, the misspelt one is an
// error, and the other is not.

import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { astroCheck } from '../../../scripts/typecheck.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = 'test/fixtures/astro-check/';

describe('npm run typecheck reads the .astro components', () => {
  it('a misspelt UI string key in a component is an error, and the other key is not', () => {
    const { status, stdout, stderr } = spawnSync(astroCheck(`${FIXTURE}tsconfig.json`), {
      cwd: ROOT,
      shell: true,
      encoding: 'utf8',
      // As npm runs the script: node_modules/.bin first, and this Node for their `env node`.
      env: {
        ...process.env,
        PATH: [`${ROOT}node_modules/.bin`, dirname(process.execPath), process.env.PATH].join(delimiter),
      },
    });
    const output = stripVTControlCharacters(stdout + stderr);
    const errors = [...output.matchAll(/^(\S+\.astro):(\d+):\d+ - error /gm)].map(
      ([, file, line]) => `${file}:${line}`,
    );
    expect(errors, output).toEqual([`${FIXTURE}Keys.astro:8`]);
    expect(output).toContain('"course.output.lable"');
    expect(status).toBe(1);
  });
});
