// A response that is not an event stream (lessons-code/inspect/response.ts, told apart by
// lessons-code/inspect/input.ts): an error status, an API's error object, one JSON answer, JSON lines, a text with
// no event; each shown with its status, retry-after and the server's own words, never read as a stream.
import { describe, expect, it } from 'vitest';
import { readInput, type InputResult } from '../../../../lessons-code/inspect/input.ts';
import { errorShapeName, errorWords, jsonLineCount } from '../../../../lessons-code/inspect/response.ts';

const text = (value: string) => readInput({ kind: 'text', text: value });
const response = (result: InputResult) => {
  if (result.kind !== 'response') throw new Error(`not a response: ${JSON.stringify(result).slice(0, 200)}`);
  return result.response;
};
const head = (status: string, ...headers: string[]) => `HTTP/1.1 ${status}\r\n${headers.join('\r\n')}\r\n\r\n`;

describe('the server’s own words, in the shape of each API', () => {
  it('OpenAI, Anthropic, Gemini (an object, or an array of one), GA, problem details', () => {
    expect(
      errorWords({ error: { message: 'Bad key', type: 'invalid_request_error', param: null, code: 'x' } }),
    ).toEqual({ shape: 'openai', kind: 'invalid_request_error', code: 'x', message: 'Bad key', retryDelay: '' });
    expect(errorWords({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toEqual({
      shape: 'anthropic',
      kind: 'overloaded_error',
      code: '',
      message: 'Overloaded',
      retryDelay: '',
    });
    const gemini = {
      error: {
        code: 429,
        message: 'Quota exceeded',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '41s' }],
      },
    };
    const words = { shape: 'gemini', kind: 'RESOURCE_EXHAUSTED', code: '429', message: 'Quota exceeded' };
    expect(errorWords(gemini)).toEqual({ ...words, retryDelay: '41s' });
    expect(errorWords([gemini])).toEqual({ ...words, retryDelay: '41s' });
    expect(errorWords({ error: 'Failed to process message. Please try again.' })).toMatchObject({
      shape: 'ga',
      message: 'Failed to process message. Please try again.',
    });
    expect(
      errorWords({
        type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
        title: 'Bad',
        status: 400,
        detail: 'x',
      }),
    ).toMatchObject({ shape: 'problem', kind: 'Bad', code: '400', message: 'x' });
    expect(errorWords({ choices: [] })).toBeNull();
    expect(errorWords([1, 2])).toBeNull();
  });

  it('names each shape: the providers by name, the others in the page’s words', () => {
    const tr = (key: string) => `<${key}>`;
    expect(['openai', 'anthropic', 'gemini', 'ga'].map((s) => errorShapeName(s as never, tr))).toEqual([
      'OpenAI',
      'Anthropic',
      'Gemini',
      '<response.shape.ga>',
    ]);
  });
});

describe('a response that is not a stream', () => {
  it('an error status over JSON (curl -i): the status, retry-after and the words, pretty-printed or not', () => {
    const pretty = JSON.stringify({ error: { message: 'Slow down', type: 'rate_limit', code: null } }, null, 2);
    const view = response(
      text(head('429 Too Many Requests', 'content-type: application/json', 'retry-after: 20') + pretty),
    );
    expect(view).toMatchObject({
      why: 'status',
      status: 429,
      statusLine: 'HTTP/1.1 429 Too Many Requests',
      contentType: 'application/json',
      retryAfter: '20',
      words: { shape: 'openai', kind: 'rate_limit', message: 'Slow down' },
      excerpt: pretty,
      cut: false,
    });
    expect(response(text(head('500 Internal Server Error') + '{"error":"Failed"}')).words?.message).toBe('Failed');
  });

  it('an error status over HTML or text: the status and the body as it came', () => {
    const html = '<html><head><title>502 Bad Gateway</title></head></html>\r\n';
    const view = response(text(head('502 Bad Gateway', 'content-type: text/html') + html));
    expect(view).toMatchObject({ why: 'status', status: 502, words: null, excerpt: html.trim() });
  });

  it('a head alone: a response without a body when its status is not 2xx; a redirect with where it sends', () => {
    expect(response(text(head('401 Unauthorized', 'www-authenticate: Bearer')))).toMatchObject({
      why: 'status',
      status: 401,
      excerpt: '',
    });
    expect(response(text(head('307 Temporary Redirect', 'location: https://api.example/v1/stream')))).toMatchObject({
      why: 'redirect',
      status: 307,
      location: 'https://api.example/v1/stream',
    });
    expect(text(head('200 OK', 'content-type: text/event-stream'))).toEqual({
      kind: 'problem',
      problem: 'headersOnly',
    });
    const verbose =
      '*   Trying 127.0.0.1:80...\n> POST /x HTTP/1.1\r\n> \r\n< HTTP/1.1 429 Too Many Requests\r\n' +
      '< retry-after: 30\r\n< \r\n* Connection #0 to host 127.0.0.1 left intact\n';
    expect(response(text(verbose))).toMatchObject({ why: 'status', status: 429, retryAfter: '30', excerpt: '' });
  });

  it('the error object pasted without its head: the words, no status', () => {
    const view = response(text('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'));
    expect(view).toMatchObject({ why: 'error', status: null, statusLine: '', words: { message: 'Overloaded' } });
  });

  it('one JSON answer with a 2xx head: not a stream', () => {
    const view = response(text(head('200 OK', 'content-type: application/json') + '{"choices":[]}'));
    expect(view).toMatchObject({ why: 'json', status: 200, words: null });
  });

  it('JSON lines (Ollama’s stream), with or without a head, the last line maybe cut', () => {
    const line = (content: string, done: boolean) =>
      JSON.stringify({ model: 'llama3.2', message: { role: 'assistant', content }, done });
    const ndjson = `${line('Try', false)}\n${line(' this', false)}\n${line('', true)}\n`;
    expect(response(text(ndjson))).toMatchObject({ why: 'ndjson', jsonLines: 3 });
    expect(response(text(head('200 OK', 'content-type: application/x-ndjson') + ndjson)).why).toBe('ndjson');
    expect(jsonLineCount(`${line('a', false)}\n${line('b', false)}\n{"model":"ll`)).toBe(2);
    expect(jsonLineCount(`${line('a', false)}\nnot json\n${line('b', false)}\n`)).toBe(0);
  });

  it('a text with no line of an event stream: not an event stream, whatever its status', () => {
    expect(response(text('Hello, I am a plain answer.\nWith two lines.\n')).why).toBe('notSse');
    expect(response(text(head('200 OK', 'content-type: text/plain') + 'plain words')).why).toBe('notSse');
  });

  it('still a stream: events behind an error status, and keep-alive comments alone', () => {
    expect(text(head('500 Internal Server Error', 'content-type: text/event-stream') + 'data: x\n\n').kind).toBe(
      'stream',
    );
    expect(text(': ping\n\n: ping\n\n').kind).toBe('stream');
    // a writer's mistakes the standard ignores, read as a stream so that its findings say so
    expect(text('  data: indented\n\n').kind).toBe('stream');
    expect(text('Data: capitals\n\n').kind).toBe('stream');
    // a stream cut before its first blank line: no event dispatched, but an event stream
    expect(text('data: {"candidates":[]}').kind).toBe('stream');
  });
});
