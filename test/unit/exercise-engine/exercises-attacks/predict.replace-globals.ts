// Wrong predictions, after replacing what a checker sharing this realm would compare with:
// Object.is, JSON.stringify, Array.prototype.join/every/some, Promise, structuredClone, and the
// postMessage of every port. The checker compares in its own realm: the verdict is a failure.
/* eslint-disable @typescript-eslint/no-explicit-any */

const g = globalThis as any;
Object.is = () => true;
JSON.stringify = () => '"a\\nb"';
JSON.parse = () => ['a\nb'];
Array.prototype.join = function () {
  return 'a\nb';
};
(Array.prototype as any).every = () => true;
(Array.prototype as any).some = () => true;
(Array as any).isArray = () => true;
String.prototype.includes = () => true;
g.structuredClone = (value: unknown) => value;
g.Promise = class {
  constructor(run: (resolve: (value: unknown) => void) => void) {
    run(() => undefined);
  }
  then(resolve: (value: unknown) => void) {
    resolve(['a\nb']);
  }
};
if (typeof MessagePort !== 'undefined') {
  const original = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (this: MessagePort, message: any, ...rest: any[]) {
    if (message && typeof message === 'object')
      message.exports = {
        fromGaChatbotApi: { value: ['a\nb'] },
        fromGaApi: { value: ['a'] },
        dependsOnSystem: { value: 'neither' },
      };
    return (original as any).call(this, message, ...rest);
  };
}

export const fromGaChatbotApi: string[] = ['a\r\nb'];
export const fromGaApi: string[] = ['a', 'b'];
export const dependsOnSystem: string = 'GaApi';
