// The one event classifier (lessons-code/core/events.ts), and the program's words for it.

import { describe, expect, it } from 'vitest';
import { EventSorter, classifyEvent, eventKind, readStandard } from '../../../../lessons-code/index.ts';

const CASES: [string, string, string | null][] = [
  // data, kind, error message
  ['[DONE]', 'done', null],
  ['{"type":"routing","agentId":"voicing"}', 'routing', null],
  ['{ "type": "routing" }', 'routing', null],
  ['{"error":"Failed to process message. Please try again."}', 'error', 'Failed to process message. Please try again.'],
  ['{"error":1}', 'error', '1'],
  ['{"error":{"code":"x"}}', 'error', '{"code":"x"}'],
  ['{"error":null}', 'error', 'null'],
  ['{"agentId":"x","error":"late"}', 'error', 'late'],
  ['{"type":"other"}', 'text', null],
  ['{"type": oops', 'text', null],
  ['["error"]', 'text', null],
  ['Found 2 voicings', 'text', null],
  [' [DONE]', 'text', null],
  ['', 'text', null],
];

describe('classifyEvent', () => {
  it.each(CASES)('%s is %s', (data, kind, message) => {
    const event = classifyEvent(data);
    expect(event.kind).toBe(kind);
    if (event.kind === 'error') expect(event.message).toBe(message);
  });

  it("the program's eventKind is classifyEvent in the program's words, on the same inputs", () => {
    for (const [data, kind] of CASES) expect(eventKind(data)).toBe(kind === 'done' ? '[DONE]' : kind);
  });

  it('EventSorter: text joined, routing and [DONE] left out, the first error kept and no error shown as text', () => {
    const sorter = new EventSorter();
    for (const data of readStandard(
      'data: {"type":"routing"}\n\ndata: a\n\ndata: {"error":1}\n\ndata: ' +
        '{"error":"second"}\n\ndata: b\n\ndata: [DONE]\n\n',
    ))
      sorter.take(data);
    expect(sorter.result()).toEqual({ text: 'ab', done: true, error: '1' });
  });

  it('refuses what is not a string', () => {
    expect(() => classifyEvent(null as unknown as string)).toThrow(
      new TypeError('classifyEvent: data must be a string, got null'),
    );
  });
});
