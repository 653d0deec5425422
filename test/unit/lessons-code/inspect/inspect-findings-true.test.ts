// The stream inspector's findings where their claims hold, and the formats as providers and compatible
// servers really send them (src/widgets/inspect/: lessons-code/inspect/findings.ts, lessons-code/inspect/turn.ts,
// lessons-code/inspect/format.ts). Each case asserts what a developer sees: the findings by id, the turn's text,
// reasoning and tool calls, the words shown when nothing is found. Real streams come from
// test/fixtures/sdk-streams/ (sources.ts names where each one comes from); the others are built here in
// the shapes the cited servers send.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DONE_EVENT,
  FAILED_RECORDINGS,
  IMPROVISATION_ANSWER,
  splitPinned,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
} from '../../../../lessons-code/index.ts';
import { selectStrings, translate } from '../../../../src/demo-kit/format.ts';
import type { FindingId } from '../../../../lessons-code/inspect/findings.ts';
import {
  endingHelp,
  findingText,
  noFindingsText,
  reportMarkdown,
  type Tr,
} from '../../../../lessons-code/inspect/report.ts';
import { inspectBody, type InspectReport } from '../../../../lessons-code/inspect/inspect.ts';

const FIXTURES = new URL('../../../fixtures/sdk-streams/', import.meta.url);
const fixture = (file: string) => readFileSync(new URL(file, FIXTURES), 'utf8');
const ids = (report: InspectReport) => report.findings.map((finding) => finding.id);
const finding = (report: InspectReport, id: FindingId) => report.findings.find((f) => f.id === id);
const strings = selectStrings(
  JSON.parse(readFileSync(new URL('../../../../content/i18n/en.json', import.meta.url), 'utf8')) as Record<
    string,
    string
  >,
  ['course.'],
);
const tr: Tr = (key, vars) => translate(strings, 'en', key, vars);

/** GA's host stream of these chunks, each one event (GaChatbot.Api's writer), then [DONE]. */
const ga = (chunks: string[]) => streamOf(writeGaChatbotEvent, chunks);
/** A Chat Completions chunk of the first choice, as OpenAI and compatible servers write it. */
const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  })}\n\n`;
/** A Chat Completions stream whose text comes in these pieces, one chunk each, ended as OpenAI ends it. */
const chatOf = (pieces: string[]) =>
  pieces.map((content) => chunk({ content })).join('') + chunk({}, 'stop') + DONE_EVENT;

describe('sentenceRun: only where the texts of two events meet', () => {
  it('the pinned chunker’s mark: a sentence end at the end of one event, a capital at the start of the next', () => {
    const report = inspectBody(ga(['Play the root.', 'Then the fifth.', 'Then the octave.']));
    expect(report.turn.answer).toBe('Play the root.Then the fifth.Then the octave.');
    expect(finding(report, 'sentenceRun')).toMatchObject({
      severity: 'problem',
      lines: [1, 3, 5],
      count: 2,
      detail: { text: 'Play the root.Then the fifth.Then' },
      lesson: 'sentences',
    });
    // GaChatbot.Api's writer on GA's own answer, split by the pinned chunker
    expect(ids(inspectBody(ga(splitPinned(IMPROVISATION_ANSWER))))).toContain('sentenceRun');
    // the same in a Chat Completions stream, where each chunk is an event
    const chat = inspectBody(chatOf(['Use a C major chord.', 'Then move to G.']));
    expect(finding(chat, 'sentenceRun')).toMatchObject({ lines: [1, 3], count: 1 });
    // a sentence that ends with a note's or a chord's letter is a sentence (not initials such as U.S.)
    const note = inspectBody(ga(['Resolve the phrase to G.', 'Then rest.', 'Play the A.', 'A minor follows.']));
    expect(finding(note, 'sentenceRun')).toMatchObject({ lines: [1, 3, 5, 7], count: 3 });
  });

  it('none inside one event: names, code and abbreviations are the text’s own', () => {
    const text =
      'Install the .NET SDK.Then call Console.WriteLine from System.Text.Json code, as in the U.S.A. or e.g.The docs.';
    for (const report of [inspectBody(ga([text])), inspectBody(chatOf([text]))]) {
      expect(report.turn.answer).toBe(text);
      expect(ids(report)).toEqual([]);
    }
  });

  it('none where two events meet inside a name or code, as a model’s tokens split them', () => {
    const pieces = [
      'Use the',
      ' .',
      'NET runtime with System.',
      'Text.',
      'Json and Console.',
      'WriteLine("hi"), ASP.',
      'NET, Node.',
      'JS and the U.',
      'S. market; call `list.',
      'Append` twice.',
    ];
    const report = inspectBody(chatOf(pieces));
    expect(report.turn.answer).toBe(pieces.join(''));
    expect(ids(report)).toEqual([]);
  });

  it('none where two Anthropic content blocks meet: a real recording, “…Francisco.Great!…”', () => {
    const report = inspectBody(fixture('anthropic-tool-search-blocks.sse'));
    expect(report.format.id).toBe('anthropic');
    expect(report.turn.answer).toBe(
      'I’ll search for a weather-related tool to help you get the weather information for San Francisco.'.replace(
        '’',
        "'",
      ) + 'Great! I found a weather tool. Let me get the current weather for San Francisco.',
    );
    expect(report.turn.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['get_weather', { location: 'San Francisco, CA' }],
    ]);
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'tool_use' });
    expect(ids(report)).toEqual([]);
  });

  it('but within one content block, the mark is found in a provider’s stream too', () => {
    // The same recording with the second text block's events moved into the first block (index 0).
    const oneBlock = fixture('anthropic-tool-search-blocks.sse').replace(/"index":3/g, '"index":0');
    const report = inspectBody(oneBlock);
    expect(finding(report, 'sentenceRun')?.detail.text).toBe('San Francisco.Great! I found');
  });
});

describe('fieldName: every line whose field the standard does not know, colon or not', () => {
  it('GaApi’s writer (#746) on a chunk of two lines: “Step 1: …” is lost as silently as a line without a colon', () => {
    const report = inspectBody(streamOf(writeGaApiEvent, ['Here is the plan:\nStep 1: play the root.']));
    // what a reader that follows the standard shows: the first line only
    expect(report.turn.answer).toBe('Here is the plan:');
    expect(finding(report, 'fieldName')).toMatchObject({ severity: 'problem', lines: [2], lesson: 'writerReader' });
    expect(findingText(finding(report, 'fieldName')!, tr)).toMatch(/^Each of these lines has something other than/);
    const colonless = inspectBody(streamOf(writeGaApiEvent, ['Here is the plan\nplay the root.']));
    expect(finding(colonless, 'fieldName')?.lines).toEqual([2]);
    // GaChatbot.Api's writer puts data: before every line: nothing is lost
    expect(ids(inspectBody(ga(['Here is the plan:\nStep 1: play the root.'])))).toEqual([]);
  });

  it('a pretty-printed JSON behind one data: is flagged; Gemini’s bare error object in the stream is not', () => {
    const pretty = inspectBody('data: {\n  "error": "busy"\n}\n\n');
    expect(finding(pretty, 'fieldName')?.lines).toEqual([2, 3]);
    const gemini = FAILED_RECORDINGS.find((copy) => copy.provider === 'gemini')!;
    const report = inspectBody(gemini.text);
    expect(report.turn.ending).toMatchObject({ kind: 'failed', message: gemini.message });
    expect(ids(report)).toEqual(['errorEvent']);
  });
});

describe('how the stream ends, said once and only where it holds', () => {
  it('[DONE] without any finish_reason: a finding of its own, and an ending that does not say “cut”', () => {
    const report = inspectBody(chunk({ content: 'Hello.' }) + DONE_EVENT);
    expect(report.turn.answer).toBe('Hello.');
    expect(report.turn.ending).toMatchObject({ kind: 'unknown', event: 'data: [DONE]', line: 3 });
    expect(endingHelp(report.turn.ending, tr)).toMatch(/no chunk gave a finish_reason/);
    expect(report.findings).toEqual([
      { id: 'finishMissing', severity: 'problem', lines: [3], count: 1, detail: {}, lesson: 'turnEndings' },
    ]);
  });

  it('an error event, without [DONE] after it: the error only, not a missing [DONE] beside it', () => {
    const gaFailure = inspectBody('data: {"error":"The model server is unreachable."}\n\n');
    expect(ids(gaFailure)).toEqual(['errorEvent']);
    const chat = inspectBody(chunk({ content: 'Hi' }) + 'data: {"error":{"message":"Overloaded","type":"server"}}\n\n');
    expect(ids(chat)).toEqual(['errorEvent']);
    // without an error, the missing [DONE] is still found
    expect(ids(inspectBody(chunk({ content: 'Hi' }, 'stop')))).toEqual(['doneMissing']);
  });

  it('“No findings” is said only of a stream in a known format', () => {
    const known = inspectBody(ga(['Hello.']));
    expect(known.findings).toEqual([]);
    expect(noFindingsText(known, tr)).toMatch(/^No findings: the stream ends as its format says it should/);
    const plain = inspectBody('event: tick\ndata: 1\n\nevent: tick\ndata: 2\n\n');
    expect(plain.findings).toEqual([]);
    expect(noFindingsText(plain, tr)).toMatch(/^No findings on the lines themselves\. The events belong to none/);
    expect(noFindingsText(plain, tr, true)).not.toMatch(/ends as its format says/);
    const empty = inspectBody(': nothing but a comment\n');
    expect(noFindingsText(empty, tr)).toMatch(/found no event in this body/);
  });
});

describe('notes on the headers, only where their claim holds', () => {
  const withHead = (headers: string) =>
    inspectBody(ga(['Hello.']), {
      head: {
        statusLine: 'HTTP/1.1 200 OK',
        headers: headers
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split(': ') as [string, string]),
        statusAt: 1,
        headerAt: headers
          .split('\n')
          .filter(Boolean)
          .map((_, i) => i + 2),
        lines: 2 + headers.split('\n').filter(Boolean).length,
        earlier: 0,
      },
    });

  it('cache-control: none with no-cache, no-store or no-transform; a note without any of them', () => {
    for (const value of ['no-cache', 'no-store', 'no-transform', 'private, no-store'])
      expect(ids(withHead(`content-type: text/event-stream\ncache-control: ${value}`)), value).toEqual([]);
    const kept = withHead('content-type: text/event-stream\ncache-control: private, max-age=60');
    expect(finding(kept, 'cacheControl')).toMatchObject({ severity: 'note', lines: [3] });
    expect(ids(withHead('content-type: text/event-stream'))).toEqual(['cacheControl']);
  });

  it('x-accel-buffering: yes is a note on what an nginx in front would do, which takes the header off itself', () => {
    const report = withHead('content-type: text/event-stream\ncache-control: no-cache\nx-accel-buffering: yes');
    expect(report.findings).toEqual([
      expect.objectContaining({ id: 'proxyBuffering', severity: 'note', lines: [4], lesson: 'noStream' }),
    ]);
    expect(findingText(report.findings[0]!, tr)).toMatch(/nginx does not pass the header on to the client by default/);
  });
});

describe('tool calls as compatible servers send them', () => {
  // Google's OpenAI-compatible endpoint sends each call whole, with an id and no index, and ends the
  // round with finish_reason "stop" when streaming (vercel/ai at ed857f50,
  // packages/openai-compatible/src/chat/openai-compatible-chat-language-model.ts:825, "google does not
  // send index"; googleapis/python-genai issue 2868).
  const call = (id: string, name: string, args: string) => ({
    id,
    type: 'function',
    function: { name, arguments: args },
  });
  const googleRound =
    chunk({ role: 'assistant', tool_calls: [call('call_1', 'get_weather', '{"city":"Paris"}')] }) +
    chunk({ tool_calls: [call('call_2', 'get_weather', '{"city":"Lima"}')] }) +
    chunk({}, 'stop') +
    DONE_EVENT;

  it('calls without an index are placed by their id, with a note; “stop” on a round with calls is a problem', () => {
    const report = inspectBody(googleRound);
    expect(report.turn.toolCalls).toEqual([
      { index: null, id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', line: 1 },
      { index: null, id: 'call_2', name: 'get_weather', arguments: '{"city":"Lima"}', line: 3 },
    ]);
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'stop', line: 5 });
    expect(report.findings.map(({ id, severity, lines }) => [id, severity, lines])).toEqual([
      ['toolStop', 'problem', [5]],
      ['toolIndex', 'note', [1, 3]],
    ]);
    expect(findingText(finding(report, 'toolStop')!, tr)).toMatch(/its finish_reason is stop, not tool_calls/);
  });

  it('the same id twice is one call; a fragment with neither id nor index goes on the latest call', () => {
    const report = inspectBody(
      chunk({ tool_calls: [call('call_1', 'lookup', '{"q":')] }) +
        chunk({ tool_calls: [{ id: 'call_1', function: { arguments: ' "C' } }] }) +
        chunk({ tool_calls: [{ function: { arguments: 'maj7"}' } }] }) +
        chunk({}, 'tool_calls') +
        DONE_EVENT,
    );
    expect(report.turn.toolCalls).toEqual([
      { index: null, id: 'call_1', name: 'lookup', arguments: '{"q": "Cmaj7"}', line: 1 },
    ]);
    expect(ids(report)).toEqual(['toolIndex']);
  });

  it('a later fragment with `type: null` (and `id: null`, `name: null`) gives no type: a function call', () => {
    // Servers that write every field of a fragment, as SGLang does for `id` and `name`
    // (https://github.com/sgl-project/sglang/pull/35542): null is "not given", as assembleToolCalls reads it.
    const report = inspectBody(
      chunk({ tool_calls: [call('call_1', 'lookup', '{"q":')] }) +
        chunk({ tool_calls: [{ id: null, type: null, function: { name: null, arguments: ' "Am"}' } }] }) +
        chunk({}, 'tool_calls') +
        DONE_EVENT,
    );
    expect(report.turn.toolCalls).toEqual([
      { index: null, id: 'call_1', name: 'lookup', arguments: '{"q": "Am"}', line: 1 },
    ]);
  });

  it('calls that share index 0 with ids of their own are kept apart, as Ollama numbers them', () => {
    // ollama/ollama issue 15457: every call of a parallel batch streamed with index 0; the arguments of
    // the second come in two fragments, the later one with its index and no id.
    const report = inspectBody(
      chunk({ tool_calls: [{ index: 0, ...call('call_a', 'read_file', '{"path":"a.rs"}') }] }) +
        chunk({ tool_calls: [{ index: 0, ...call('call_b', 'read_file', '{"path":') }] }) +
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"b.rs"}' } }] }) +
        chunk({}, 'tool_calls') +
        DONE_EVENT,
    );
    expect(report.turn.toolCalls.map(({ index, id, arguments: args, line }) => [index, id, args, line])).toEqual([
      [0, 'call_a', '{"path":"a.rs"}', 1],
      [0, 'call_b', '{"path":"b.rs"}', 3],
    ]);
    expect(report.findings.map(({ id, severity, lines }) => [id, severity, lines])).toEqual([
      ['toolIndexShared', 'note', [3]],
    ]);
    expect(findingText(report.findings[0]!, tr)).toMatch(/joins the calls into one, whose arguments do not parse/);
  });

  it('calls by index that end with “stop” are flagged too; by index with tool_calls, nothing', () => {
    const indexed = (reason: string) =>
      inspectBody(
        chunk({ tool_calls: [{ index: 0, ...call('call_a', 'lookup', '{}') }] }) + chunk({}, reason) + DONE_EVENT,
      );
    expect(ids(indexed('stop'))).toEqual(['toolStop']);
    expect(ids(indexed('tool_calls'))).toEqual([]);
    expect(indexed('tool_calls').turn.toolCalls).toEqual([
      { index: 0, id: 'call_a', name: 'lookup', arguments: '{}', line: 1 },
    ]);
  });
});

describe('reasoning in a Chat Completions stream', () => {
  it('DeepSeek’s reasoning_content, in a real recording, is the reasoning, apart from the answer', () => {
    const report = inspectBody(fixture('deepseek-chat-reasoning.sse'));
    expect(report.format.id).toBe('openai-chat');
    expect(report.turn.reasoning).toMatch(/^We need to count the number of the letter "r" in the word "strawberry"\./);
    expect(report.turn.reasoning.length).toBeGreaterThan(500);
    expect(report.turn.answer).toBe('The word "strawberry" contains three "r"s.');
    expect(report.turn.ending).toMatchObject({ kind: 'complete', reason: 'stop' });
    expect(ids(report)).toEqual([]);
  });

  it('OpenRouter’s and vLLM’s reasoning field too, and a delta with both names counts once', () => {
    const report = inspectBody(
      chunk({ reasoning: 'Two notes' }) +
        chunk({ reasoning_content: ' apart,', reasoning: ' apart,' }) +
        chunk({ reasoning: ' a fifth.' }) +
        chunk({ content: 'A fifth.' }, 'stop') +
        DONE_EVENT,
    );
    expect(report.turn.reasoning).toBe('Two notes apart, a fifth.');
    expect(report.turn.answer).toBe('A fifth.');
  });
});

describe('Gemini recognised from what it sends first', () => {
  it('a blocked prompt: promptFeedback alone names the format, and the turn is refused', () => {
    const report = inspectBody(
      'data: {"promptFeedback":{"blockReason":"SAFETY","safetyRatings":[{"category":"HARM_CATEGORY_HARASSMENT",' +
        '"probability":"HIGH"}]},"modelVersion":"gemini-2.0-flash"}\r\n\r\n',
    );
    expect(report.format).toMatchObject({ id: 'gemini', evidence: [{ what: 'promptFeedback', line: 1, count: 1 }] });
    expect(report.turn.ending).toMatchObject({ kind: 'refused', reason: 'SAFETY' });
    expect(ids(report)).toEqual([]);
  });

  it('a single chunk cut before its blank line, or before its line end: Gemini, cut, its lines thrown away', () => {
    const first = fixture('gemini-text.sse').split('\n\n')[0]!;
    for (const body of [`${first}\n`, first]) {
      const report = inspectBody(body);
      expect(report.format.id).toBe('gemini');
      expect(report.format.evidence[0]).toMatchObject({ what: 'candidates[].content.parts', line: 1 });
      expect(report.turn.ending.kind).toBe('cut');
      expect(ids(report)).toEqual(['cut', 'discarded']);
    }
    // cut inside its JSON: still known by its first key
    expect(inspectBody(first.slice(0, 40)).format.id).toBe('gemini');
  });
});

describe("a custom tool of OpenAI's Responses API", () => {
  // Its input is free text (here a line of a grammar-bound language), streamed by
  // response.custom_tool_call_input.delta (https://platform.openai.com/docs/guides/function-calling#custom-tools).
  let sequence = 0;
  const event = (type: string, fields: object) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;
  const item = { id: 'ctc_1', type: 'custom_tool_call', call_id: 'call_7', name: 'chord_query', input: '' };
  const stream =
    event('response.created', { response: { id: 'resp_1', status: 'in_progress', output: [] } }) +
    event('response.output_item.added', { output_index: 0, item }) +
    event('response.custom_tool_call_input.delta', { output_index: 0, item_id: 'ctc_1', delta: 'voicings Am7 ' }) +
    event('response.custom_tool_call_input.delta', { output_index: 0, item_id: 'ctc_1', delta: 'drop2' }) +
    event('response.custom_tool_call_input.done', { output_index: 0, item_id: 'ctc_1', input: 'voicings Am7 drop2' }) +
    event('response.output_item.done', { output_index: 0, item: { ...item, input: 'voicings Am7 drop2' } }) +
    event('response.completed', {
      response: { id: 'resp_1', status: 'completed', output: [], usage: { input_tokens: 40, output_tokens: 9 } },
    });

  it('is listed as a tool call with its input as it came, and no JSON is asked of it', () => {
    const report = inspectBody(stream);
    expect(report.format.id).toBe('openai-responses');
    expect(report.turn.toolCalls).toEqual([
      { index: 0, id: 'call_7', name: 'chord_query', arguments: 'voicings Am7 drop2', line: 4, freeform: true },
    ]);
    expect(ids(report)).not.toContain('toolArguments');
    const markdown = reportMarkdown(report, tr, { lesson: (key) => ({ href: `#${key}`, title: key }), page: 'p' });
    expect(markdown).toContain('`chord_query` `voicings Am7 drop2` (line 4, free-text input)');
  });
});
