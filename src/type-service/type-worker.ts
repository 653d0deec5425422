// The type checker as a Web Worker of its own (the page starts it the first time a learner focuses or
// edits an exercise's editor, or ahead of that once an editor has been in view a moment: client.ts,
// preload.ts). On 'start' it loads, side by side and each in a chunk of
// its own: TypeScript, the lib files, lessons-code's declarations and, on a Spanish or French page,
// TypeScript's own translation of its messages; then it binds the lib files once (the slow part) and
// checks the file the learner started in, says 'ready', and answers requests in order. A request for
// a file's problems that a newer one for the same file has overtaken is answered null, unchecked: only
// the learner's latest text matters (unless it asks to be kept: the problems of the code a check ran).

import type { Locale } from '../exercise-engine/types.ts';
import type { FromTypes, ToTypes, TypeAnswers, TypeRequest } from './protocol.ts';
import { speak, TypeService } from './service.ts';

const MESSAGES: Partial<Record<Locale, () => Promise<string>>> = {
  es: () => import('typescript/lib/es/diagnosticMessages.generated.json?raw').then((m) => m.default),
  fr: () => import('typescript/lib/fr/diagnosticMessages.generated.json?raw').then((m) => m.default),
};

const post = (message: FromTypes) => self.postMessage(message);

async function start(locale: Locale, first: { file: string; text: string } | undefined): Promise<TypeService> {
  const [typescript, options, libs, declarations, messages] = await Promise.all([
    import('typescript').then((m) => m.default),
    import('virtual:type-service/options').then((m) => m.default),
    import('virtual:type-service/libs').then((m) => m.default),
    import('virtual:type-service/declarations').then((m) => m.default),
    MESSAGES[locale]?.() ?? null,
  ]);
  // Marks for the benchmark (bench/type-checker.ts): the parts loaded, then read and bound.
  performance.mark('type-checker:loaded');
  speak(typescript, locale, messages);
  const service = new TypeService(typescript, { options, libs, declarations });
  // The learner's first file, checked now: TypeScript keeps the answer until the text changes.
  if (first) {
    service.update(first.file, first.text);
    service.problems(first.file);
  }
  performance.mark('type-checker:bound');
  return service;
}

function answer(service: TypeService, request: TypeRequest): TypeAnswers[keyof TypeAnswers] {
  switch (request.type) {
    case 'problems':
      service.update(request.file, request.text);
      return service.problems(request.file);
    case 'completions':
      service.update(request.file, request.text);
      return service.completions(request.file, request.pos);
    case 'describe':
      return service.describe(request.file, request.pos, request.item);
    case 'hover':
      service.update(request.file, request.text);
      return service.hover(request.file, request.pos);
  }
}

let service: Promise<TypeService> | null = null;
const queue: { id: number; request: TypeRequest }[] = [];
let draining = false;

async function drain(): Promise<void> {
  if (draining || service === null) return;
  draining = true;
  try {
    const ready = await service;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { id, request } = next;
      if (
        request.type === 'problems' &&
        !request.keep &&
        queue.some((later) => later.request.type === 'problems' && later.request.file === request.file)
      ) {
        post({ type: 'answer', id, answer: null });
        continue;
      }
      try {
        post({ type: 'answer', id, answer: answer(ready, request) });
      } catch (error) {
        post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
      }
      // Let the messages that arrived meanwhile join the queue before the next request is answered.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } catch {
    // The service did not start: 'failed' (id null) has been said; every request fails with it.
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      post({ type: 'failed', id: next.id, message: 'the type checker did not start' });
  } finally {
    draining = false;
  }
}

self.addEventListener('message', (event: MessageEvent<ToTypes>) => {
  const message = event.data;
  if ('type' in message) {
    if (service !== null) return;
    service = start(message.locale, message.first);
    service.then(
      () => post({ type: 'ready' }),
      (error: unknown) =>
        post({ type: 'failed', id: null, message: error instanceof Error ? error.message : String(error) }),
    );
    void drain();
    return;
  }
  queue.push(message);
  void drain();
});
