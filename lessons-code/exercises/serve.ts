// The worker's side of runner.ts: answers syntax checks and runs checks, posting each verdict as
// soon as it is known so that a timeout still shows the cases that finished.

import { EXERCISES } from './index.ts';
import { transpile } from './compile.ts';
import { checkSource } from './pipeline.ts';
import type { FromWorker, ToWorker } from './runner.ts';

export interface WorkerScope {
  post(message: FromWorker): void;
  listen(handler: (message: ToWorker) => void): void;
}

/**
 * Every exercise checked once against its reference solution and its starter: the engine, the
 * lessons-code it calls and the platform's streams get compiled now, not during the next check.
 */
async function warmUp(): Promise<void> {
  for (const definition of Object.values(EXERCISES)) {
    for (const source of [definition.solution.en, definition.starter.en]) await checkSource(definition, source).catch(() => undefined);
  }
}

export function serveChecks(scope: WorkerScope): void {
  scope.listen((message) => {
    if (message.type === 'warm') {
      void warmUp().then(() => scope.post({ type: 'warmed' }));
      return;
    }
    if (message.type === 'transpile') {
      const result = transpile(String(message.source));
      scope.post({ type: 'transpiled', id: message.id, problem: result.ok ? null : result.problem });
      return;
    }
    if (message.type === 'run') {
      const definition = EXERCISES[message.exercise];
      if (!definition) {
        scope.post({ type: 'failed', id: message.id, message: `unknown exercise ${String(message.exercise)}` });
        return;
      }
      const { id } = message;
      checkSource(definition, String(message.source), {
        onLoaded: (total) =>
          scope.post({ type: 'loaded', id, total, titles: definition.cases.map((c) => c.title), ids: definition.cases.map((c) => c.id) }),
        onCase: (index, report) => scope.post({ type: 'case', id, index, report }),
        onConsole: (line) => scope.post({ type: 'console', id, line }),
      }).then(
        (report) => scope.post({ type: 'done', id, report }),
        (error: unknown) => scope.post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  scope.post({ type: 'ready' });
}
