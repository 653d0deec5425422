// A right answer to the engine test's fetch exercise (test/unit/exercise-engine/exercises.test.ts, "the fake
// fetch"), after replacing what the harness's fake fetch could call on Headers once learner code has
// run: append and set throw, forEach, entries and the iterator forge a header. The fake fetch must
// still answer with the checker's response, its status, headers and body: both cases pass.
/* eslint-disable @typescript-eslint/no-explicit-any */

const sabotaged = () => {
  throw new Error('Headers sabotaged by the learner');
};
const forged = function* (): Generator<[string, string]> {
  yield ['content-type', 'text/forged'];
};
const proto = Headers.prototype as any;
proto.append = sabotaged;
proto.set = sabotaged;
proto.forEach = (callback: (value: string, key: string) => void) => callback('text/forged', 'content-type');
proto.entries = forged;
proto[Symbol.iterator] = forged;

export async function ask(fetch: (url: string, init?: RequestInit) => Promise<Response>, message: string) {
  const response = await fetch('/api/chat', {
    method: 'post',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  return response.status + ' ' + response.headers.get('content-type') + ' ' + (await response.text());
}
