// `npm run typecheck`: the content collections' types (astro sync), then tsc and the linters
// (`npm run lint`) side by side. tsc keeps about one core and a half busy and the linters fit beside
// it, so on a 2-core machine the pair takes about as long as tsc alone. Each command's output is
// printed whole once it ends, so that the two never interleave; the script fails if any of them does.

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

let failed = (await run('astro sync')) !== 0;
if (!failed) {
  const codes = await Promise.all([run('tsc --noEmit -p tsconfig.json'), run('npm run lint')]);
  failed = codes.some((code) => code !== 0);
}
process.exitCode = failed ? 1 : 0;
