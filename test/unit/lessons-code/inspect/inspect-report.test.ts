// The stream inspector's reading (lessons-code/inspect/inspect.ts): the format detected with its
// evidence, the turn as lessons-code's readers read it, and each finding with its lines, on the
// course's own streams (the providers' recordings and their cut, failed, token-limit and refused
// copies, a round of the model replica, GA's host stream from the in-page host) and on hand-made ones.
import { describe, expect, it } from 'vitest';
import {
  DONE_EVENT,
  FAILED_RECORDINGS,
  IMPROVISATION_ANSWER,
  LENGTH_LIMIT,
  CAPABILITIES_QUESTION,
  OPENAI_DATA_ONLY_STREAM,
  OPENAI_REFUSAL,
  PROVIDER_ANSWER,
  PROVIDER_RECORDINGS,
  PROVIDER_REASONING,
  REFUSED_RECORDINGS,
  STREAM_FAILURE_MESSAGE,
  TOKEN_LIMIT_RECORDINGS,
  TRUNCATED_RECORDINGS,
  VOICING_ANSWER,
  VOICINGS_QUESTION,
  roundChunks,
  splitAfter743,
  splitPinned,
  streamOf,
  wireOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
} from '../../../../lessons-code/index.ts';
import type { FindingId } from '../../../../lessons-code/inspect/findings.ts';
import { readInput } from '../../../../lessons-code/inspect/input.ts';
import {
  exampleStream,
  inspectBody,
  runInspect,
  type InspectReport,
} from '../../../../lessons-code/inspect/inspect.ts';
import { EXAMPLE_IDS, type FormatId } from '../../../../lessons-code/inspect/report.ts';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const FORMAT_OF = { openai: 'openai-responses', anthropic: 'anthropic', gemini: 'gemini' } as const;
const ids = (report: InspectReport) => report.findings.map((finding) => finding.id);
const finding = (report: InspectReport, id: FindingId) => report.findings.find((f) => f.id === id);
/** A report as the page makes it: the input checked first (a head set aside, bytes decoded). */
function inspect(text: string, format?: FormatId): InspectReport {
  const input = readInput({ kind: 'text', text });
  if (input.kind !== 'stream') throw new Error(`not a stream: ${JSON.stringify(input)}`);
  return inspectBody(input.body, { head: input.head, bytes: input.bytes, replaced: input.replaced, format });
}
const routingEvent = 'data: {"type":"routing","agentId":"voicing","confidence":0.92}\n\n';
const chunk = (body: object) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', ...body })}\n\n`;

describe('the format, detected with its evidence', () => {
  for (const recording of PROVIDER_RECORDINGS) {
    it(`the ${recording.id} recording`, () => {
      const report = inspect(recording.text);
      expect(report.format.id).toBe(FORMAT_OF[recording.provider]);
      expect(report.format.detected).toBe(report.format.id);
      expect(report.format.evidence.length).toBeGreaterThan(0);
    });
  }

  it('names the events and fields that decided it, each with its first line and how many carry it', () => {
    const anthropic = inspect(PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text).format.evidence;
    expect(anthropic[0]).toEqual({ what: 'type: message_start', line: 1, count: 1 });
    expect(anthropic.find((e) => e.what === 'type: content_block_delta')).toEqual({
      what: 'type: content_block_delta',
      line: 10,
      count: 12,
    });
    const gemini = inspect(PROVIDER_RECORDINGS.find((r) => r.id === 'gemini')!.text).format.evidence;
    expect(gemini.map((e) => e.what)).toEqual(['candidates[].content.parts', 'usageMetadata']);
    const chat = inspect(wireOf(roundChunks(VOICINGS_QUESTION))).format;
    expect(chat.id).toBe('openai-chat');
    expect(chat.evidence.map((e) => e.what)).toEqual([
      'object: chat.completion.chunk',
      'choices[].delta',
      'data: [DONE]',
    ]);
  });

  it('GA’s host stream: by its routing event, by its error event, or by text chunks that end with [DONE]', () => {
    const voicing = inspect(routingEvent + streamOf(writeGaChatbotEvent, splitPinned(VOICING_ANSWER)));
    expect(voicing.format.id).toBe('ga');
    expect(voicing.format.evidence.map((e) => e.what)).toEqual(['type: routing', 'text chunks', 'data: [DONE]']);
    expect(inspect(`data: {"error":"${STREAM_FAILURE_MESSAGE}"}\n\n`).format.id).toBe('ga');
    expect(inspect(streamOf(writeGaChatbotEvent, splitAfter743(IMPROVISATION_ANSWER))).format.id).toBe('ga');
  });

  it('plain server-sent events when no event carries the mark of a known format', () => {
    const plain = inspect('event: tick\ndata: 1\n\nevent: tick\ndata: 2\n\n');
    expect(plain.format).toEqual({ id: 'plain', detected: 'plain', evidence: [] });
    expect(plain.turn.ending.kind).toBe('unknown');
    expect(plain.stream.eventTypes).toEqual([['tick', 2]]);
  });

  it('a format chosen by hand is read that way, and the one detected is still reported', () => {
    const report = inspect(PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text, 'openai-responses');
    expect(report.format.id).toBe('openai-responses');
    expect(report.format.detected).toBe('anthropic');
    expect(report.turn.answer).toBe('');
    expect(ids(report)).toContain('cut');
  });
});

describe('the turn, as the course’s readers read it', () => {
  for (const recording of PROVIDER_RECORDINGS) {
    it(`${recording.id}: the answer, the reasoning, complete, with the usage`, () => {
      const { turn } = inspect(recording.text);
      expect(turn.answer).toBe(PROVIDER_ANSWER);
      expect(turn.reasoning).toBe(PROVIDER_REASONING);
      expect(turn.ending.kind).toBe('complete');
      expect(turn.usage?.fields.length).toBeGreaterThan(1);
    });
  }

  it('the ending’s event, reason and line, and the usage under the provider’s own names', () => {
    const anthropic = inspect(PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text).turn;
    expect(anthropic.ending).toEqual({
      kind: 'complete',
      event: 'message_stop',
      reason: 'end_turn',
      message: '',
      line: 58,
    });
    // message_start's usage, then message_delta's output_tokens over it
    expect(anthropic.usage).toEqual({
      fields: [
        ['input_tokens', 24],
        ['output_tokens', 112],
      ],
      line: 55,
    });
    const openai = inspect(PROVIDER_RECORDINGS.find((r) => r.id === 'openai')!.text).turn;
    expect(openai.usage?.fields).toContainEqual(['output_tokens_details.reasoning_tokens', 64]);
  });

  for (const copy of TOKEN_LIMIT_RECORDINGS)
    it(`${copy.provider}: stopped at the token limit`, () => {
      const { ending } = inspect(copy.text).turn;
      expect(ending.kind).toBe('token-limit');
      expect(ending.line).not.toBeNull();
    });

  for (const copy of REFUSED_RECORDINGS)
    it(`${copy.provider}: refused, with the refusal’s words when the provider sent some`, () => {
      const { ending } = inspect(copy.text).turn;
      expect(ending.kind).toBe('refused');
      if (copy.provider === 'openai') expect(ending.message).toBe(OPENAI_REFUSAL);
    });

  for (const copy of FAILED_RECORDINGS)
    it(`${copy.provider}: failed, with the provider’s message, and an error event found`, () => {
      const report = inspect(copy.text);
      expect(report.turn.ending).toMatchObject({ kind: 'failed', message: copy.message });
      expect(finding(report, 'errorEvent')?.detail.message).toBe(copy.message);
      expect(finding(report, 'errorEvent')?.lesson).toBe('turnEndings');
    });

  it('a Chat Completions round: the text, the two tool calls put together by index, the reason, the usage', () => {
    const report = inspect(wireOf(roundChunks(VOICINGS_QUESTION)));
    expect(report.turn.answer).toBe('Let me look those up in the voicing index.');
    expect(report.turn.toolCalls.map(({ index, name, arguments: args }) => [index, name, JSON.parse(args)])).toEqual([
      [0, 'search_voicings', { chord: 'Cmaj7', instrument: 'guitar', limit: 2 }],
      [1, 'search_voicings', { chord: 'Am7', instrument: 'guitar', limit: 2 }],
    ]);
    expect(report.turn.ending).toMatchObject({ kind: 'complete', event: 'finish_reason', reason: 'tool_calls' });
    expect(report.turn.usage?.fields.map(([name]) => name)).toEqual([
      'prompt_tokens',
      'completion_tokens',
      'total_tokens',
    ]);
    expect(report.findings).toEqual([]);
  });

  it('a Chat Completions round cut by its token limit', () => {
    const { ending } = inspect(wireOf(roundChunks(CAPABILITIES_QUESTION, { maxTokens: LENGTH_LIMIT }))).turn;
    expect(ending).toMatchObject({ kind: 'token-limit', reason: 'length' });
  });

  it('GA’s host streams from the in-page host: the voicing answer complete, the failure failed', async () => {
    const voicing = inspect(await exampleStream('ga'));
    expect(voicing.turn.answer).toBe(VOICING_ANSWER);
    expect(voicing.turn.ending).toMatchObject({ kind: 'complete', event: '[DONE]' });
    expect(voicing.turn.routing).toEqual([
      ['agentId', 'voicing'],
      ['routingMethod', 'deterministic-voicing-guard'],
      ['confidence', '0.92'],
    ]);
    expect(voicing.findings).toEqual([]);
    const failure = inspect(await exampleStream('gaFailure'));
    expect(failure.turn.ending).toMatchObject({ kind: 'failed', message: STREAM_FAILURE_MESSAGE, line: 1 });
    // the error event says why the turn stopped: no missing [DONE] beside it
    expect(ids(failure)).toEqual(['errorEvent']);
    expect(finding(failure, 'errorEvent')?.lesson).toBe('whenFails');
  });
});

describe('the stream as the standard reads it', () => {
  it('counts, line ends, byte order mark, id and retry fields', () => {
    const report = inspect('\uFEFF: hello\r\nid: 7\r\nretry: 3000\r\ndata: a\r\n\r\nid: 8\ndata: b\n\nretry: x\n');
    expect(report.stream).toMatchObject({
      lineCount: 9,
      eventCount: 2,
      comments: 1,
      bom: true,
      lineEnds: { lf: 4, crlf: 5, cr: 0, kind: 'mixed' },
      ids: [
        { line: 2, value: '7' },
        { line: 6, value: '8' },
      ],
      idCount: 2,
      // every retry field, even one the standard ignores for its value (not all digits)
      retries: [
        { line: 3, value: '3000' },
        { line: 9, value: 'x' },
      ],
      retryCount: 2,
    });
    expect(report.trace.lines.map((line) => line.tag)).toEqual([
      'comment',
      'id',
      'retry',
      'data',
      'dispatch',
      'id',
      'data',
      'dispatch',
      'retry',
    ]);
  });

  it('line numbers count the lines of the input, an HTTP head included', () => {
    const report = inspect(
      'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n' + DONE_EVENT.replace('[DONE]', 'x'),
    );
    expect(report.offset).toBe(3);
    expect(report.trace.lines.map((line) => line.n)).toEqual([4, 5]);
    expect(report.head?.statusLine).toBe('HTTP/1.1 200 OK');
  });
});

describe('findings, each with its lines and its lesson', () => {
  it('none on the course’s complete streams, and none on the examples that are whole', async () => {
    for (const recording of PROVIDER_RECORDINGS.filter((r) => r.id !== 'openai-data-only'))
      expect(ids(inspect(recording.text)), recording.id).toEqual([]);
    for (const id of ['anthropic', 'openai', 'gemini', 'chat', 'ga'] as const)
      expect(ids(inspect(await exampleStream(id))), id).toEqual([]);
  });

  it('cut: a provider’s body that ends without its closing event', () => {
    for (const copy of TRUNCATED_RECORDINGS.filter((c) => c.from.id !== 'gemini-repeated-finish')) {
      const report = inspect(decode(copy.bytes));
      expect(report.turn.ending.kind, copy.provider).toBe('cut');
      const cut = finding(report, 'cut')!;
      expect(cut.lines, copy.provider).toEqual([report.stream.lineCount]);
      expect(cut.lesson).toBe('turnEndings');
      // the recording stops two bytes into ♯, inside an event: rule 5 and a replaced character too
      expect(ids(report), copy.provider).toEqual(expect.arrayContaining(['discarded', 'replaced']));
    }
    const anthropic = inspect(decode(TRUNCATED_RECORDINGS.find((c) => c.provider === 'anthropic')!.bytes));
    expect(finding(anthropic, 'cut')?.detail).toEqual({ closing: 'message_stop' });
    // A server that repeats finishReason on every chunk: cut, it still looks closed (06c says so).
    const repeated = TRUNCATED_RECORDINGS.find((c) => c.from.id === 'gemini-repeated-finish')!;
    expect(inspect(decode(repeated.bytes)).turn.ending.kind).toBe('complete');
  });

  it('doneMissing: GA’s stream or Chat Completions without [DONE]', () => {
    const ga = inspect(routingEvent + 'data: Hello.\n\n');
    expect(finding(ga, 'doneMissing')).toMatchObject({ lines: [4], lesson: 'stopsShort' });
    expect(ga.turn.ending.kind).toBe('cut');
    const chat = inspect(wireOf(roundChunks(VOICINGS_QUESTION)).replace(DONE_EVENT, ''));
    expect(ids(chat)).toEqual(['doneMissing']);
    expect(chat.turn.ending).toMatchObject({ kind: 'cut', reason: 'tool_calls' });
  });

  it('doneUnexpected: [DONE] after a provider’s closing event, a note', () => {
    const report = inspect(OPENAI_DATA_ONLY_STREAM);
    expect(report.turn.ending.kind).toBe('complete');
    expect(report.findings).toEqual([
      {
        id: 'doneUnexpected',
        severity: 'note',
        lines: [report.stream.lineCount - 1],
        count: 1,
        detail: {},
        lesson: 'routeByPayload',
      },
    ]);
  });

  it('loneCr: lines that end with a lone CR', () => {
    const report = inspect(routingEvent + 'data: a\rdata: b\n\n' + DONE_EVENT);
    expect(finding(report, 'loneCr')).toMatchObject({ lines: [3], count: 1, lesson: 'fiveRules', severity: 'problem' });
    expect(report.stream.lineEnds.kind).toBe('mixed');
  });

  it('sentenceRun: the pinned split’s mark in the answer, with the lines of the two chunks', () => {
    const report = inspect(streamOf(writeGaChatbotEvent, splitPinned(IMPROVISATION_ANSWER)));
    const run = finding(report, 'sentenceRun')!;
    expect(run.detail.text).toContain('.Each');
    expect(run.lines).toEqual([9, 11]);
    expect(run.lesson).toBe('sentences');
    // #743's split keeps the whitespace: no mark
    expect(finding(inspect(streamOf(writeGaChatbotEvent, splitAfter743(IMPROVISATION_ANSWER))), 'sentenceRun')).toBe(
      undefined,
    );
    // the same mark in a provider's answer, where two events of one content block meet
    const recording = PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text;
    const anthropic = recording
      .replace('"text":" down to E is the sound of a soleá. When the"', '"text":" down to E is the sound of a soleá."')
      .replace('"text":" chord is E major', '"text":"When the chord is E major');
    expect(finding(inspect(anthropic), 'sentenceRun')).toMatchObject({
      lines: [40, 43],
      detail: { text: 'sound of a soleá.When the chord' },
    });
    // inside one event, the same letters are the text's own: no finding
    const inside = recording.replace(' A B C D. The half step from F"', ' A B C D.The half step from F"');
    expect(finding(inspect(inside), 'sentenceRun')).toBe(undefined);
  });

  it('errorEvent: an error inside the stream, quoted', () => {
    const report = inspect(
      chunk({ choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] }) +
        'data: {"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}\n\n',
    );
    expect(report.turn.ending).toMatchObject({
      kind: 'failed',
      reason: 'rate_limit_exceeded',
      message: 'Rate limit reached',
    });
    expect(finding(report, 'errorEvent')).toMatchObject({ lines: [3], detail: { message: 'Rate limit reached' } });
  });

  it('toolIndex: a tool-call fragment without an index goes on the latest call, with a note', () => {
    const report = inspect(
      chunk({
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'f', arguments: '{"a"' } }],
            },
            finish_reason: null,
          },
        ],
      }) +
        chunk({
          choices: [{ index: 0, delta: { tool_calls: [{ function: { arguments: ':1}' } }] }, finish_reason: null }],
        }) +
        chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
        DONE_EVENT,
    );
    expect(finding(report, 'toolIndex')).toMatchObject({ severity: 'note', lines: [3], lesson: 'fourDetails' });
    expect(report.turn.toolCalls).toEqual([{ index: 0, id: 'call_a', name: 'f', arguments: '{"a":1}', line: 1 }]);
  });

  it('toolArguments: a call whose arguments do not parse, in a turn that ended well; whole or empty ones pass', () => {
    const call = (args: string[]) =>
      inspect(
        args
          .map((piece, i) =>
            chunk({
              choices: [
                {
                  index: 0,
                  delta: {
                    tool_calls: [
                      i === 0
                        ? { index: 0, id: 'call_a', type: 'function', function: { name: 'lookup', arguments: piece } }
                        : { index: 0, function: { arguments: piece } },
                    ],
                  },
                  finish_reason: null,
                },
              ],
            }),
          )
          .join('') +
          chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) +
          DONE_EVENT,
      );
    // The pieces joined in the wrong order: the turn is complete, the call is not JSON.
    const swapped = call(['', '"x"}', '{"q": ']);
    expect(swapped.turn.ending.kind).toBe('complete');
    expect(finding(swapped, 'toolArguments')).toMatchObject({
      severity: 'problem',
      lines: [1],
      detail: { name: 'lookup' },
      lesson: 'fourDetails',
    });
    expect(ids(call(['', '{"q": ', '"x"}']))).toEqual([]);
    expect(ids(call(['']))).toEqual([]);
  });

  it('emptyData and keepAlive: notes, never problems', () => {
    const report = inspect(': keep-alive\n\n' + routingEvent + 'data:\n\n: ping\n\ndata: Hi.\n\n' + DONE_EVENT);
    expect(finding(report, 'keepAlive')).toMatchObject({ severity: 'note', lines: [1, 7], count: 2 });
    expect(finding(report, 'emptyData')).toMatchObject({ severity: 'note', lines: [5] });
    expect(ids(report)).toEqual(['emptyData', 'keepAlive']);
  });

  it('fieldName: a chunk with a blank line inside, behind one data: (GaApi’s writer)', () => {
    const report = inspect(streamOf(writeGaApiEvent, splitPinned(IMPROVISATION_ANSWER)));
    expect(finding(report, 'fieldName')).toMatchObject({ lesson: 'writerReader', severity: 'problem' });
    expect(finding(report, 'fieldName')!.count).toBeGreaterThan(0);
  });

  it('notJson: a provider’s event whose data is not JSON', () => {
    const report = inspect(
      PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!.text.replace('data: {"type": "ping"}', 'data: ping'),
    );
    // an event's line is the line of its first field: here its `event: ping`
    expect(finding(report, 'notJson')).toMatchObject({ lines: [7], lesson: 'routeByPayload' });
  });

  it('line numbers past the first dozen are counted, not listed', () => {
    // 30 lines end with CR; the last CR and the LF after it make one CRLF
    const report = inspect(`${routingEvent}${'data: a\r'.repeat(30)}\n\n${DONE_EVENT}`);
    const loneCr = finding(report, 'loneCr')!;
    expect(loneCr.lines).toHaveLength(12);
    expect(loneCr.count).toBe(29);
  });
});

describe('the worker’s requests', () => {
  it('every example stream the page offers is computed, and inspected in its own format', async () => {
    const formats: Record<string, FormatId> = {
      anthropic: 'anthropic',
      openai: 'openai-responses',
      gemini: 'gemini',
      chat: 'openai-chat',
      ga: 'ga',
      gaPinned: 'ga',
      gaFailure: 'ga',
      anthropicCut: 'anthropic',
    };
    for (const id of EXAMPLE_IDS) {
      const text = (await runInspect({ op: 'example', id })) as string;
      const result = await runInspect({ op: 'inspect', source: { kind: 'text', text } });
      expect(typeof result !== 'string' && result.kind === 'report' && result.report.format.id, id).toBe(formats[id]);
    }
  });

  it('the body alone, for a report that includes the stream', async () => {
    expect(await runInspect({ op: 'body', source: { kind: 'text', text: 'HTTP/1.1 200 OK\n\ndata: x\n\n' } })).toBe(
      'data: x\n\n',
    );
  });
});
