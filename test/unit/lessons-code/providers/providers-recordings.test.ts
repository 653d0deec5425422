// The course's provider recordings: what they hold, their events against the providers' documented
// shapes, and the same channels at every byte where the network could cut them.

import { describe, expect, it } from 'vitest';
import {
  FAILED_RECORDINGS,
  OPENAI_REFUSAL,
  PROVIDER_ANSWER,
  PROVIDER_REASONING,
  PROVIDER_RECORDINGS,
  REFUSED_RECORDINGS,
  TOKEN_LIMIT_RECORDINGS,
  TRUNCATED_RECORDINGS,
  readProviderPieces,
  readProviderStream,
  readStandardEvents,
  validateProviderEvents,
  type ProviderRecording,
} from '../../../../lessons-code/index.ts';
import { bodyOfPieces } from './provider-helpers.ts';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/**
 * Thousands of reads each (about 0.3 ms a read on an idle core): a bound far above that, so a busy machine only makes
 * them slower.
 */
const SLOW = 180_000;
const complete = (event: string, reason: string) => ({ kind: 'complete', event, reason, message: '' });
const CLOSING: Record<string, ReturnType<typeof complete>> = {
  openai: complete('response.completed', ''),
  'openai-data-only': complete('response.completed', ''),
  anthropic: complete('message_stop', 'end_turn'),
  gemini: complete('finishReason', 'STOP'),
  'gemini-repeated-finish': complete('finishReason', 'STOP'),
};
const upToWhen = 'Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. When the';
/** The `message_delta` of Anthropic's refused copy, parsed. */
const anthropicRefusalDelta = () => {
  const copy = REFUSED_RECORDINGS.find((c) => c.provider === 'anthropic')!;
  const data = readStandardEvents(copy.text).find((event) => event.type === 'message_delta')!.data;
  return (JSON.parse(data) as { delta: { stop_reason: string; stop_details: unknown } }).delta;
};
const anthropicRefusal = () => anthropicRefusalDelta().stop_details as { explanation: string };

describe('the recordings', () => {
  it.each(PROVIDER_RECORDINGS.map((r) => [r.id, r] as const))(
    '%s reads whole into the one answer and its reasoning, closed',
    async (_id, recording) => {
      const result = await readProviderStream(recording.provider, bodyOfPieces([recording.bytes]));
      expect(result).toEqual({
        answer: PROVIDER_ANSWER,
        reasoning: PROVIDER_REASONING,
        complete: true,
        ending: CLOSING[recording.id],
      });
    },
  );

  it('carry characters of every UTF-8 length, the 4-byte emoji included', () => {
    for (const length of [2, 3, 4])
      expect([...PROVIDER_ANSWER].some((ch) => new TextEncoder().encode(ch).length === length)).toBe(true);
    for (const recording of PROVIDER_RECORDINGS) expect(recording.text).toContain('🎸'); // F0 9F 8E B8
    expect(PROVIDER_ANSWER).toMatch(/soleá.*bulerías.*¡Olé! 🎸$/);
  });

  it('have each provider’s own framing', () => {
    const [openai, anthropic, gemini, dataOnly, repeated] = PROVIDER_RECORDINGS as [
      ProviderRecording,
      ...ProviderRecording[],
    ];
    expect(
      openai.text.startsWith('event: response.created\ndata: {"type":"response.created","sequence_number":0,'),
    ).toBe(true);
    expect(openai.text).not.toContain('[DONE]');
    // Anthropic pads JSON before its last brace and writes ping with a space after the colon.
    expect(anthropic!.text).toMatch(/^data: \{"type":"content_block_delta".*\} {2,}\}$/m);
    expect(anthropic!.text).toContain('data: {"type": "ping"}\n\n');
    // Gemini: data lines only, every line ended by CRLF, events by CRLF CRLF.
    expect(gemini!.text).not.toMatch(/(^|[^\r])\n/);
    expect(gemini!.text.split('\r\n\r\n').filter(Boolean)).toHaveLength(5);
    expect(gemini!.text).not.toContain('event:');
    expect(dataOnly!.text).not.toContain('event:');
    expect(dataOnly!.text.endsWith('}\n\ndata: [DONE]\n\n')).toBe(true);
    expect(repeated!.text.match(/"finishReason": "STOP"/g)).toHaveLength(5);
  });

  it.each(PROVIDER_RECORDINGS.map((r) => [r.id, r] as const))(
    '%s: every event fits the provider’s documented shape',
    (_id, recording) => {
      const events = readStandardEvents(recording.text);
      expect(events.length).toBeGreaterThanOrEqual(5);
      expect(validateProviderEvents(recording.provider, events)).toEqual([]);
    },
  );

  it('the truncated recordings stop two bytes into the ♯ of "G♯ and", inside an event', () => {
    for (const truncated of TRUNCATED_RECORDINGS) {
      expect([...truncated.bytes.subarray(-3)]).toEqual([0x47, 0xe2, 0x99]); // "G", then ♯ without its last byte AF
      expect(truncated.from.bytes.subarray(0, truncated.bytes.length)).toEqual(truncated.bytes);
      const lastEvent = decode(truncated.bytes)
        .split(/\r?\n\r?\n/)
        .at(-1)!;
      expect(lastEvent.startsWith('event: ') || lastEvent.startsWith('data: ')).toBe(true);
    }
  });

  it('a truncated recording keeps no partial event and, but for repeated finish reasons, is not complete', async () => {
    const seen: Record<string, [boolean, string, string]> = {};
    for (const truncated of TRUNCATED_RECORDINGS) {
      const result = await readProviderStream(truncated.provider, bodyOfPieces([truncated.bytes]));
      expect(result.reasoning).toBe(PROVIDER_REASONING);
      expect(PROVIDER_ANSWER.startsWith(result.answer)).toBe(true);
      expect(result.answer).not.toContain('\uFFFD');
      seen[truncated.from.id] = [result.complete, result.ending.kind, result.answer];
    }
    expect(seen).toEqual({
      openai: [false, 'cut', upToWhen + ' chord is E major,'],
      'openai-data-only': [false, 'cut', upToWhen + ' chord is E major,'],
      anthropic: [false, 'cut', upToWhen],
      gemini: [false, 'cut', 'Play E Phrygian: E F G A B C D. The half step from F down to E'],
      // A server that repeats finishReason on every chunk: the cut stream looks closed.
      'gemini-repeated-finish': [true, 'complete', 'Play E Phrygian: E F G A B C D. The half step from F down to E'],
    });
  });
});

describe('the failed copies', () => {
  it('one per provider: whole events of its recording up to the middle of the answer, then its own failure', () => {
    expect(FAILED_RECORDINGS.map((failed) => [failed.from.id, failed.provider])).toEqual([
      ['openai', 'openai'],
      ['anthropic', 'anthropic'],
      ['gemini', 'gemini'],
    ]);
    const failures: Record<string, string> = {};
    for (const failed of FAILED_RECORDINGS) {
      expect(decode(failed.bytes)).toBe(failed.text);
      // Where the failure starts: OpenAI's is two events, the others' one event or object.
      const separator = failed.provider === 'gemini' ? '\r\n\r\n' : '\n\n';
      const start =
        failed.provider === 'openai'
          ? failed.text.lastIndexOf('event: error\n')
          : failed.text.lastIndexOf(separator, failed.text.length - separator.length - 1) + separator.length;
      const before = failed.text.slice(0, start);
      expect(before.endsWith(separator)).toBe(true);
      expect(failed.from.text.startsWith(before)).toBe(true);
      expect(failed.from.text.length).toBeGreaterThan(before.length + 200); // the recording went on after it
      failures[failed.provider] = failed.text.slice(start);
    }
    // OpenAI: as a captured failure sends it, an error event, then response.failed with the same code
    // and message, each with its blank line.
    const [openAIError, openAIFailed, end] = failures.openai!.split('\n\n');
    expect(end).toBe('');
    expect(openAIError).toBe(
      'event: error\ndata: {"type":"error","sequence_number":29,"error":{"type":"server_error",' +
        '"code":"server_error","message":"The model failed to generate a response.","param":null}}',
    );
    expect(openAIFailed).toMatch(
      /^event: response\.failed\ndata: \{"type":"response\.failed","sequence_number":30,"response":\{/,
    );
    expect(openAIFailed).toMatch(
      /"status":"failed","error":\{"code":"server_error","message":"The model failed to generate a response\."\}/,
    );
    // Anthropic: an event, its blank line included.
    expect(failures.anthropic).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
    // Gemini: Google's error object, bare and pretty-printed after the last event, no data: line.
    expect(failures.gemini).toBe(
      '{\n  "error": {\n    "code": 503,\n    "message": "The model is overloaded. ' +
        'Please try again later.",\n    "status": "UNAVAILABLE"\n  }\n}\n',
    );
  });

  it.each(FAILED_RECORDINGS.map((f) => [f.from.id, f] as const))(
    '%s: every event fits the provider’s documented shape, the failure included',
    (_id, failed) => {
      expect(validateProviderEvents(failed.provider, readStandardEvents(failed.text))).toEqual([]);
    },
  );

  it(
    'each reads as failed, with the provider’s own code and message, the whole ' + 'reasoning and the answer so far',
    async () => {
      const seen: Record<string, unknown> = {};
      for (const failed of FAILED_RECORDINGS) {
        const result = await readProviderStream(failed.provider, bodyOfPieces([failed.bytes]));
        expect(result.ending).toMatchObject({ kind: 'failed', message: failed.message });
        seen[failed.provider] = result;
      }
      const failedWith = (answer: string, event: string, reason: string, message: string) => ({
        answer,
        reasoning: PROVIDER_REASONING,
        complete: false,
        ending: { kind: 'failed', event, reason, message },
      });
      expect(seen).toEqual({
        // The first failure decides: the error event, before response.failed says the same.
        openai: failedWith(
          upToWhen + ' chord is E major,',
          'error',
          'server_error',
          'The model failed to generate a response.',
        ),
        anthropic: failedWith(upToWhen, 'error', 'overloaded_error', 'Overloaded'),
        gemini: failedWith(
          'Play E Phrygian: E F G A B C D. The half step from F down to E',
          'error',
          'UNAVAILABLE',
          'The model is overloaded. Please try again later.',
        ),
      });
    },
  );
});

describe('the copies that stop at the token limit, and the refused ones', () => {
  const copies = [...TOKEN_LIMIT_RECORDINGS, ...REFUSED_RECORDINGS];

  it('one of each per provider, each ending with a whole event', () => {
    expect(copies.map((copy) => [copy.from.id, copy.ending])).toEqual([
      ['openai', 'token-limit'],
      ['anthropic', 'token-limit'],
      ['gemini', 'token-limit'],
      ['openai', 'refused'],
      ['anthropic', 'refused'],
      ['gemini', 'refused'],
    ]);
    for (const copy of copies) {
      expect(decode(copy.bytes)).toBe(copy.text);
      expect(copy.text.endsWith(copy.provider === 'gemini' ? '\r\n\r\n' : '\n\n')).toBe(true);
    }
  });

  it('Anthropic’s refusal says why beside its stop reason, as real ones do: stop_details, an explanation', () => {
    expect(anthropicRefusalDelta()).toEqual({
      stop_reason: 'refusal',
      stop_sequence: null,
      stop_details: {
        type: 'refusal',
        category: 'general_harms',
        explanation: expect.stringMatching(/^This answer was stopped .+\.$/),
      },
    });
  });

  it.each(copies.map((c) => [`${c.from.id} ${c.ending}`, c] as const))(
    '%s: every event fits the provider’s documented shape',
    (_name, copy) => {
      expect(validateProviderEvents(copy.provider, readStandardEvents(copy.text))).toEqual([]);
    },
  );

  it('each reads as its ending, said by the provider’s own event and reason, with the whole reasoning', async () => {
    const seen: Record<string, unknown> = {};
    for (const copy of copies) {
      const result = await readProviderStream(copy.provider, bodyOfPieces([copy.bytes]));
      expect(result.reasoning).toBe(PROVIDER_REASONING);
      seen[`${copy.from.id} ${copy.ending}`] = {
        answer: result.answer,
        complete: result.complete,
        ending: result.ending,
      };
    }
    const ending = (kind: string, event: string, reason: string, message = '') => ({ kind, event, reason, message });
    expect(seen).toEqual({
      'openai token-limit': {
        answer: upToWhen + ' chord is E major,',
        complete: false,
        ending: ending('token-limit', 'response.incomplete', 'max_output_tokens'),
      },
      'anthropic token-limit': {
        answer: upToWhen,
        complete: false,
        ending: ending('token-limit', 'message_stop', 'max_tokens'),
      },
      'gemini token-limit': {
        answer: 'Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá.',
        complete: false,
        ending: ending('token-limit', 'finishReason', 'MAX_TOKENS'),
      },
      // OpenAI's model refuses in place of the answer: its text is the refusal, in no channel.
      'openai refused': {
        answer: '',
        complete: false,
        ending: ending('refused', 'response.completed', 'refusal', OPENAI_REFUSAL),
      },
      // Anthropic's refusal brings its explanation in the message_delta's stop_details: its words.
      'anthropic refused': {
        answer: upToWhen,
        complete: false,
        ending: ending('refused', 'message_stop', 'refusal', anthropicRefusal().explanation),
      },
      'gemini refused': {
        answer: 'Play E Phrygian: E F G A B C D. The half step from F down to E',
        complete: false,
        ending: ending('refused', 'finishReason', 'SAFETY'),
      },
    });
  });
});

describe('the validator of documented shapes', () => {
  const openai = PROVIDER_RECORDINGS.find((r) => r.id === 'openai')!;
  const anthropic = PROVIDER_RECORDINGS.find((r) => r.id === 'anthropic')!;
  const gemini = PROVIDER_RECORDINGS.find((r) => r.id === 'gemini')!;
  const swap = (recording: ProviderRecording, from: string, to: string) => {
    expect(recording.text).toContain(from);
    return readStandardEvents(recording.text.replace(from, to));
  };

  it('names a missing field, a wrong type, an undocumented field and an unknown event type', () => {
    expect(validateProviderEvents('openai', swap(openai, '"delta":"Play"', '"text":"Play"'))).toEqual([
      'event 20: $.delta: missing',
      'event 20: $.text: not a documented field',
    ]);
    expect(
      validateProviderEvents(
        'anthropic',
        swap(
          anthropic,
          '"index":1,"delta":{"type":"text_delta","text":"Play',
          '"index":"1","delta":{"type":"text_delta","text":"Play',
        ),
      ),
    ).toEqual(['event 11: $.index: expected a number, got "1"']);
    expect(validateProviderEvents('gemini', swap(gemini, '"thought": true', '"thougth": true'))).toEqual([
      'event 0: $.candidates[0].content.parts[0].thougth: not a documented field',
    ]);
    expect(validateProviderEvents('anthropic', swap(anthropic, '{"type": "ping"}', '{"type": "pong"}'))).toEqual([
      'event 2: "pong" is not a documented event type',
    ]);
  });

  it('checks the framing: event names, sequence numbers, the first Anthropic event', () => {
    expect(
      validateProviderEvents('openai', swap(openai, 'event: response.in_progress', 'event: response.created')),
    ).toEqual(['event 1: named "response.created" but its type is "response.in_progress"']);
    expect(validateProviderEvents('openai', swap(openai, '"sequence_number":5,', '"sequence_number":6,'))).toEqual([
      'event 5: sequence_number 6, expected 5',
    ]);
    expect(
      validateProviderEvents(
        'anthropic',
        readStandardEvents(anthropic.text.slice(anthropic.text.indexOf('event: content_block_start'))),
      ),
    ).toEqual(['event 0: the stream must open with message_start']);
    expect(validateProviderEvents('gemini', readStandardEvents('event: chunk\n' + gemini.text))).toEqual([
      'event 0: Gemini sends no event name, got "chunk"',
    ]);
  });
});

describe('every byte where the network can cut', () => {
  const all = [
    ...PROVIDER_RECORDINGS.map((r) => ({ name: r.id, provider: r.provider, bytes: r.bytes })),
    ...TRUNCATED_RECORDINGS.map((t) => ({ name: `${t.from.id} (truncated)`, provider: t.provider, bytes: t.bytes })),
    ...FAILED_RECORDINGS.map((f) => ({ name: `${f.from.id} (failed)`, provider: f.provider, bytes: f.bytes })),
    ...[...TOKEN_LIMIT_RECORDINGS, ...REFUSED_RECORDINGS].map((c) => ({
      name: `${c.from.id} (${c.ending})`,
      provider: c.provider,
      bytes: c.bytes,
    })),
  ];

  it.each(all.map((s) => [s.name, s] as const))(
    '%s: two reads cut at any byte give the channels of one read',
    async (_name, { provider, bytes }) => {
      const whole = await readProviderStream(provider, bodyOfPieces([bytes]));
      const differences: number[] = [];
      for (let cut = 0; cut <= bytes.length; cut++) {
        const pieces = [bytes.subarray(0, cut), bytes.subarray(cut)];
        const result = await readProviderStream(provider, bodyOfPieces(pieces));
        if (JSON.stringify(result) !== JSON.stringify(whole)) differences.push(cut);
      }
      expect(differences).toEqual([]);
    },
    SLOW,
  );

  it.each(PROVIDER_RECORDINGS.map((r) => [r.id, r] as const))(
    '%s stopped at any byte: channels are prefixes, and complete only once the closing event is whole',
    (_id, recording) => {
      const { provider, bytes, text } = recording;
      // Where the closing event's blank line ends, in bytes: the first event the parser routes to "closing".
      const closingEnd = firstClosingEnd(recording);
      expect(closingEnd).toBe(
        recording.id === 'openai-data-only'
          ? bytes.length - 'data: [DONE]\n\n'.length
          : recording.id === 'gemini-repeated-finish'
            ? new TextEncoder().encode(text.split('\r\n\r\n')[0] + '\r\n\r').length
            : recording.provider === 'gemini'
              ? bytes.length - 1
              : bytes.length,
      );
      const wrong: number[] = [];
      for (let stop = 0; stop <= bytes.length; stop++) {
        const result = readProviderPieces(provider, [bytes.subarray(0, stop)]);
        const prefixes = PROVIDER_ANSWER.startsWith(result.answer) && PROVIDER_REASONING.startsWith(result.reasoning);
        if (!prefixes || result.complete !== stop >= closingEnd || result.answer.includes('\uFFFD')) wrong.push(stop);
      }
      expect(wrong).toEqual([]);
    },
    SLOW,
  );

  it.each(FAILED_RECORDINGS.map((f) => [f.from.id, f] as const))(
    '%s failed copy stopped at any byte: channels are prefixes; cut until the failure is whole, failed from then on',
    (_id, failed) => {
      const { provider, bytes } = failed;
      // OpenAI: the error event, the last but one, dispatched by its blank line. Anthropic: the error
      // event, the last. Gemini: the bare JSON error reads once its closing brace has come, the byte
      // before the final LF.
      const failureEnd =
        provider === 'gemini'
          ? bytes.length - 1
          : provider === 'openai'
            ? new TextEncoder().encode(failed.text.slice(0, failed.text.indexOf('event: response.failed'))).length
            : bytes.length;
      const wrong: number[] = [];
      for (let stop = 0; stop <= bytes.length; stop++) {
        const result = readProviderPieces(provider, [bytes.subarray(0, stop)]);
        const prefixes = PROVIDER_ANSWER.startsWith(result.answer) && PROVIDER_REASONING.startsWith(result.reasoning);
        const ending = stop >= failureEnd ? 'failed' : 'cut';
        if (!prefixes || result.ending.kind !== ending || result.complete || result.answer.includes('\uFFFD'))
          wrong.push(stop);
      }
      expect(wrong).toEqual([]);
    },
    SLOW,
  );

  it.each([...TOKEN_LIMIT_RECORDINGS, ...REFUSED_RECORDINGS].map((c) => [`${c.from.id} ${c.ending}`, c] as const))(
    '%s copy stopped at any byte: cut until its closing event is dispatched, then its ending',
    (_name, copy) => {
      const { provider, bytes } = copy;
      // The closing event is the last; with CRLF (Gemini) the second CR of its blank line dispatches it.
      const closingEnd = provider === 'gemini' ? bytes.length - 1 : bytes.length;
      const wrong: number[] = [];
      for (let stop = 0; stop <= bytes.length; stop++) {
        const result = readProviderPieces(provider, [bytes.subarray(0, stop)]);
        if (
          result.ending.kind !== (stop >= closingEnd ? copy.ending : 'cut') ||
          result.complete ||
          result.answer.includes('\uFFFD')
        )
          wrong.push(stop);
      }
      expect(wrong).toEqual([]);
    },
    SLOW,
  );
});

/**
 * The byte offset where the first event that closes the turn is dispatched. With CRLF line ends
 * (Gemini) that is one byte before its CRLF CRLF ends: the second CR alone ends the blank line, as
 * a lone CR ends any line in the standard; the LF after it only completes that line end.
 */
function firstClosingEnd(recording: ProviderRecording): number {
  const separator = recording.provider === 'gemini' ? '\r\n\r\n' : '\n\n';
  let offset = 0;
  for (const block of recording.text.split(separator)) {
    offset += new TextEncoder().encode(block + separator).length;
    const result = readProviderPieces(recording.provider, [new TextEncoder().encode(block + separator)]);
    if (result.ending.kind === 'complete') return recording.provider === 'gemini' ? offset - 1 : offset;
  }
  return -1;
}
