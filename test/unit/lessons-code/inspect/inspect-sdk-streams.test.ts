// The stream inspector (lessons-code/inspect/inspect.ts: inspectBody) on streams from the providers'
// public SDK test suites: OpenAI's Chat Completions and Responses, Anthropic's Messages, Gemini's
// streamGenerateContent?alt=sse. The bodies are files of test/fixtures/sdk-streams/, each named with its
// repository, path, lines and commit in that folder's sources.ts. For each: the format and the event or
// field that decided it, the turn (answer, reasoning, tool calls, ending, usage) and the findings. The
// expected values are read from the streams themselves: the text of each delta, the line of each event
// (an Anthropic event is three lines, `event:`, `data:` and a blank one; the others two).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Evidence, FormatId } from '../../../../lessons-code/inspect/format.ts';
import { inspectBody, type InspectReport } from '../../../../lessons-code/inspect/inspect.ts';
import type { EndingView } from '../../../../lessons-code/inspect/turn.ts';
import { SDK_STREAMS } from '../../../fixtures/sdk-streams/sources.ts';

const FOLDER = new URL('../../../fixtures/sdk-streams/', import.meta.url);
const bodyOf = (file: string) => readFileSync(new URL(file, FOLDER), 'utf8');
const ids = (report: InspectReport) => report.findings.map((finding) => finding.id);
const usageOf = (report: InspectReport) => Object.fromEntries(report.turn.usage?.fields ?? []);
const evidence = (report: InspectReport, what: string) => report.format.evidence.find((sign) => sign.what === what);
/** A tool call as a host would run it: its name, its id and its arguments parsed. */
const calls = (report: InspectReport) =>
  report.turn.toolCalls.map((call) => ({ name: call.name, id: call.id, args: JSON.parse(call.arguments) }));

/**
 * A turn of text alone in the format detected: the first sign of the format, the first event of its
 * deltas (where and how often), the answer with no reasoning and no tool call, and how the turn ended.
 */
function expectTextTurn(
  report: InspectReport,
  expected: { format: FormatId; first: Evidence; deltas: Evidence; answer: string; ending: EndingView },
): void {
  expect(report.format.id).toBe(expected.format);
  expect(report.format.detected).toBe(expected.format);
  expect(report.format.evidence[0]).toEqual(expected.first);
  expect(evidence(report, expected.deltas.what)).toEqual(expected.deltas);
  expect(report.turn.answer).toBe(expected.answer);
  expect(report.turn.reasoning).toBe('');
  expect(report.turn.toolCalls).toEqual([]);
  expect(report.turn.ending).toEqual(expected.ending);
}

describe('the SDK streams kept as data', () => {
  it('each file of the folder is named in sources.ts, with its repository, path, lines and commit', () => {
    const files = SDK_STREAMS.map((source) => source.file).sort();
    expect(new Set(files).size).toBe(files.length);
    for (const source of SDK_STREAMS) {
      expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(source.path.length * source.lines.length * source.taken.length * source.carries.length).toBeGreaterThan(0);
      expect(bodyOf(source.file).length).toBeGreaterThan(0);
    }
  });
});

describe('OpenAI Chat Completions (openai-python recordings)', () => {
  it('two tool calls put together by index, finish_reason tool_calls, the usage chunk', () => {
    const report = inspectBody(bodyOf('openai-chat-tools.sse'));
    expect(report.format.id).toBe('openai-chat');
    expect(report.format.detected).toBe('openai-chat');
    // 25 chunks, then [DONE] on line 51.
    expect(report.format.evidence[0]).toEqual({ what: 'object: chat.completion.chunk', line: 1, count: 25 });
    expect(evidence(report, 'data: [DONE]')).toEqual({ what: 'data: [DONE]', line: 51, count: 1 });
    expect(report.turn.answer).toBe('');
    expect(report.turn.reasoning).toBe('');
    expect(calls(report)).toEqual([
      {
        name: 'GetWeatherArgs',
        id: 'call_JMW1whyEaYG438VE1OIflxA2',
        args: { city: 'Edinburgh', country: 'GB', units: 'c' },
      },
      { name: 'get_stock_price', id: 'call_DNYTawLBoN8fj3KN6qU9N1Ou', args: { ticker: 'AAPL', exchange: 'NASDAQ' } },
    ]);
    // The fragments as they came: `{"ci` + `ty": ` + `"Edinb` + … and `{"ti` + `cker"` + ….
    expect(report.turn.toolCalls.map((call) => [call.index, call.line, call.arguments])).toEqual([
      [0, 3, '{"city": "Edinburgh", "country": "GB", "units": "c"}'],
      [1, 27, '{"ticker": "AAPL", "exchange": "NASDAQ"}'],
    ]);
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'finish_reason',
      reason: 'tool_calls',
      message: '',
      line: 47,
    });
    expect(usageOf(report)).toEqual({
      prompt_tokens: 149,
      completion_tokens: 60,
      total_tokens: 209,
      'completion_tokens_details.reasoning_tokens': 0,
    });
    expect(report.turn.usage?.line).toBe(49);
    expect(report.findings).toEqual([]);
  });

  it('finish_reason length: the token limit, after the one token max_tokens=1 allowed', () => {
    const report = inspectBody(bodyOf('openai-chat-length.sse'));
    expect(report.format.id).toBe('openai-chat');
    expect(report.format.evidence[0]).toEqual({ what: 'object: chat.completion.chunk', line: 1, count: 4 });
    expect(report.turn.answer).toBe('{"');
    expect(report.turn.toolCalls).toEqual([]);
    expect(report.turn.ending).toEqual({
      kind: 'token-limit',
      event: 'finish_reason',
      reason: 'length',
      message: '',
      line: 5,
    });
    expect(usageOf(report)).toEqual({
      prompt_tokens: 79,
      completion_tokens: 1,
      total_tokens: 80,
      'completion_tokens_details.reasoning_tokens': 0,
    });
    expect(report.findings).toEqual([]);
  });

  it('a refusal in delta.refusal: refused, quoting it, with no answer', () => {
    const report = inspectBody(bodyOf('openai-chat-refusal.sse'));
    expect(report.format.id).toBe('openai-chat');
    expect(report.format.evidence[0]).toEqual({ what: 'object: chat.completion.chunk', line: 1, count: 13 });
    expect(report.turn.answer).toBe('');
    expect(report.turn.ending).toEqual({
      kind: 'refused',
      event: 'finish_reason',
      reason: 'stop',
      message: "I'm sorry, I can't assist with that request.",
      line: 23,
    });
    expect(usageOf(report)).toEqual({
      prompt_tokens: 79,
      completion_tokens: 11,
      total_tokens: 90,
      'completion_tokens_details.reasoning_tokens': 0,
    });
    expect(report.findings).toEqual([]);
  });
});

describe("OpenAI Responses (openai-node's snapshots)", () => {
  // The suite's bodies end with data: [DONE], which the Responses format does not send (its turn ends
  // with response.completed): the inspector notes it, and reads the turn whole.
  it('the text, response.completed and its usage; the [DONE] after it noted', () => {
    const report = inspectBody(bodyOf('openai-responses-text.sse'));
    expectTextTurn(report, {
      format: 'openai-responses',
      first: { what: 'type: response.created', line: 1, count: 1 },
      deltas: { what: 'type: response.output_text.delta', line: 7, count: 2 },
      answer: 'Hello world',
      ending: { kind: 'complete', event: 'response.completed', reason: '', message: '', line: 15 },
    });
    // response.created says 0 everywhere; response.completed's numbers replace them.
    expect(usageOf(report)).toEqual({
      input_tokens: 10,
      'input_tokens_details.cached_tokens': 0,
      output_tokens: 2,
      'output_tokens_details.reasoning_tokens': 0,
      total_tokens: 12,
    });
    expect(report.turn.usage?.line).toBe(15);
    expect(report.findings).toEqual([
      { id: 'doneUnexpected', severity: 'note', lines: [17], count: 1, detail: {}, lesson: 'routeByPayload' },
    ]);
  });

  it('raw reasoning (response.reasoning_text.delta) apart from the answer', () => {
    const report = inspectBody(bodyOf('openai-responses-reasoning.sse'));
    expect(report.format.id).toBe('openai-responses');
    expect(evidence(report, 'type: response.reasoning_text.delta')).toEqual({
      what: 'type: response.reasoning_text.delta',
      line: 7,
      count: 2,
    });
    expect(report.turn.reasoning).toBe('Chain: Step 1. Step 2.');
    expect(report.turn.answer).toBe('The answer is 42');
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'response.completed',
      reason: '',
      message: '',
      line: 21,
    });
    expect(usageOf(report)).toEqual({
      input_tokens: 0,
      'input_tokens_details.cached_tokens': 0,
      output_tokens: 6,
      'output_tokens_details.reasoning_tokens': 2,
      total_tokens: 6,
    });
    expect(ids(report)).toEqual(['doneUnexpected']);
    expect(report.findings[0]?.lines).toEqual([23]);
  });
});

describe("Anthropic Messages (anthropic-sdk-typescript's fixtures)", () => {
  it('text in three text_delta events, a ping, end_turn', () => {
    const report = inspectBody(bodyOf('anthropic-text.sse'));
    expectTextTurn(report, {
      format: 'anthropic',
      first: { what: 'type: message_start', line: 1, count: 1 },
      deltas: { what: 'type: content_block_delta', line: 10, count: 3 },
      answer: 'Hello there!',
      ending: { kind: 'complete', event: 'message_stop', reason: 'end_turn', message: '', line: 25 },
    });
    // message_start's usage, then message_delta's output_tokens in place of its 1.
    expect(usageOf(report)).toEqual({ input_tokens: 11, output_tokens: 6 });
    expect(report.turn.usage?.line).toBe(22);
    expect(report.stream.eventTypes).toContainEqual(['content_block_delta', 3]);
    expect(report.findings).toEqual([]);
  });

  it('a tool_use block whose input comes in input_json_delta fragments, stop_reason tool_use', () => {
    const report = inspectBody(bodyOf('anthropic-tool-use.sse'));
    expect(report.format.id).toBe('anthropic');
    expect(evidence(report, 'type: content_block_start')).toEqual({
      what: 'type: content_block_start',
      line: 4,
      count: 2,
    });
    expect(report.turn.answer).toBe("I'll check the current weather in Paris for you.");
    expect(calls(report)).toEqual([
      { name: 'get_weather', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', args: { location: 'Paris' } },
    ]);
    // Fragments "", `{"locati`, `on": "P`, `ar`, `is"}` of block 1, started on line 19.
    expect(report.turn.toolCalls[0]).toMatchObject({ index: 1, line: 19, arguments: '{"location": "Paris"}' });
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'message_stop',
      reason: 'tool_use',
      message: '',
      line: 43,
    });
    expect(usageOf(report)).toEqual({
      input_tokens: 377,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 65,
    });
    expect(report.findings).toEqual([]);
  });

  it('max_tokens in the middle of a tool input: the token limit, and the input left unfinished', () => {
    const report = inspectBody(bodyOf('anthropic-max-tokens.sse'));
    expect(report.format.id).toBe('anthropic');
    expect(report.turn.answer).toBe(
      "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. " +
        'Let me do that for you now.',
    );
    expect(report.turn.toolCalls).toHaveLength(1);
    const call = report.turn.toolCalls[0]!;
    expect([call.index, call.id, call.name, call.line]).toEqual([1, 'toolu_01EKqbqmZrGRXy18eN7m9kvY', 'make_file', 28]);
    expect(call.arguments).toBe(
      '{"filename": "taxes.txt", "lines_of_text": [\n' +
        '"# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s",\n"",\n"## INTRODUCTION",\n"",\n"Filing taxes',
    );
    expect(() => JSON.parse(call.arguments)).toThrow(SyntaxError);
    expect(report.turn.ending).toEqual({
      kind: 'token-limit',
      event: 'message_stop',
      reason: 'max_tokens',
      message: '',
      line: 46,
    });
    expect(usageOf(report)).toEqual({
      input_tokens: 450,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 124,
    });
    // The stream is whole and well formed (its JSON has spaces in it, which JSON allows): the ending says
    // why the call's arguments stop half-way, and the one finding says they must not be run.
    expect(report.findings).toEqual([
      {
        id: 'toolArguments',
        severity: 'problem',
        lines: [28],
        count: 1,
        detail: { name: 'make_file' },
        lesson: 'turnEndings',
      },
    ]);
  });

  it('thinking_delta as reasoning, the signature left aside, stop_reason refusal', () => {
    const report = inspectBody(bodyOf('anthropic-thinking-refusal.sse'));
    expect(report.format.id).toBe('anthropic');
    expect(report.turn.reasoning).toBe(
      'Simple educational question about what a solar eclipse is. This is benign general knowledge — definitions ' +
        'are fine. Also the user called me "claudius" — I\'m Claude. Minor correction or just roll with it politely.',
    );
    expect(report.turn.answer).toBe('Hi');
    // stop_details.explanation is null: the refusal has no words of its own.
    expect(report.turn.ending).toEqual({
      kind: 'refused',
      event: 'message_stop',
      reason: 'refusal',
      message: '',
      line: 40,
    });
    expect(usageOf(report)).toEqual({
      input_tokens: 28,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      'cache_creation.ephemeral_5m_input_tokens': 0,
      'cache_creation.ephemeral_1h_input_tokens': 0,
      output_tokens: 106,
      'output_tokens_details.thinking_tokens': 67,
    });
    expect(report.findings).toEqual([]);
  });
});

describe("Gemini streamGenerateContent?alt=sse (js-genai's recordings and unit test)", () => {
  it('a recorded answer in 11 chunks, finishReason STOP on the last', () => {
    const body = bodyOf('gemini-text.sse');
    const report = inspectBody(body);
    expect(report.format.id).toBe('gemini');
    expect(report.format.detected).toBe('gemini');
    expect(report.format.evidence).toEqual([
      { what: 'candidates[].content.parts', line: 1, count: 11 },
      { what: 'usageMetadata', line: 1, count: 11 },
    ]);
    // Each chunk's one text part, in order.
    const parts = body
      .split('\n\n')
      .filter((event) => event !== '')
      .map((event) => JSON.parse(event.slice('data: '.length)).candidates[0].content.parts[0].text as string);
    expect(parts).toHaveLength(11);
    expect(report.turn.answer).toBe(parts.join(''));
    expect(report.turn.answer.startsWith('The sky is blue due to a phenomenon called **Rayleigh scattering**.')).toBe(
      true,
    );
    expect(report.turn.answer.endsWith('leading to variations in the blue intensity or even a hazy appearance.')).toBe(
      true,
    );
    expect(report.turn.reasoning).toBe('');
    expect(report.turn.toolCalls).toEqual([]);
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'finishReason',
      reason: 'STOP',
      message: '',
      line: 21,
    });
    // The last chunk's counts (the first ten said promptTokenCount 7 and no candidatesTokenCount).
    expect(usageOf(report)).toEqual({ promptTokenCount: 6, candidatesTokenCount: 377, totalTokenCount: 383 });
    expect(report.turn.usage?.line).toBe(21);
    expect(report.findings).toEqual([]);
  });

  it('a recorded functionCall (no id in the stream), finishReason STOP, no text', () => {
    const report = inspectBody(bodyOf('gemini-function-call.sse'));
    expect(report.format.id).toBe('gemini');
    expect(report.format.evidence[0]).toEqual({ what: 'candidates[].content.parts', line: 1, count: 1 });
    expect(report.turn.answer).toBe('');
    expect(calls(report)).toEqual([{ name: 'customDivide', id: '', args: { denominator: 2, numerator: 100 } }]);
    expect(report.turn.toolCalls[0]).toMatchObject({ index: null, line: 1 });
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'finishReason',
      reason: 'STOP',
      message: '',
      line: 1,
    });
    expect(usageOf(report)).toEqual({ candidatesTokenCount: 6, promptTokenCount: 21, totalTokenCount: 27 });
    expect(report.findings).toEqual([]);
  });

  it('three chunks ended by LF LF, CR CR and CRLF CRLF: all three read, the lone CRs pointed out', () => {
    const report = inspectBody(bodyOf('gemini-line-ends.sse'));
    expect(report.format.id).toBe('gemini');
    expect(report.format.evidence[0]).toEqual({ what: 'candidates[].content.parts', line: 1, count: 3 });
    expect(report.stream.lineEnds).toEqual({ lf: 2, crlf: 2, cr: 2, kind: 'mixed' });
    expect(report.stream.eventCount).toBe(3);
    expect(report.turn.answer).toBe('OneTwoThree');
    // Every chunk says STOP: the last one, on line 5, ends the turn.
    expect(report.turn.ending).toEqual({
      kind: 'complete',
      event: 'finishReason',
      reason: 'STOP',
      message: '',
      line: 5,
    });
    expect(usageOf(report)).toEqual({ promptTokenCount: 8, candidatesTokenCount: 1, totalTokenCount: 9 });
    // Lines 3 and 4 (the second chunk's data line and its blank line) end with a lone CR: a reader that
    // splits on LF alone would run the second chunk into the third.
    expect(report.findings).toEqual([
      { id: 'loneCr', severity: 'problem', lines: [3, 4], count: 2, detail: {}, lesson: 'fiveRules' },
    ]);
  });
});

describe('a copy cut in the middle of an event', () => {
  /** The body up to `mark`, which stands inside a `data:` line: the last line is cut. */
  const cut = (file: string, mark: string) => {
    const body = bodyOf(file);
    const at = body.indexOf(mark);
    expect(at).toBeGreaterThan(0);
    const text = body.slice(0, at);
    return { text, lastLine: text.split('\n').length };
  };

  it('Anthropic, inside an input_json_delta: cut before message_stop, the tool input as far as it came', () => {
    const { text, lastLine } = cut('anthropic-tool-use.sse', '"partial_json":"ar"');
    expect(lastLine).toBe(32);
    const report = inspectBody(text);
    expect(report.format.id).toBe('anthropic');
    expect(report.turn.ending.kind).toBe('cut');
    expect(report.turn.answer).toBe("I'll check the current weather in Paris for you.");
    expect(report.turn.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_weather', '{"location": "P'],
    ]);
    expect(report.findings).toEqual([
      {
        id: 'cut',
        severity: 'problem',
        lines: [32],
        count: 1,
        detail: { closing: 'message_stop' },
        lesson: 'turnEndings',
      },
      { id: 'discarded', severity: 'problem', lines: [32], count: 1, detail: {}, lesson: 'fiveRules' },
      {
        id: 'toolArguments',
        severity: 'problem',
        lines: [19],
        count: 1,
        detail: { name: 'get_weather' },
        lesson: 'turnEndings',
      },
    ]);
  });

  for (const [file, mark, closing] of [
    ['openai-responses-reasoning.sse', '"delta":"42"', 'response.completed'],
    ['gemini-text.sse', 'Atmospheric Particles', 'finishReason'],
  ] as const) {
    it(`${file}: cut before ${closing}`, () => {
      const { text, lastLine } = cut(file, mark);
      const report = inspectBody(text);
      expect(report.turn.ending.kind).toBe('cut');
      expect(ids(report)).toEqual(['cut', 'discarded']);
      expect(report.findings[0]).toMatchObject({ lines: [lastLine], detail: { closing } });
    });
  }

  it('Chat Completions, inside a tool call: no [DONE], so the turn is cut, whatever came before', () => {
    const { text, lastLine } = cut('openai-chat-tools.sse', '"arguments":"L\\", "');
    const report = inspectBody(text);
    expect(report.format.id).toBe('openai-chat');
    expect(report.turn.ending.kind).toBe('cut');
    expect(report.turn.toolCalls.map((call) => call.arguments)).toEqual([
      '{"city": "Edinburgh", "country": "GB", "units": "c"}',
      '{"ticker": "AAP',
    ]);
    // The second call's arguments stop half-way: not JSON, so not to be run; the first is whole.
    expect(ids(report)).toEqual(['doneMissing', 'discarded', 'toolArguments']);
    expect(report.findings[0]?.lines).toEqual([lastLine]);
    const unparsed = report.findings[2]!;
    expect(unparsed.lines).toEqual([report.turn.toolCalls[1]!.line]);
    expect(unparsed.detail).toEqual({ name: report.turn.toolCalls[1]!.name });
  });
});

describe("streams of vercel/ai's provider tests: newer features and other providers", () => {
  it("Vertex AI's streamed arguments: a call opened by its name, values by jsonPath, closed by an empty part", () => {
    const report = inspectBody(bodyOf('gemini-streamed-args.sse'));
    expect(report.format.id).toBe('gemini');
    // Two calls, not one per part: the parts with partialArgs alone, and the empty ones, belong to the open call.
    expect(calls(report)).toEqual([
      { name: 'getWeather', id: '', args: { location: 'Boston' } },
      { name: 'getWeather', id: '', args: { location: 'San Francisco' } },
    ]);
    expect(report.turn.toolCalls.map((call) => call.line)).toEqual([1, 9]);
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'STOP', line: 15 });
    expect(report.findings).toEqual([]);
  });

  it('streamed arguments after a thought and a whole call with no args; an array of objects, no closing part', () => {
    const thoughts = inspectBody(bodyOf('gemini-streamed-args-thoughts.sse'));
    expect(thoughts.turn.reasoning.startsWith('**Processing User Requests**')).toBe(true);
    expect(thoughts.turn.answer).toBe('');
    expect(calls(thoughts)).toEqual([
      { name: 'read_theme', id: '', args: {} },
      { name: 'read_screen', id: '', args: { id: 'A' } },
      { name: 'read_screen', id: '', args: { id: 'B' } },
      { name: 'read_screen', id: '', args: { id: 'C' } },
    ]);
    expect(thoughts.findings).toEqual([]);

    const array = inspectBody(bodyOf('gemini-streamed-args-array.sse'));
    expect(calls(array)).toEqual([
      {
        name: 'writeItems',
        id: '',
        args: {
          operations: [
            { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
            { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
          ],
        },
      },
    ]);
    expect(array.turn.ending).toMatchObject({ kind: 'complete', reason: 'STOP' });
    expect(array.findings).toEqual([]);
  });

  it('streamed arguments at hostile paths: own properties only, no prototype reached, no array stretched', () => {
    /** A Gemini chunk of one functionCall part, with the candidate's other fields. */
    const event = (functionCall: object, more: object = {}) =>
      `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ functionCall }] }, ...more }] })}\n\n`;
    const piece = (partialArgs: object[]) => event({ partialArgs, willContinue: true });
    const body =
      event({ name: 'f', willContinue: true }) +
      piece([{ jsonPath: '$.__proto__.polluted', stringValue: 'yes' }]) +
      piece([{ jsonPath: '$.constructor.prototype.polluted', boolValue: true }]) +
      piece([{ jsonPath: '$.list[0]', numberValue: 1 }]) +
      piece([{ jsonPath: '$.list[99999999]', numberValue: 2 }]) +
      piece([{ jsonPath: '$.list.length', numberValue: 3 }]) +
      event({}, { finishReason: 'STOP' });
    const report = inspectBody(body);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(report.turn.toolCalls).toHaveLength(1);
    expect(report.turn.toolCalls[0]!.arguments).toBe(
      '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":true}},"list":[1]}',
    );
  });

  it("Mistral's content as a list of chunks: the thinking ones as reasoning, the text ones as the answer", () => {
    const report = inspectBody(bodyOf('mistral-thinking-chunks.sse'));
    expect(report.format.id).toBe('openai-chat');
    expect(report.turn.reasoning).toBe('The user is asking for 2+2. This is basic arithmetic. 2+2=4.');
    expect(report.turn.answer).toBe('2 + 2 = 4');
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'stop', line: 7 });
    expect(report.findings).toEqual([]);
  });

  it("a tool_use called from Claude's code: its input whole in content_block_start, no input_json_delta", () => {
    const report = inspectBody(bodyOf('anthropic-programmatic-tool.sse'));
    expect(report.format.id).toBe('anthropic');
    // The server_tool_use (code_execution) is run by the server: not a call for the host.
    expect(calls(report)).toEqual([
      { name: 'rollDie', id: 'toolu_019jKkXz4jAdwHweHBw92CVY', args: { player: 'player1' } },
    ]);
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'tool_use', line: 499 });
    expect(report.findings).toEqual([]);
  });

  // The others: read as they are, with no finding but the one the stream bears out.
  const table: {
    file: string;
    format: FormatId;
    answer: string;
    reasoning: string;
    calls: { name: string; id: string; args: unknown }[];
    ending: Partial<EndingView>;
    usage: Record<string, number>;
    findings: { id: string; lines: number[] }[];
  }[] = [
    {
      file: 'mistral-tool-no-index.sse',
      format: 'openai-chat',
      answer: '',
      reasoning: '',
      calls: [{ name: 'weather', id: 'gSIMJiOkT', args: { location: 'San Francisco' } }],
      ending: { kind: 'complete', reason: 'tool_calls', line: 3 },
      usage: { prompt_tokens: 124, completion_tokens: 22, total_tokens: 146 },
      // The call has no index: a reader that places fragments by index alone has nowhere to put it.
      findings: [{ id: 'toolIndex', lines: [3] }],
    },
    {
      file: 'mistral-tool-incremental.sse',
      format: 'openai-chat',
      answer: '',
      reasoning: '',
      calls: [
        { name: 'webSearchTool', id: 'chatcmpl-tool-9f149c74c42f265b', args: { query: 'current Berlin weather' } },
      ],
      ending: { kind: 'complete', reason: 'tool_calls', line: 5 },
      usage: {
        prompt_tokens: 171,
        completion_tokens: 14,
        total_tokens: 185,
        'prompt_tokens_details.cached_tokens': 128,
      },
      findings: [],
    },
    {
      file: 'groq-tool-call.sse',
      format: 'openai-chat',
      answer: '',
      reasoning: '',
      calls: [{ name: 'weather', id: 'tk85n1k4m', args: {} }],
      ending: { kind: 'complete', reason: 'tool_calls', line: 5 },
      usage: { prompt_tokens: 210, completion_tokens: 15, total_tokens: 225 },
      findings: [],
    },
    {
      file: 'xai-tool-call-reasoning.sse',
      format: 'openai-chat',
      answer: '',
      reasoning: 'First, the user is',
      calls: [{ name: 'weather', id: 'call_55117580', args: { location: 'San Francisco' } }],
      ending: { kind: 'complete', reason: 'tool_calls', line: 13 },
      usage: { prompt_tokens: 291, completion_tokens: 26, total_tokens: 513 },
      findings: [],
    },
    {
      file: 'moonshot-reasoning.sse',
      format: 'openai-chat',
      answer: 'Hello!',
      reasoning: 'Thinking aloud. ',
      calls: [],
      ending: { kind: 'complete', reason: 'stop', line: 7 },
      usage: { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 },
      findings: [],
    },
    {
      file: 'alibaba-tool-call.sse',
      format: 'openai-chat',
      answer: '',
      reasoning: '',
      calls: [{ name: 'weather', id: 'call_eee11723464a4b9eb8cee71d', args: { location: 'San Francisco' } }],
      ending: { kind: 'complete', reason: 'tool_calls', line: 9 },
      usage: { prompt_tokens: 295, completion_tokens: 22, total_tokens: 317 },
      findings: [],
    },
    {
      file: 'perplexity-chunk-done.sse',
      format: 'openai-chat',
      answer: 'The current population of **[2][3]',
      reasoning: '',
      calls: [],
      ending: { kind: 'complete', reason: 'stop', line: 15 },
      usage: { prompt_tokens: 10, completion_tokens: 336, total_tokens: 346 },
      findings: [],
    },
    {
      file: 'azure-chat-filter-results.sse',
      format: 'openai-chat',
      answer: 'Capital of Denmark.',
      reasoning: '',
      calls: [],
      ending: { kind: 'complete', reason: 'stop', line: 13 },
      usage: { prompt_tokens: 15, completion_tokens: 78, total_tokens: 93 },
      findings: [],
    },
    {
      file: 'anthropic-refusal-stop-details.sse',
      format: 'anthropic',
      answer: '',
      reasoning: '',
      calls: [],
      ending: {
        kind: 'refused',
        reason: 'refusal',
        message:
          'This request triggered restrictions on violative cyber content and was blocked under ' +
          "Anthropic's Usage Policy.",
      },
      usage: { input_tokens: 18, output_tokens: 5 },
      findings: [],
    },
    {
      file: 'anthropic-web-fetch.sse',
      format: 'anthropic',
      answer: 'The page at **example.com** is a simple ',
      reasoning: '',
      calls: [],
      ending: { kind: 'complete', reason: 'end_turn', line: 148 },
      usage: { input_tokens: 7172, output_tokens: 144, 'server_tool_use.web_fetch_requests': 1 },
      findings: [],
    },
    {
      file: 'anthropic-clear-thinking.sse',
      format: 'anthropic',
      answer: '925 ÷ 5 = 185',
      reasoning: 'The previous result was 925. N',
      calls: [],
      ending: { kind: 'complete', reason: 'end_turn', line: 64 },
      usage: { input_tokens: 69, output_tokens: 53 },
      findings: [],
    },
    {
      file: 'openai-responses-error.sse',
      format: 'openai-responses',
      answer: '',
      reasoning: '',
      calls: [],
      ending: { kind: 'failed', event: 'error', reason: 'insufficient_quota', line: 7 },
      usage: {},
      // The error event, then response.failed.
      findings: [{ id: 'errorEvent', lines: [7, 10] }],
    },
    {
      file: 'azure-responses-tool-call.sse',
      format: 'openai-responses',
      answer: '',
      reasoning: '',
      calls: [{ name: 'weather', id: 'call_H5DxLSFnsGhiROnUiDHmgyc8', args: { location: 'San Francisco' } }],
      ending: { kind: 'complete', event: 'response.completed', line: 34 },
      usage: { input_tokens: 45, output_tokens: 24, total_tokens: 69 },
      findings: [],
    },
  ];
  for (const expected of table)
    it(expected.file, () => {
      const report = inspectBody(bodyOf(expected.file));
      expect(report.format.id).toBe(expected.format);
      // The answer and the reasoning as far as the table quotes them.
      expect(report.turn.answer.slice(0, Math.max(expected.answer.length, 1))).toBe(expected.answer);
      expect(report.turn.reasoning.slice(0, Math.max(expected.reasoning.length, 1))).toBe(expected.reasoning);
      expect(calls(report)).toEqual(expected.calls);
      expect(report.turn.ending).toMatchObject(expected.ending);
      expect(usageOf(report)).toMatchObject(expected.usage);
      expect(report.findings.map(({ id, lines }) => ({ id, lines }))).toEqual(expected.findings);
    });
});
