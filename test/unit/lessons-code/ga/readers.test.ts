// The two GA clients' readers (GA at a826864: the GaChatbot page's consumeSseStream,
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/wwwroot/index.html#L740-L809,
// and ga-client's parseSseBuffer,
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/ga-client/src/services/chatService.ts#L29-L77),
// the writer × reader experiment and the failure table,
// checked against the program's expected output (test/fixtures/l6-expected.txt).

import { describe, expect, it } from 'vitest';
import {
  IMPROVISATION_ANSWER,
  SPLITS,
  readChatService,
  readChatServiceStream,
  readFailure,
  readPage,
  readPageResult,
  readPageStream,
  readStandard,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
  writerReaderTable,
} from '../../../../lessons-code/index.ts';
import { bytesIn, everyCut, expectedOutput, lessonStreams, tableAfter } from '../../helpers/streams.ts';

const FAILURE_MESSAGE = 'Failed to process message. Please try again.';
/**
 * The host's whole body when answering fails (GaChatbot.Api's ChatbotController.cs lines 91–95 at
 * a826864:
 * https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/Controllers/ChatbotController.cs#L91-L95).
 */
const FAILURE_STREAM = `data: {"error":"${FAILURE_MESSAGE}"}\n\n`;
const ROUTING = 'data: {"type":"routing","agentId":"voicing","confidence":0.92}\n\n';

/** What a call throws, or undefined. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the GaChatbot page (consumeSseStream)', () => {
  it('skips the routing event and keeps it as the routing', () => {
    const result = readPageResult(ROUTING + 'data: Hi\n\ndata: [DONE]\n\n');
    expect(result.answer).toBe('Hi');
    expect(result.routing).toMatchObject({ type: 'routing', agentId: 'voicing' });
    expect(result.done).toBe(true);
  });

  it('takes only the first routing event: a second one is text', () => {
    expect(readPage(ROUTING + ROUTING)).toBe('{"type":"routing","agentId":"voicing","confidence":0.92}');
  });

  it('shows JSON that is not a routing event as text, and JSON that does not parse', () => {
    expect(readPage('data: {"type":"other"}\n\n')).toBe('{"type":"other"}');
    expect(readPage('data: {"type": oops\n\n')).toBe('{"type": oops');
  });

  it('appends the error event to the answer: it has no "type"', () => {
    const result = readPageResult(FAILURE_STREAM);
    expect(result.answer).toBe(`{"error":"${FAILURE_MESSAGE}"}`);
    expect(result.routing).toBeNull();
    expect(result.done).toBe(false);
  });

  it('appends text events with no separator, and joins the data lines of one event with LF', () => {
    expect(readPage('data: a\ndata: b\n\ndata: c\n\n')).toBe('a\nbc');
  });

  it('ignores data: lines without the space, and every other line', () => {
    expect(readPage('data:Hi\n\n')).toBe('');
    expect(readPage('data:x\nid: 1\n: c\nevent: e\ndata: y\n\n')).toBe('y');
    expect(readPage('data:  two\n\n')).toBe(' two'); // only "data: " is dropped
  });

  it('skips an event with no data: line', () => {
    expect(readPage(': keep-alive\n\ndata: a\n\n')).toBe('a');
  });

  it('returns at [DONE]: later events are never read', () => {
    const result = readPageResult('data: a\n\ndata: [DONE]\n\ndata: b\n\n');
    expect(result).toEqual({ answer: 'a', routing: null, done: true });
  });

  it('drops a trailing partial event', () => {
    expect(readPage('data: a\n\ndata: b\n')).toBe('a');
    expect(readPage('data: a\n\ndata: b')).toBe('a');
  });

  it('has no CR handling: a CRLF stream gives nothing useful', () => {
    const crlf = streamOf(writeGaChatbotEvent, ['Hello.', 'World.']).replaceAll('\n', '\r\n');
    expect(readPageResult(crlf)).toEqual({ answer: '', routing: null, done: false });
    // With LF events but CRLF inside, the CR stays in the text.
    expect(readPage('data: a\r\ndata: b\r\n\n')).toBe('a\r\nb\r');
  });
});

describe('ga-client chatService (parseSseBuffer and the read loop)', () => {
  it('skips the routing event (JSON without error) and appends text with no separator', () => {
    expect(readChatService(ROUTING + streamOf(writeGaApiEvent, ['a', 'b']))).toBe('ab');
  });

  it('throws an Error with the server message on an error event', () => {
    const error = thrownBy(() => readChatService('data: a\n\n' + FAILURE_STREAM));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SyntaxError);
    expect((error as Error).message).toBe(FAILURE_MESSAGE);
  });

  it('does not throw for a falsy error property', () => {
    expect(readChatService('data: {"error":""}\n\ndata: {"error":null}\n\ndata: {"error":0}\n\ndata: ok\n\n')).toBe(
      'ok',
    );
  });

  it('throws a SyntaxError on a payload that starts with { and is not JSON', () => {
    expect(thrownBy(() => readChatService('data: {not json\n\n'))).toBeInstanceOf(SyntaxError);
    expect(thrownBy(() => readChatService('data: {"a":1}}\n\n'))).toBeInstanceOf(SyntaxError);
  });

  it('appends a payload that does not start with {, even if it is JSON', () => {
    expect(readChatService('data: [1,2]\n\ndata: "s"\n\n')).toBe('[1,2]"s"');
  });

  it('keeps only the first data: line of an event (space not required) and trims it', () => {
    expect(readChatService('data: a\ndata: b\n\n')).toBe('a');
    expect(readChatService('data:a\n\n')).toBe('a');
    expect(readChatService('id: 1\ndata:   padded \t\ndata: no\n\n')).toBe('padded');
  });

  it('trims before looking for {: a JSON payload with spaces in front is still parsed', () => {
    expect(readChatService('data:    {"type":"routing"}\n\ndata: x\n\n')).toBe('x');
  });

  it('skips an empty payload and an event with no data: line', () => {
    expect(readChatService('data:    \n\n: c\n\nevent: e\n\ndata: x\n\n')).toBe('x');
  });

  it('appends the remainder after the last \\n\\n, trimmed, as it is', () => {
    expect(readChatService('data: a\n\n  data: b  \n')).toBe('adata: b');
    expect(readChatService('data: a\n\n \n ')).toBe('a');
  });

  it('does not append [DONE]', () => {
    expect(readChatService(streamOf(writeGaChatbotEvent, ['a', 'b']))).toBe('ab');
  });

  it('loses every line break of a multi-line chunk but the first line: it keeps one data: line', () => {
    expect(readChatService(writeGaChatbotEvent('one\ntwo') + 'data: [DONE]\n\n')).toBe('one');
  });
});

describe('the writer × reader table on the improvisation answer', () => {
  const expected = tableAfter(expectedOutput(), 'writer', [14, 22, 44]);

  it('has the splits of the expected header', () => {
    expect(expected[0]).toEqual(['writer', 'reader', ...SPLITS.map((split) => split.label)]);
    expect(expected).toHaveLength(7);
  });

  it('gives the six rows of the expected output', () => {
    const got = writerReaderTable(IMPROVISATION_ANSWER).map((row) => [
      row.writer.label,
      row.reader.label,
      ...row.cells.map((cell) => cell.verdict),
    ]);
    expect(got).toEqual(expected.slice(1));
  });

  it("every cell's verdict is the comparison of what the reader got", () => {
    for (const row of writerReaderTable(IMPROVISATION_ANSWER)) {
      for (const cell of row.cells) {
        expect(cell.thrown).toBe(false);
        expect(cell.stream.endsWith('data: [DONE]\n\n')).toBe(true);
        expect(cell.got).toBe(row.reader.read(cell.stream));
      }
    }
  });
});

describe('the failure table', () => {
  it('equals the expected output', () => {
    const expected = tableAfter(expectedOutput(), 'reader', [22]);
    expect(expected[0]).toEqual(['reader', 'what the user gets']);
    expect(readFailure(FAILURE_STREAM).map((row) => [row.reader, row.result])).toEqual(expected.slice(1));
  });

  it('marks only chatService as throwing', () => {
    expect(readFailure(FAILURE_STREAM).map((row) => row.thrown)).toEqual([false, false, true]);
  });
});

describe('exercise 1: the chunk "a\\r\\nb"', () => {
  it("the standard reader gets a\\nb from GaChatbot.Api's writer", () => {
    expect(writeGaChatbotEvent('a\r\nb')).toBe('data: a\ndata: b\n\n');
    expect(readStandard(writeGaChatbotEvent('a\r\nb'))).toEqual(['a\nb']);
  });

  it("the standard reader gets a from GaApi's writer: b becomes a field with no value", () => {
    expect(writeGaApiEvent('a\r\nb')).toBe('data: a\r\nb\n\n');
    expect(readStandard(writeGaApiEvent('a\r\nb'))).toEqual(['a']);
  });
});

describe('the streaming readers give what the whole-stream ones give, however the bytes are cut', () => {
  for (const { name, stream } of lessonStreams()) {
    it(`${name}: the page, every 2-piece cut`, async () => {
      const whole = readPageResult(stream);
      const bytes = new TextEncoder().encode(stream);
      for (const cut of everyCut(bytes.length)) {
        expect(await readPageStream(bytesIn(bytes, cut))).toEqual(whole);
      }
      expect(await readPageStream(bytesIn(bytes, 1))).toEqual(whole);
    });

    it(`${name}: chatService, every 2-piece cut`, async () => {
      // None of the lesson streams has anything after [DONE], so the real client's break at [DONE]
      // (see below) cannot change the result here.
      const whole = thrownBy(() => readChatService(stream)) ?? readChatService(stream);
      const bytes = new TextEncoder().encode(stream);
      for (const cut of everyCut(bytes.length)) {
        const got = await readChatServiceStream(bytesIn(bytes, cut)).catch((error: unknown) => error);
        if (whole instanceof Error) {
          expect(got).toBeInstanceOf(whole.constructor);
          expect((got as Error).message).toBe(whole.message);
        } else {
          expect(got).toBe(whole);
        }
      }
    });
  }

  it('chatService: events after [DONE] count only if they arrived in the same read', async () => {
    // parseSseBuffer sets "completed" at [DONE] and goes on with the events of the same buffer; the
    // read loop breaks only after that. So what follows [DONE] is read when it came in the same read
    // and lost when it came later. The real client does this; the port must too.
    const stream = 'data: a\n\ndata: [DONE]\n\ndata: b\n\n';
    const bytes = new TextEncoder().encode(stream);
    const doneEnd = stream.indexOf('[DONE]\n\n') + '[DONE]\n\n'.length;
    expect(readChatService(stream)).toBe('ab');
    expect(await readChatServiceStream(bytesIn(bytes, [bytes.length]))).toBe('ab');
    expect(await readChatServiceStream(bytesIn(bytes, [doneEnd, bytes.length - doneEnd]))).toBe('a');
  });

  it('chatService cancels the body when it throws', async () => {
    let cancelled = false;
    const encoded = new TextEncoder().encode(FAILURE_STREAM);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoded);
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readChatServiceStream(body)).rejects.toThrow(FAILURE_MESSAGE);
    expect(cancelled).toBe(true);
  });

  it('the page stops reading at [DONE] and cancels the rest of the body', async () => {
    let cancelled = false;
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        reads++;
        controller.enqueue(new TextEncoder().encode(reads === 1 ? 'data: a\n\ndata: [DONE]\n\n' : 'data: more\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readPageStream(body)).toEqual({ answer: 'a', routing: null, done: true });
    expect(cancelled).toBe(true);
  });

  it('the page keeps a character cut between two reads whole', async () => {
    const bytes = new TextEncoder().encode('data: →\n\n');
    const arrow = 'data: '.length; // the arrow's 3 bytes start here
    expect(await readPageStream(bytesIn(bytes, [arrow + 1, bytes.length - arrow - 1]))).toMatchObject({ answer: '→' });
    expect(await readChatServiceStream(bytesIn(bytes, [arrow + 2, bytes.length - arrow - 2]))).toBe('→');
  });
});
