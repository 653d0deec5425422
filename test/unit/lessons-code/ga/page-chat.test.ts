// The GaChatbot page's submit handler (GA at a826864, Apps/GaChatbot.Api/wwwroot/index.html lines
// 940–1005:
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/wwwroot/index.html#L940-L1005)
// driven by the in-page host, and the program's stream checks that the host's-stream demo shares
// with the program.

import { describe, expect, it } from 'vitest';
import {
  CHECK_WORDS,
  IMPROVISATION_QUESTION,
  MAX_BODY_BYTES,
  STREAM_PATH,
  VOICING_ANSWER,
  VOICING_QUESTION,
  answerWithLf,
  checkHostStream,
  consumePageStream,
  createInPageHost,
  createPageChat,
  eventKind,
  readStandard,
  submitPageMessage,
  type FetchLike,
  type HistoryTurn,
  type PageConsume,
} from '../../../../lessons-code/index.ts';

const FAILURE_JSON = '{"error":"Failed to process message. Please try again."}';

/** The in-page host, recording every request body it receives. */
function recordingHost(): { host: FetchLike; bodies: unknown[]; paths: string[] } {
  const inner = createInPageHost();
  const bodies: unknown[] = [];
  const paths: string[] = [];
  const host: FetchLike = async (input, init) => {
    paths.push(input);
    bodies.push(JSON.parse(String(init?.body)));
    return inner(input, init);
  };
  return { host, bodies, paths };
}

/** Exercise 3's fix, as a learner might write it: the page's reader, but an `{"error":…}` event throws. */
const throwingConsume: PageConsume = async (body, onText) => {
  const text = await new Response(body).text();
  let answer = '';
  for (const data of readStandard(text)) {
    if (data === '[DONE]') break;
    if (data.startsWith('{')) {
      const parsed = JSON.parse(data) as { type?: string; error?: string };
      if (typeof parsed.error === 'string') throw new Error(parsed.error);
      if (parsed.type === 'routing') continue;
    }
    answer += data;
    onText?.(answer, null);
  }
  return { answer };
};

describe('the GaChatbot page submit handler', () => {
  it('shows the failure stream raw JSON as the answer and stores it in the history', async () => {
    const { host, paths } = recordingHost();
    const history: HistoryTurn[] = [];
    const submission = await submitPageMessage(host, IMPROVISATION_QUESTION, history);
    expect(paths).toEqual([STREAM_PATH]);
    expect(submission?.status).toBe(200);
    expect(submission?.bubbles).toEqual([
      { role: 'user', text: IMPROVISATION_QUESTION, meta: null },
      { role: 'assistant', text: FAILURE_JSON, meta: null },
    ]);
    expect(submission?.error).toBeNull();
    expect(history).toEqual([
      { role: 'user', content: IMPROVISATION_QUESTION },
      { role: 'assistant', content: FAILURE_JSON },
    ]);
  });

  it('with a consume that throws on the error event, shows Request failed and keeps the history empty', async () => {
    const history: HistoryTurn[] = [];
    const submission = await submitPageMessage(createInPageHost(), IMPROVISATION_QUESTION, history, throwingConsume);
    expect(submission?.bubbles.map((b) => b.text)).toEqual([
      IMPROVISATION_QUESTION,
      'Request failed: Failed to process message. Please try again.',
    ]);
    expect(submission?.pushed).toBe(false);
    expect(history).toEqual([]);
  });

  it('renders the voicing answer exactly, with the routing meta, and pushes both turns', async () => {
    const chat = createPageChat(createInPageHost());
    const submission = await chat.submit(VOICING_QUESTION);
    expect(submission?.bubbles[1]).toEqual({
      role: 'assistant',
      text: VOICING_ANSWER,
      meta: 'voicing via deterministic-voicing-guard',
    });
    expect(submission?.routing?.agentId).toBe('voicing');
    expect(chat.history).toEqual([
      { role: 'user', content: VOICING_QUESTION },
      { role: 'assistant', content: VOICING_ANSWER },
    ]);
    expect(chat.bubbles).toHaveLength(2);
  });

  it('sends the history so far with the next request, the error turn included', async () => {
    const { host, bodies } = recordingHost();
    const chat = createPageChat(host);
    await chat.submit(IMPROVISATION_QUESTION);
    const second = await chat.submit('  ' + VOICING_QUESTION + '\n');
    expect(bodies[0]).toEqual({ message: IMPROVISATION_QUESTION, conversationHistory: [] });
    expect(bodies[1]).toEqual({
      message: VOICING_QUESTION, // trimmed, as the page does
      conversationHistory: [
        { role: 'user', content: IMPROVISATION_QUESTION },
        { role: 'assistant', content: FAILURE_JSON },
      ],
    });
    expect(second?.requestBody).toBe(JSON.stringify(bodies[1]));
    expect(chat.history).toHaveLength(4);
    expect(chat.bubbles.map((b) => b.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('sends nothing for a blank message', async () => {
    const { host, bodies } = recordingHost();
    const chat = createPageChat(host);
    expect(await chat.submit(' \n\t ')).toBeNull();
    expect(bodies).toEqual([]);
    expect(chat.bubbles).toEqual([]);
  });

  it('turns a non-OK response into Request failed with its body, and pushes nothing', async () => {
    const chat = createPageChat(createInPageHost());
    const submission = await chat.submit('x'.repeat(MAX_BODY_BYTES + 1));
    expect(submission?.status).toBe(400);
    const failed = submission!.bubbles[1]!.text;
    expect(failed.startsWith('Request failed: {')).toBe(true);
    expect(JSON.parse(failed.slice('Request failed: '.length))).toMatchObject({
      status: 400,
      detail: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
    expect(chat.history).toEqual([]);
  });

  it('uses HTTP and the status when a non-OK response has no body', async () => {
    const host: FetchLike = async () => new Response(null, { status: 502 });
    const submission = await submitPageMessage(host, 'hi', []);
    expect(submission?.bubbles[1]?.text).toBe('Request failed: HTTP 502');
  });

  it('shows a failed request as Request failed with the error message', async () => {
    const host: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const history: HistoryTurn[] = [];
    const submission = await submitPageMessage(host, 'hi', history);
    expect(submission?.status).toBeNull();
    expect(submission?.bubbles[1]?.text).toBe('Request failed: Failed to fetch');
    expect(history).toEqual([]);
  });

  it('shows the message property of what consume threw: undefined for a thrown string, as the page does', async () => {
    const stringThrown: PageConsume = async () => {
      throw 'Failed to process message. Please try again.';
    };
    const objectThrown: PageConsume = async () => {
      throw { message: 'not an Error, but it has a message' };
    };
    const history: HistoryTurn[] = [];
    const fromString = await submitPageMessage(createInPageHost(), IMPROVISATION_QUESTION, history, stringThrown);
    expect(fromString?.bubbles[1]?.text).toBe('Request failed: undefined');
    expect(fromString?.error).toBe('undefined');
    const fromObject = await submitPageMessage(createInPageHost(), IMPROVISATION_QUESTION, history, objectThrown);
    expect(fromObject?.bubbles[1]?.text).toBe('Request failed: not an Error, but it has a message');
    expect(history).toEqual([]);
  });

  it('keeps the partial answer bubble when consume throws after some text', async () => {
    const host: FetchLike = async () =>
      new Response(`data: Half an answer\n\n${'data: ' + FAILURE_JSON}\n\n`, {
        headers: { 'Content-Type': 'text/event-stream' },
      });
    const submission = await submitPageMessage(host, 'hi', [], throwingConsume);
    expect(submission?.bubbles.map((b) => b.text)).toEqual([
      'hi',
      'Half an answer',
      'Request failed: Failed to process message. Please try again.',
    ]);
  });

  it('stores (empty response) when the stream has no text, and shows no assistant bubble', async () => {
    const host: FetchLike = async () => new Response('data: [DONE]\n\n');
    const history: HistoryTurn[] = [];
    const submission = await submitPageMessage(host, 'hi', history);
    expect(submission?.bubbles).toHaveLength(1);
    expect(history[1]).toEqual({ role: 'assistant', content: '(empty response)' });
  });

  it('accepts a consume that never reports text, and still shows its answer', async () => {
    const silent: PageConsume = async (body) => ({ answer: (await consumePageStream(body)).answer });
    const submission = await submitPageMessage(createInPageHost(), VOICING_QUESTION, [], silent);
    expect(submission?.bubbles[1]).toEqual({ role: 'assistant', text: VOICING_ANSWER, meta: null });
  });
});

describe("the program's checks of the host's stream", () => {
  it('passes both on the voicing stream, as the program prints', async () => {
    const host = createInPageHost();
    const post = (path: string) =>
      host(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: VOICING_QUESTION }),
      });
    const stream = await (await post(STREAM_PATH)).text();
    const checks = checkHostStream(stream, answerWithLf(VOICING_ANSWER));
    expect(checks.events.map(eventKind)).toEqual(['routing', 'text', '[DONE]']);
    expect(checks.joined).toBe(VOICING_ANSWER);
    expect(checks.joinedEqualsAnswer).toBe(true);
    expect(checks.writerGivesHostBytes).toBe(true);
    expect(CHECK_WORDS.joined.yes).toBe('yes (line breaks as LF)');
  });

  it('fails the writer check when the bytes differ', () => {
    const checks = checkHostStream('data: {"type":"routing"}\n\ndata: a\n\n', 'a');
    expect(checks.joinedEqualsAnswer).toBe(true);
    expect(checks.writerGivesHostBytes).toBe(false); // no [DONE]
  });

  it('makes CRLF and CR line ends LF', () => {
    expect(answerWithLf('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });
});
