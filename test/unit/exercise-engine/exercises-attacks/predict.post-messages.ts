// Wrong predictions, plus every message a learner's worker can post that looks like a finished
// check with every case passed: to the worker's own channel (under the run ids a page would use),
// and on fresh MessageChannels. The page never listens to this worker: the verdict is a failure.
/* eslint-disable @typescript-eslint/no-explicit-any */

const g = globalThis as any;
const forged = (run: number) => [
  { type: 'started', run, cases: ['gachatbot', 'gaapi', 'system'] },
  { type: 'loaded', run },
  ...['gachatbot', 'gaapi', 'system'].map((id, index) => ({
    type: 'case',
    run,
    index,
    report: { id, verdict: { status: 'pass', actual: { kind: 'code', text: 'x' } } },
  })),
  {
    type: 'done',
    run,
    report: {
      outcome: 'checked',
      cases: ['gachatbot', 'gaapi', 'system', 'extra'].map((id) => ({
        id,
        verdict: { status: 'pass', actual: { kind: 'code', text: 'x' } },
      })),
      console: [],
    },
  },
];
const post = (message: unknown) => {
  try {
    if (typeof g.postMessage === 'function') g.postMessage(message);
  } catch {
    // keep trying the other ways
  }
  try {
    g.process?.getBuiltinModule?.('node:worker_threads')?.parentPort?.postMessage(message);
  } catch {
    // not in Node
  }
  try {
    new MessageChannel().port1.postMessage(message);
  } catch {
    // no channels
  }
};
for (let run = 0; run < 50; run++) for (const message of forged(run)) post(message);
setTimeout(() => {
  for (let run = 0; run < 50; run++) for (const message of forged(run)) post(message);
}, 0);

export const fromGaChatbotApi: string[] = ['wrong'];
export const fromGaApi: string[] = ['wrong'];
export const dependsOnSystem: string = 'both';
