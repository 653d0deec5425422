// The exercise contract checked where the author works: `astro build` and `astro dev` run
// checkExercise (check-exercise.ts) over every exercise folder before anything is rendered, and stop
// with its problem lines, each naming the file, the field and the fix, as an AstroError whose hint
// says where the rules are (as Starlight reports a bad config). Under `astro dev`, an edit of any of
// an exercise's files is checked again at once (cases.ts loaded anew): its problems go to the
// terminal and to the browser's error overlay, and a fix clears them.

import type { AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { pathToFileURL } from 'node:url';
import { checkExercise } from './check-exercise.ts';
import { exerciseIdsIn } from './registry-node.ts';

const HINT =
  'Each line names the file, the field and the fix. The rules are listed in docs/authoring.md; ' +
  'an editor underlines the fields of text.<locale>.json through its "$schema".';

/** Every problem of the exercises named, in the project at `root` (this one when not given). */
async function problems(ids: readonly string[], root?: string, fresh = false): Promise<string[]> {
  const found: string[] = [];
  for (const id of ids) found.push(...(await checkExercise(id, root, fresh)));
  return found;
}

/** The exercise folders of the project at `root`. */
const idsOf = (root?: string): string[] =>
  root === undefined ? exerciseIdsIn() : exerciseIdsIn(new URL('lessons-code/exercises/', pathToFileURL(`${root}/`)));

/** The exercise a changed file belongs to, if it is one of an exercise's files. */
const exerciseOfFile = (file: string): string | null =>
  /lessons-code[\\/]exercises[\\/]([^\\/]+)[\\/](?:(?:mistakes|alternatives)[\\/])?[^\\/]+\.(?:json|ts|md)$/.exec(
    file,
  )?.[1] ?? null;

/** `root`: the project whose exercises are checked (a test's copy; this project by default). */
export function exerciseContract(root?: string): AstroIntegration {
  return {
    name: 'course:exercise-contract',
    hooks: {
      'astro:config:setup': async () => {
        const found = await problems(idsOf(root), root);
        if (found.length > 0) throw new AstroError(`The exercises break their contract:\n${found.join('\n')}`, HINT);
      },
      'astro:server:setup': ({ server, logger }) => {
        const recheck = async (file: string, id: string) => {
          const found = await problems([id], root, true);
          if (found.length === 0) return;
          logger.error(`lessons-code/exercises/${id} breaks the exercise contract:\n${found.join('\n')}`);
          server.ws.send({
            type: 'error',
            err: { message: found.join('\n'), stack: '', plugin: 'course:exercise-contract', id: file },
          });
        };
        server.watcher.on('change', (file) => {
          const id = exerciseOfFile(file);
          if (id !== null) recheck(file, id).catch((error: unknown) => logger.error(String(error)));
        });
      },
    },
  };
}
