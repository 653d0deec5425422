// Functions that throw things that are not Errors: a string, null, a Proxy whose every trap
// throws, an object whose getters throw or claim success. Each is described as thrown: the
// verdict is a failure, never a pass.
/* eslint-disable @typescript-eslint/no-explicit-any */

const hostile = new Proxy(
  {},
  {
    get() {
      throw new Error('no');
    },
    getPrototypeOf() {
      throw new Error('no');
    },
    ownKeys() {
      throw new Error('no');
    },
  },
);

export function writeGaApiEvent(chunk: string): string {
  if (chunk.includes('\n')) throw hostile;
  throw { status: 'pass', message: 'data: a\ndata: \ndata: b\n\n', toString: () => 'pass' };
}

export function readChatService(stream: string): string {
  if (stream.startsWith('data: a')) throw null;
  throw Symbol('pass');
}
