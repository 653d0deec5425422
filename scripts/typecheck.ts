// `npm run typecheck`: the content collections' types (astro sync), the type check of the .ts files
// and of the .astro components, and the five checks of `npm run lint`. Biome, Prettier (the .astro
// components), the line length and the folders' imports read only the files, so they run beside
// astro sync; the two type checks and knip, which read the project as the compiler does, run side by
// side once it is done. Each command's output is printed whole once it ends, so that none interleave;
// the script fails if any of them does.
//
// The type check of the .ts files is TypeScript 7's compiler (the `typescript-native` alias of
// typescript@7, native code: https://github.com/microsoft/typescript-go), over the same tsconfig.json
// and the same files. The page's type checker needs TypeScript's JavaScript API, which 7 does not
// have, so `typescript` stays 5.9 for it, for its tests and for `npx tsc`. 7 is chosen for its speed
// on the same files.
//
// tsc reads no .astro file: the components, where most `Astro.locals.t('course.…')` calls are, are
// checked by `astro check` (@astrojs/check, on TypeScript 5.9: Astro's checker refuses 7, see
// node_modules/astro/dist/cli/check/index.js). It checks the components alone (tsconfig.astro.json),
// the .ts files being 7's, and only its errors are printed, as tsc prints only its own.

import { spawn } from 'node:child_process';

/** Runs a command line (npm puts node_modules/.bin on the PATH), printing its output once it ends. */
function run(command: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (data: Buffer) => output.push(data));
    child.stderr.on('data', (data: Buffer) => output.push(data));
    child.on('close', (code) => {
      process.stdout.write(`> ${command}\n${Buffer.concat(output).toString('utf8')}`);
      resolve(code ?? 1);
    });
  });
}

/**
 * The command line of the .astro components' check over `tsconfig` (a path from the project's root),
 * once astro sync has written the content collections' types: test/unit/scripts/typecheck.test.ts
 * runs it on a fixture.
 */
export const astroCheck = (tsconfig: string) => `astro check --noSync --tsconfig ${tsconfig} --minimumSeverity error`;

if (import.meta.main) {
  const [synced, ...linted] = await Promise.all([
    run('astro sync'),
    run('biome ci .'),
    run('prettier --check .'),
    run('node scripts/line-length.ts'),
    run('node scripts/folder-imports.ts'),
  ]);
  const codes = [synced, ...linted];
  if (synced === 0)
    codes.push(
      ...(await Promise.all([
        run('node node_modules/typescript-native/bin/tsc --noEmit -p tsconfig.json'),
        run(astroCheck('tsconfig.astro.json')),
        run('knip'),
      ])),
    );
  process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
}
