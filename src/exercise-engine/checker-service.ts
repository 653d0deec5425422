// The checker's worker, whatever the platform: answers the page's messages (syntax checks, runs,
// "show the answer"), adopts learner's workers over their private ports, and runs each check with
// the exercise's own definition. Nothing the learner's code sends reaches the page from here
// except through the verdicts computed in runCheck.

import { CheckAborted, LearnerLink, type CheckerPort } from './learner-link.ts';
import { reveal, runCheck } from './verdicts.ts';
import type { FromChecker, ToChecker } from './protocol.ts';
import type { ExerciseRegistry } from './registry.ts';
import { transpile } from './transpile.ts';

export interface CheckerScope {
  post(message: FromChecker): void;
  listen(handler: (message: ToChecker) => void): void;
}

export function serveChecker(scope: CheckerScope, registry: ExerciseRegistry): void {
  /** The link to each learner's worker the page handed over, by the page's id for it. */
  const links = new Map<number, LearnerLink>();
  const fail = (run: number | null, id: number | null, message: string) =>
    scope.post({ type: 'failed', run, id, message });

  scope.listen((message) => {
    switch (message.type) {
      case 'transpile': {
        const result = transpile(String(message.source));
        scope.post({ type: 'transpiled', id: message.id, problem: result.ok ? null : result.problem });
        return;
      }
      case 'adopt': {
        const link = new LearnerLink(message.port as unknown as CheckerPort);
        links.set(message.worker, link);
        void link.hello.then(() => {
          if (links.get(message.worker) === link) scope.post({ type: 'adopted', worker: message.worker });
        });
        return;
      }
      case 'release': {
        links.get(message.worker)?.close();
        links.delete(message.worker);
        return;
      }
      case 'run': {
        const { run, worker } = message;
        const link = links.get(worker);
        if (!link) return fail(run, null, 'no worker for this check');
        const failed = (error: unknown) => {
          if (!(error instanceof CheckAborted)) fail(run, null, error instanceof Error ? error.message : String(error));
        };
        // The definition and prose may still have to load (registry-lazy.ts): then the check runs.
        Promise.all([registry.definition(message.exercise), registry.text(message.exercise, message.locale)])
          .then(([definition, text]) => {
            if (!definition || !text) return fail(run, null, `unknown exercise ${message.exercise}`);
            return runCheck({ definition, text, source: String(message.source) }, link, {
              onStarted: (cases) => scope.post({ type: 'started', run, cases }),
              onLoaded: () => scope.post({ type: 'loaded', run }),
              onCase: (index, report) => scope.post({ type: 'case', run, index, report }),
              onConsole: (line) => scope.post({ type: 'console', run, line }),
            }).then((report) => scope.post({ type: 'done', run, report }));
          })
          .catch(failed);
        return;
      }
      case 'reveal': {
        Promise.all([registry.definition(message.exercise), registry.text(message.exercise, message.locale)])
          .then(([definition, text]) =>
            scope.post({
              type: 'revealed',
              id: message.id,
              reveal: definition && text ? reveal(definition, text) : null,
            }),
          )
          .catch((error: unknown) => fail(null, message.id, error instanceof Error ? error.message : String(error)));
        return;
      }
    }
  });
  scope.post({ type: 'ready' });
}
