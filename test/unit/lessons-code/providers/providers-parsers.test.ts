// The details real provider streams have, each with the smallest stream that shows it.

import { describe, expect, it } from 'vitest';
import { PROVIDER_RECORDINGS, readProviderStream, routeProviderEvent } from '../../../../lessons-code/index.ts';
import { bodyOfPieces, dataEvents, namedEvents, readRecordingCalls } from './provider-helpers.ts';

const enc = new TextEncoder();
const oa = (type: string, rest: Record<string, unknown> = {}, n = 0) =>
  [type, JSON.stringify({ type, sequence_number: n, ...rest })] as [string, string];
const completed = oa('response.completed', { response: { id: 'r', status: 'completed' } }, 99);
const anth = (type: string, rest: Record<string, unknown> = {}) =>
  [type, JSON.stringify({ type, ...rest })] as [string, string];
const delta = (d: Record<string, unknown>) => anth('content_block_delta', { index: 0, delta: d });
const readOA = (...events: [string, string][]) => readProviderStream('openai', bodyOfPieces([namedEvents(...events)]));
const gem = (parts: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ candidates: [{ content: { parts, role: 'model' }, ...extra, index: 0 }] });

describe('OpenAI Responses', () => {
  it('routes by the payload’s type, not by the event: line', async () => {
    const lying = namedEvents(
      [
        'response.output_text.delta',
        JSON.stringify({ type: 'response.reasoning_summary_text.delta', delta: 'thinking' }),
      ],
      ['message', JSON.stringify({ type: 'response.output_text.delta', delta: 'said' })],
      completed,
    );
    expect(await readProviderStream('openai', bodyOfPieces([lying]))).toMatchObject({
      answer: 'said',
      reasoning: 'thinking',
      complete: true,
    });
  });

  it('reads reasoning from both summary text and raw reasoning text', async () => {
    const stream = namedEvents(
      oa('response.reasoning_summary_text.delta', { delta: 'A' }),
      oa('response.reasoning_text.delta', { delta: 'B' }),
      completed,
    );
    expect(await readProviderStream('openai', bodyOfPieces([stream]))).toMatchObject({
      answer: '',
      reasoning: 'AB',
      complete: true,
    });
  });

  it('lets every other *.delta reach neither channel (a refusal’s too: see below)', async () => {
    const others = [
      'response.function_call_arguments.delta',
      'response.code_interpreter_call_code.delta',
      'response.custom_tool_call_input.delta',
      'response.mcp_call_arguments.delta',
      'response.audio.transcript.delta',
      'response.future_thing.delta',
    ];
    const stream = namedEvents(
      oa('response.output_text.delta', { delta: 'ok' }),
      ...others.map((type) => oa(type, { delta: '{"x":1}' })),
      oa('response.output_text.annotation.added', { annotation: { type: 'url_citation', url: 'https://example.org' } }),
      completed,
    );
    const { result, calls } = await readRecordingCalls('openai', stream);
    expect(result).toMatchObject({ answer: 'ok', reasoning: '', complete: true });
    expect(calls).toEqual([['answer', 'ok', 'ok']]);
  });

  it('skips data: [DONE] from OpenAI-compatible servers that send data: lines only', async () => {
    const stream = dataEvents('\n', oa('response.output_text.delta', { delta: 'hi' })[1], completed[1], '[DONE]');
    expect(routeProviderEvent('openai', '[DONE]')).toEqual([{ kind: 'ignored', name: '[DONE]' }]);
    expect(await readProviderStream('openai', bodyOfPieces([stream]))).toEqual({
      answer: 'hi',
      reasoning: '',
      complete: true,
      ending: { kind: 'complete', event: 'response.completed', reason: '', message: '' },
    });
  });

  it('is complete only after response.completed; a body that ends before is cut', async () => {
    const text = oa('response.output_text.delta', { delta: 'Half' });
    expect(await readOA(text)).toEqual({
      answer: 'Half',
      reasoning: '',
      complete: false,
      ending: { kind: 'cut', error: '' },
    });
    expect(await readOA(text, completed)).toMatchObject({
      answer: 'Half',
      complete: true,
      ending: { kind: 'complete' },
    });
  });

  it('response.incomplete: the token limit, the content filter, or a reason the reader does not know', async () => {
    const text = oa('response.output_text.delta', { delta: 'Half' });
    const incomplete = (reason?: string) =>
      oa(
        'response.incomplete',
        { response: { status: 'incomplete', incomplete_details: reason === undefined ? null : { reason } } },
        9,
      );
    expect(await readOA(text, incomplete('max_output_tokens'))).toEqual({
      answer: 'Half',
      reasoning: '',
      complete: false,
      ending: { kind: 'token-limit', event: 'response.incomplete', reason: 'max_output_tokens', message: '' },
    });
    expect((await readOA(text, incomplete('content_filter'))).ending).toEqual({
      kind: 'refused',
      event: 'response.incomplete',
      reason: 'content_filter',
      message: '',
    });
    expect((await readOA(text, incomplete('a_future_reason'))).ending).toEqual({
      kind: 'failed',
      event: 'response.incomplete',
      reason: 'a_future_reason',
      message: '',
    });
    expect((await readOA(text, incomplete())).ending).toEqual({
      kind: 'failed',
      event: 'response.incomplete',
      reason: '',
      message: '',
    });
  });

  it(
    'a refusal reaches neither channel; the turn that completes after it is refused, ' + 'with the refusal’s text',
    async () => {
      const refusal = (delta: string) =>
        oa('response.refusal.delta', { item_id: 'm', output_index: 1, content_index: 0, delta });
      const { result, calls } = await readRecordingCalls(
        'openai',
        namedEvents(
          oa('response.reasoning_summary_text.delta', { delta: 'Hmm' }),
          refusal('I can’t'),
          refusal(' help.'),
          completed,
        ),
      );
      expect(calls).toEqual([['reasoning', 'Hmm', 'Hmm']]);
      expect(result).toEqual({
        answer: '',
        reasoning: 'Hmm',
        complete: false,
        ending: { kind: 'refused', event: 'response.completed', reason: 'refusal', message: 'I can’t help.' },
      });
      // Without its closing event, a refusal is a cut like any other turn.
      expect((await readOA(refusal('I can’t'))).ending).toEqual({ kind: 'cut', error: '' });
    },
  );

  it('response.failed: a failure with the response’s error code and message', async () => {
    const failed = oa('response.failed', {
      response: { status: 'failed', error: { code: 'server_error', message: 'The model crashed.' } },
    });
    expect(await readOA(oa('response.output_text.delta', { delta: 'Half' }), failed)).toEqual({
      answer: 'Half',
      reasoning: '',
      complete: false,
      ending: { kind: 'failed', event: 'response.failed', reason: 'server_error', message: 'The model crashed.' },
    });
  });

  it(
    'the error event, its message at the top level or nested in an error object; the ' +
      'first failure wins over a later close',
    async () => {
      const top = oa('error', { code: 'rate_limit_exceeded', message: 'Slow down.', param: null });
      expect((await readOA(top, completed)).ending).toEqual({
        kind: 'failed',
        event: 'error',
        reason: 'rate_limit_exceeded',
        message: 'Slow down.',
      });
      const nested = [
        'error',
        JSON.stringify({
          type: 'error',
          error: { type: 'server_error', code: 'internal_error', message: 'Something broke.', param: null },
        }),
      ] as [string, string];
      expect((await readOA(nested)).ending).toEqual({
        kind: 'failed',
        event: 'error',
        reason: 'internal_error',
        message: 'Something broke.',
      });
      const typeOnly = [
        'error',
        JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'Bad input.' } }),
      ] as [string, string];
      expect((await readOA(typeOnly)).ending).toEqual({
        kind: 'failed',
        event: 'error',
        reason: 'invalid_request_error',
        message: 'Bad input.',
      });
      // An error with no words at all still ends the turn as failed; the page then names the event instead.
      expect((await readOA(['error', '{"type":"error"}'])).ending).toEqual({
        kind: 'failed',
        event: 'error',
        reason: '',
        message: '',
      });
    },
  );
});

describe('Anthropic Messages', () => {
  it('parses padded JSON: spaces before the closing brace change nothing', async () => {
    const stream = enc.encode(
      'event: content_block_delta\ndata: ' +
        '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"} ' +
        '     }\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"    }\n\n',
    );
    expect(await readProviderStream('anthropic', bodyOfPieces([stream]))).toMatchObject({
      answer: 'Hi',
      complete: true,
    });
  });

  it('sends text_delta to the answer and thinking_delta to the reasoning; empty thinking is not notified', async () => {
    const stream = namedEvents(
      delta({ type: 'thinking_delta', thinking: 'Hmm' }),
      delta({ type: 'thinking_delta', thinking: '' }),
      delta({ type: 'text_delta', text: 'Yes' }),
      anth('message_stop'),
    );
    const { result, calls } = await readRecordingCalls('anthropic', stream);
    expect(result).toMatchObject({ answer: 'Yes', reasoning: 'Hmm', complete: true });
    expect(calls).toEqual([
      ['reasoning', 'Hmm', 'Hmm'],
      ['answer', 'Yes', 'Yes'],
    ]);
  });

  it('lets signature, tool input, citations and unknown deltas reach neither channel', async () => {
    const stream = namedEvents(
      delta({ type: 'signature_delta', signature: 'c2ln' }),
      delta({ type: 'input_json_delta', partial_json: '{"q":' }),
      delta({ type: 'citations_delta', citation: { type: 'char_location', cited_text: 'x' } }),
      delta({ type: 'sparkle_delta', text: 'no' }),
      anth('ping'),
      anth('shiny_new_event', { text: 'no' }),
      anth('message_stop'),
    );
    const { result, calls } = await readRecordingCalls('anthropic', stream);
    expect(result).toMatchObject({ answer: '', reasoning: '', complete: true });
    expect(calls).toEqual([]);
  });

  it('concatenates the text of several blocks as it arrives', async () => {
    const block = (index: number, text: string) =>
      anth('content_block_delta', { index, delta: { type: 'text_delta', text } });
    const stream = namedEvents(
      block(0, 'One. '),
      anth('content_block_stop', { index: 0 }),
      block(2, 'Two.'),
      anth('message_stop'),
    );
    expect(await readProviderStream('anthropic', bodyOfPieces([stream]))).toMatchObject({
      answer: 'One. Two.',
      complete: true,
    });
  });

  it(
    'counts message_stop only once dispatched: without its blank line at the end of ' + 'the body it is dropped',
    async () => {
      const start = namedEvents(delta({ type: 'text_delta', text: 'Almost' }));
      for (const [ending, complete] of [
        ['\n\n', true],
        ['\r\n\r\n', true],
        ['\n', false],
        ['', false],
      ] as const) {
        const body = new Uint8Array([
          ...start,
          ...enc.encode('event: message_stop\ndata: {"type":"message_stop"}' + ending),
        ]);
        expect(await readProviderStream('anthropic', bodyOfPieces([body]))).toMatchObject({
          answer: 'Almost',
          complete,
        });
      }
    },
  );

  it('ends as a failure on an error event, with its type and message', async () => {
    const stream = namedEvents(
      delta({ type: 'text_delta', text: 'Par' }),
      anth('error', { error: { type: 'overloaded_error', message: 'Overloaded' } }),
    );
    expect(await readProviderStream('anthropic', bodyOfPieces([stream]))).toEqual({
      answer: 'Par',
      reasoning: '',
      complete: false,
      ending: { kind: 'failed', event: 'error', reason: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it(
    'message_stop closes the turn as the stop_reason before it says: complete (the model finished, or ended a ' +
      'round the host follows with another call), token limit, refused, or not known',
    async () => {
      const ending = async (stopReason: string | null, stopDetails?: unknown) => {
        const messageDelta = anth('message_delta', {
          delta: {
            stop_reason: stopReason,
            stop_sequence: null,
            ...(stopDetails ? { stop_details: stopDetails } : {}),
          },
          usage: { output_tokens: 9 },
        });
        return (
          await readProviderStream(
            'anthropic',
            bodyOfPieces([namedEvents(delta({ type: 'text_delta', text: 'Hi' }), messageDelta, anth('message_stop'))]),
          )
        ).ending;
      };
      for (const reason of ['end_turn', 'stop_sequence'])
        expect(await ending(reason)).toEqual({ kind: 'complete', event: 'message_stop', reason, message: '' });
      // A round that asks for tools, and a long turn the API paused: the stream closes normally, nothing
      // is missing from it, and the reason is what tells the host to call the model again.
      for (const reason of ['tool_use', 'pause_turn'])
        expect(await ending(reason)).toEqual({ kind: 'complete', event: 'message_stop', reason, message: '' });
      for (const reason of ['max_tokens', 'model_context_window_exceeded'])
        expect(await ending(reason)).toEqual({ kind: 'token-limit', event: 'message_stop', reason, message: '' });
      expect(await ending('refusal')).toEqual({
        kind: 'refused',
        event: 'message_stop',
        reason: 'refusal',
        message: '',
      });
      expect(await ending('refusal', { type: 'refusal', category: null, explanation: 'Declined by policy.' })).toEqual({
        kind: 'refused',
        event: 'message_stop',
        reason: 'refusal',
        message: 'Declined by policy.',
      });
      expect(await ending('a_future_reason')).toEqual({
        kind: 'failed',
        event: 'message_stop',
        reason: 'a_future_reason',
        message: '',
      });
      expect(await ending(null)).toEqual({ kind: 'complete', event: 'message_stop', reason: '', message: '' });
    },
  );

  it('a stop reason without its message_stop is a cut: the closing event decides', async () => {
    const stream = namedEvents(
      delta({ type: 'text_delta', text: 'Hi' }),
      anth('message_delta', { delta: { stop_reason: 'max_tokens', stop_sequence: null }, usage: { output_tokens: 9 } }),
    );
    expect(await readProviderStream('anthropic', bodyOfPieces([stream]))).toEqual({
      answer: 'Hi',
      reasoning: '',
      complete: false,
      ending: { kind: 'cut', error: '' },
    });
  });
});

describe('Gemini streamGenerateContent', () => {
  it('reads events separated by CRLF CRLF, and by LF LF', async () => {
    for (const lineEnd of ['\r\n', '\n'] as const) {
      const stream = dataEvents(
        lineEnd,
        gem([{ text: 'Thinking', thought: true }]),
        gem([{ text: 'Answer' }], { finishReason: 'STOP' }),
      );
      expect(await readProviderStream('gemini', bodyOfPieces([stream]))).toEqual({
        answer: 'Answer',
        reasoning: 'Thinking',
        complete: true,
        ending: { kind: 'complete', event: 'finishReason', reason: 'STOP', message: '' },
      });
    }
  });

  it(
    'routes the parts of one chunk in order; a part with no text or an empty one, ' +
      'such as a signature’s, reaches neither channel',
    async () => {
      const stream = dataEvents(
        '\r\n',
        gem([
          { text: 'A', thought: true },
          { text: 'B' },
          { thoughtSignature: 'c2ln' },
          { text: 'C', thoughtSignature: 'c2ln' },
        ]),
        gem([{ text: '', thoughtSignature: 'c2ln' }], { finishReason: 'STOP' }),
      );
      const { result, calls } = await readRecordingCalls('gemini', stream);
      expect(calls).toEqual([
        ['reasoning', 'A', 'A'],
        ['answer', 'B', 'B'],
        ['answer', 'C', 'BC'],
      ]);
      expect(result.complete).toBe(true);
      expect(routeProviderEvent('gemini', gem([{ thoughtSignature: 'c2ln' }]))).toEqual([
        { kind: 'ignored', name: 'part thoughtSignature' },
      ]);
      // The signature part as streams send it: an empty text beside the signature. It is no answer text.
      expect(routeProviderEvent('gemini', gem([{ text: '', thoughtSignature: 'c2ln' }]))).toEqual([
        { kind: 'ignored', name: 'part text "" thoughtSignature' },
      ]);
    },
  );

  it('reads the first candidate only', async () => {
    const two = JSON.stringify({
      candidates: [
        { content: { parts: [{ text: 'second' }], role: 'model' }, index: 1 },
        { content: { parts: [{ text: 'first' }], role: 'model' }, finishReason: 'STOP', index: 0 },
      ],
    });
    expect(await readProviderStream('gemini', bodyOfPieces([dataEvents('\r\n', two)]))).toMatchObject({
      answer: 'first',
      complete: true,
    });
  });

  it(
    'no candidates: a blocked prompt is refused (the rule is ' +
      'promptFeedback.blockReason); a chunk without them carries nothing',
    async () => {
      const blocked = dataEvents(
        '\r\n',
        JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 5 } }),
      );
      expect(await readProviderStream('gemini', bodyOfPieces([blocked]))).toEqual({
        answer: '',
        reasoning: '',
        complete: false,
        ending: { kind: 'refused', event: 'promptFeedback.blockReason', reason: 'SAFETY', message: '' },
      });
      const bare = dataEvents('\r\n', JSON.stringify({ usageMetadata: { promptTokenCount: 5 } }));
      expect(await readProviderStream('gemini', bodyOfPieces([bare]))).toMatchObject({
        complete: false,
        ending: { kind: 'cut' },
      });
    },
  );

  it(
    'ends as a failure on an error object framed as an event (Google’s error shape), ' + 'even after a finishReason',
    async () => {
      const error = JSON.stringify({
        error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
      });
      const stream = dataEvents('\r\n', gem([{ text: 'Play E' }]), error);
      expect(await readProviderStream('gemini', bodyOfPieces([stream]))).toEqual({
        answer: 'Play E',
        reasoning: '',
        complete: false,
        ending: {
          kind: 'failed',
          event: 'error',
          reason: 'UNAVAILABLE',
          message: 'The model is overloaded. Please try again later.',
        },
      });
      const afterClose = dataEvents('\r\n', gem([{ text: 'Play E' }], { finishReason: 'STOP' }), error);
      expect(await readProviderStream('gemini', bodyOfPieces([afterClose]))).toMatchObject({
        complete: false,
        ending: { kind: 'failed' },
      });
      expect(routeProviderEvent('gemini', JSON.stringify({ error: { message: 'x' } }))).toEqual([
        { kind: 'failure', name: 'error', code: '', message: 'x' },
      ]);
    },
  );

  it(
    'ends as a failure on a bare JSON error after the last event; a tail that is not ' +
      'one, or not whole, leaves the turn cut',
    async () => {
      const pretty =
        '{\n  "error": {\n    "code": 503,\n    "message": "Overloaded.",\n    "status": "UNAVAILABLE"\n  }\n}\n';
      const start = dataEvents('\r\n', gem([{ text: 'Play E' }]));
      const read = (tail: string) => readProviderStream('gemini', bodyOfPieces([start, enc.encode(tail)]));
      expect(await read(pretty)).toEqual({
        answer: 'Play E',
        reasoning: '',
        complete: false,
        ending: { kind: 'failed', event: 'error', reason: 'UNAVAILABLE', message: 'Overloaded.' },
      });
      expect((await read(pretty.slice(0, -3))).ending).toEqual({ kind: 'cut', error: '' }); // the object never closed
      expect((await read('{"candidates": []}\n')).ending).toEqual({ kind: 'cut', error: '' }); // JSON, but no error
      expect((await read('data: {"candidates": [')).ending).toEqual({ kind: 'cut', error: '' });
      // Only Gemini's bodies are read that way: the same tail after an Anthropic event is dropped, as the
      // standard says.
      const anthropicStart = namedEvents(delta({ type: 'text_delta', text: 'Play E' }));
      expect(
        (await readProviderStream('anthropic', bodyOfPieces([anthropicStart, enc.encode(pretty)]))).ending,
      ).toEqual({ kind: 'cut', error: '' });
    },
  );

  it(
    'finishReason closes the turn and says how: finished, token limit, blocked, or ' +
      'not known; the last one said wins',
    async () => {
      const ending = async (...reasons: string[]) =>
        (
          await readProviderStream(
            'gemini',
            bodyOfPieces([
              dataEvents('\r\n', ...reasons.map((finishReason) => gem([{ text: 'Short' }], { finishReason }))),
            ]),
          )
        ).ending;
      expect(await ending('STOP')).toEqual({ kind: 'complete', event: 'finishReason', reason: 'STOP', message: '' });
      expect(await ending('MAX_TOKENS')).toEqual({
        kind: 'token-limit',
        event: 'finishReason',
        reason: 'MAX_TOKENS',
        message: '',
      });
      for (const reason of [
        'SAFETY',
        'RECITATION',
        'LANGUAGE',
        'BLOCKLIST',
        'PROHIBITED_CONTENT',
        'SPII',
        'IMAGE_SAFETY',
      ]) {
        expect(await ending(reason)).toEqual({ kind: 'refused', event: 'finishReason', reason, message: '' });
      }
      for (const reason of ['OTHER', 'MALFORMED_FUNCTION_CALL', 'FINISH_REASON_UNSPECIFIED', 'A_FUTURE_REASON']) {
        expect(await ending(reason)).toEqual({ kind: 'failed', event: 'finishReason', reason, message: '' });
      }
      expect(await ending('STOP', 'MAX_TOKENS')).toMatchObject({ kind: 'token-limit' });
    },
  );

  it('cannot tell a cut stream when the server repeats finishReason on every chunk', async () => {
    const repeated = PROVIDER_RECORDINGS.find((r) => r.id === 'gemini-repeated-finish')!;
    const firstChunk = enc.encode(repeated.text.slice(0, repeated.text.indexOf('\r\n\r\n') + 4));
    expect(await readProviderStream('gemini', bodyOfPieces([firstChunk]))).toMatchObject({
      answer: '',
      reasoning: expect.stringMatching(/^The user wants/),
      complete: true,
    });
  });
});

describe('the reader', () => {
  it('never lets reasoning reach the answer, on any recording', async () => {
    for (const recording of PROVIDER_RECORDINGS) {
      const { calls } = await readRecordingCalls(recording.provider, recording.bytes);
      const answerDeltas = calls
        .filter(([channel]) => channel === 'answer')
        .map(([, d]) => d)
        .join('');
      expect(answerDeltas).not.toMatch(/flamenco colour|Keep the answer short/);
      // Each notification's aggregate is every delta of its channel so far.
      for (const channel of ['answer', 'reasoning'] as const) {
        let sum = '';
        for (const [c, d, aggregate] of calls) if (c === channel) expect(aggregate).toBe((sum += d));
      }
    }
  });

  it('data that is not JSON reaches neither channel', () => {
    expect(routeProviderEvent('anthropic', '{"type":"content_block_delta",')).toEqual([
      { kind: 'ignored', name: '(not JSON)' },
    ]);
  });

  it('resolves as cut, with the error, when the body breaks mid-stream', async () => {
    const recording = PROVIDER_RECORDINGS[1]!;
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(recording.bytes.subarray(0, 1500));
        } else controller.error(new TypeError('network error'));
      },
    });
    const result = await readProviderStream('anthropic', body);
    expect(result).toMatchObject({
      complete: false,
      ending: { kind: 'cut', error: 'network error' },
      reasoning: expect.stringContaining('flamenco'),
    });
  });

  it('rejects when a listener throws, and cancels the body', async () => {
    let cancelled = false;
    const bytes = PROVIDER_RECORDINGS[0]!.bytes;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 3000));
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(
      readProviderStream('openai', body, {
        reasoning() {
          throw new Error('listener broke');
        },
      }),
    ).rejects.toThrow('listener broke');
    expect(cancelled).toBe(true);
  });
});
