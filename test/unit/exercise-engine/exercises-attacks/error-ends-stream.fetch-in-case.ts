// Calls fetch and importScripts from inside the function the check calls. They throw a TypeError:
// the verdict is a failure.
/* eslint-disable @typescript-eslint/no-explicit-any */

export const consumeSseStream = async () => {
  const g = globalThis as any;
  try {
    g.importScripts('/evil.js');
  } catch {
    // try fetch instead
  }
  const response: Response = await g.fetch('/');
  return { answer: await response.text(), routing: null };
};
