// `npm run build:learn`: the site built as the course's real home serves it, under /learn/
// (`astro build --base /learn/ --site …`), into a folder of its own (test/builds.ts) with a cache
// of its own, so that it never disturbs dist/. The checks of the built site and the browser test
// under a sub-path read it; `npm test` runs it right after `npm run build`.

import { spawnSync } from 'node:child_process';
import { LEARN } from '../test/builds.ts';

const result = spawnSync('npx', ['astro', 'build', '--base', LEARN.base, '--site', LEARN.site, '--outDir', LEARN.dir], {
  stdio: 'inherit',
  env: { ...process.env, GA_CACHE_DIR: process.env.GA_LEARN_CACHE_DIR || './node_modules/.astro-learn' },
});
process.exitCode = result.status ?? 1;
