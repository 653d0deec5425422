// The inspector reads a body once and keeps counts and line numbers, not a record per line
// (lessons-code/inspect/lines.ts); what it keeps must be what the standard's tracer says of every
// line (lessons-code/standard/trace.ts, traceStandard): the same lines, rules, line ends, events and
// the lines each finding points at, on the course's recordings, their cut copies, and bodies that
// fast-check writes from the lines a stream can hold (fields of every kind, comments, blank lines,
// lines a writer got wrong, CR, CRLF, a byte order mark, a last line without its end). And the turn
// read from those events is the one the providers' pipeline reads from the bytes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILED_RECORDINGS,
  PROVIDER_RECORDINGS,
  REFUSED_RECORDINGS,
  TOKEN_LIMIT_RECORDINGS,
  TRUNCATED_RECORDINGS,
  createProviderPipeline,
  inspectBody,
  traceStandard,
} from '../../../../lessons-code/index.ts';
import { readLines } from '../../../../lessons-code/inspect/lines.ts';

/** What lines.ts keeps, worked out from traceStandard's record of every line, as the inspector used to. */
function fromTrace(body: string, offset: number) {
  const trace = traceStandard(body);
  const n = (i: number) => i + 1 + offset;
  const where = (test: (line: (typeof trace.lines)[number]) => boolean) =>
    trace.lines.flatMap((line, i) => (test(line) ? [n(i)] : []));
  const tags: Record<string, number> = {};
  const ends: Record<string, number> = { '\n': 0, '\r\n': 0, '\r': 0, '': 0 };
  for (const line of trace.lines) {
    tags[line.tag] = (tags[line.tag] ?? 0) + 1;
    ends[line.end]!++;
  }
  const first: number[] = [];
  const dispatch: number[] = [];
  trace.lines.forEach((line, i) => {
    if (line.event === null) return;
    first[line.event] ??= n(i);
    if (line.tag === 'dispatch') dispatch[line.event] = n(i);
  });
  // The fields the standard ignores, group by group, but a group that reads whole as JSON.
  const unknown: number[] = [];
  let group: { n: number; tag: string; text: string }[] = [];
  const close = () => {
    const lost = group.filter((line) => line.tag === 'ignored' || line.tag === 'no-colon');
    const bare = group.every((line) => lost.includes(line) || line.tag === 'unfinished');
    let json = false;
    try {
      JSON.parse(group.map((line) => line.text).join('\n'));
      json = true;
    } catch {}
    if (lost.length > 0 && !(bare && json)) unknown.push(...lost.map((line) => line.n));
    group = [];
  };
  trace.lines.forEach((line, i) => {
    if (line.tag === 'blank' || line.tag === 'dispatch') close();
    else if (line.tag !== 'comment') group.push({ n: n(i), tag: line.tag, text: line.text });
  });
  close();
  const pendingLine = trace.lines.findIndex((l) => l.discarded && (l.tag === 'data' || l.tag === 'unfinished'));
  return {
    bom: trace.bom,
    lineCount: trace.lines.length,
    first: trace.lines.slice(0, 150),
    tags,
    ends,
    events: trace.events.map((e, i) => ({
      type: e.type,
      data: e.data,
      line: first[i] ?? dispatch[i],
      dispatch: dispatch[i],
    })),
    firstEvents: trace.events.slice(0, 50),
    discarded: where((l) => l.discarded),
    loneCr: where((l) => l.end === '\r'),
    comments: where((l) => l.tag === 'comment'),
    replaced: where((l) => l.text.includes('\uFFFD')),
    unknownFields: unknown,
    ids: trace.lines.flatMap((l, i) => (l.tag === 'id' ? [{ line: n(i), value: l.value }] : [])),
    pendingLine: pendingLine === -1 ? 0 : n(pendingLine),
    pendingData: trace.discardedData,
  };
}

function kept(body: string, offset: number) {
  const lines = readLines(body, offset);
  return {
    bom: lines.bom,
    lineCount: lines.lineCount,
    first: lines.first,
    tags: lines.tags,
    ends: lines.ends,
    events: lines.events.map((e) => ({ type: e.type, data: e.data, line: e.line, dispatch: e.dispatchLine })),
    firstEvents: lines.firstEvents,
    discarded: [...lines.discarded].sort((a, b) => a - b),
    loneCr: lines.loneCr,
    comments: lines.comments,
    replaced: lines.replaced,
    unknownFields: lines.unknownFields,
    ids: lines.ids,
    pendingLine: lines.pending.line,
    pendingData: lines.pending.data,
  };
}

/** fromTrace, with the ids cut to the five a report keeps. */
const expected = (body: string, offset: number) => {
  const all = fromTrace(body, offset);
  return { ...all, ids: all.ids.slice(0, 5) };
};

describe('the inspector keeps of a body what the standard’s tracer says of it', () => {
  it('on the course’s recordings and their copies cut short', () => {
    const bodies = [
      ...PROVIDER_RECORDINGS.map((r) => r.text),
      ...TRUNCATED_RECORDINGS.map((copy) => new TextDecoder().decode(copy.bytes)),
    ];
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) expect(kept(body, 4)).toEqual(expected(body, 4));
  });

  it('on bodies of every kind of line, with every line end', () => {
    const line = fc.oneof(
      fc.constantFrom(
        'data: {"type":"message_start"}',
        'data: [DONE]',
        'data: Am7',
        'data:',
        'data',
        'event: delta',
        'event',
        'id: 7',
        'id: a\u0000b',
        'retry: 3000',
        'retry: soon',
        ': keep-alive',
        ':',
        '',
        ' data: indented',
        'Data: capital',
        'Then the chord',
        'Step 1: play the root.',
        '{"error": {"code": 500,',
        '"message": "boom"}}',
        'data: caf\uFFFD',
      ),
      fc.string({ maxLength: 8 }).map((s) => s.replace(/[\r\n]/g, '')),
    );
    const end = fc.constantFrom('\n', '\n', '\n', '\r\n', '\r');
    const body = fc
      .tuple(fc.boolean(), fc.array(fc.tuple(line, end), { maxLength: 40 }), fc.option(line))
      .map(([bom, lines, last]) => (bom ? '\uFEFF' : '') + lines.map(([l, e]) => l + e).join('') + (last ?? ''));
    fc.assert(
      fc.property(body, fc.nat(5), (text, offset) => {
        expect(kept(text, offset)).toEqual(expected(text, offset));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the first 150 lines and 50 events whole, and counts the rest', () => {
    const body = 'data: x\n\n'.repeat(1000);
    const lines = readLines(body, 0);
    expect(lines.lineCount).toBe(2000);
    expect(lines.first).toHaveLength(150);
    expect(lines.firstEvents).toHaveLength(50);
    expect(lines.events).toHaveLength(1000);
    expect(lines.events[999]).toMatchObject({ line: 1999, dispatchLine: 2000 });
  });
});

describe('the providers’ turn, from events parsed once, is the one their pipeline reads from the bytes', () => {
  it('on every recording and its cut, failed, token-limit and refused copies', () => {
    const copies = [
      ...PROVIDER_RECORDINGS.map((r) => ({ provider: r.provider, bytes: new TextEncoder().encode(r.text) })),
      ...TRUNCATED_RECORDINGS.map((c) => ({ provider: c.provider, bytes: c.bytes })),
      ...FAILED_RECORDINGS.map((c) => ({ provider: c.provider, bytes: c.bytes })),
      ...TOKEN_LIMIT_RECORDINGS.map((c) => ({ provider: c.provider, bytes: new TextEncoder().encode(c.text) })),
      ...REFUSED_RECORDINGS.map((c) => ({ provider: c.provider, bytes: new TextEncoder().encode(c.text) })),
    ];
    const formats = { openai: 'openai-responses', anthropic: 'anthropic', gemini: 'gemini' } as const;
    const endings = new Set<string>();
    for (const { provider, bytes } of copies) {
      const pipeline = createProviderPipeline(provider);
      pipeline.push(bytes);
      const read = pipeline.end();
      const { turn } = inspectBody(new TextDecoder().decode(bytes), { format: formats[provider] });
      expect(turn.answer).toBe(read.answer);
      expect(turn.reasoning).toBe(read.reasoning);
      expect(turn.ending.kind).toBe(read.ending.kind);
      if (read.ending.kind !== 'cut') expect(turn.ending.message).toBe(read.ending.message);
      endings.add(`${provider} ${read.ending.kind}`);
    }
    // Gemini's failure is a bare JSON object after its last event: read only from the body's tail.
    expect(endings).toContain('gemini failed');
    expect(endings.size).toBeGreaterThanOrEqual(12);
  });
});
