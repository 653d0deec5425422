// The unfixed writer and reader, after replacing the prototypes lessons-code and a checker would
// use to build and compare the six-pair table: String.prototype.split/includes/trim/replace,
// Array.prototype.map/filter/every/join, Object.is, JSON.stringify. The table is built and
// compared on the checker's side: the verdict is a failure.
/* eslint-disable @typescript-eslint/no-explicit-any */

Object.is = () => true;
JSON.stringify = () => '[]';
String.prototype.includes = () => true;
String.prototype.trim = function (this: string) {
  return String(this);
};
(Array.prototype as any).every = () => true;
Array.prototype.join = function (this: unknown[]) {
  return 'exact';
};
const map = Array.prototype.map;
Array.prototype.map = function (this: unknown[], fn: any) {
  return (map as any).call(this, fn);
};

export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk + '\n\n';
}

export function readChatService(stream: string): string {
  const dataLine = stream.split('\n').find((line) => line.startsWith('data:'));
  return dataLine === undefined ? '' : dataLine.slice(5).trim();
}
