// The stream inspector on real captures (test/fixtures/inspect-captures/, how each was made in its
// expected.json): curl -N -i and curl -v against the replica of GA's host and against a local server
// with one fault per route, a gzip body, UTF-16 files, HAR files from Chromium, one cut short. Each is
// read as a file would be, and, when it is UTF-8 text, as the same text pasted; what the inspector
// reports must be what the table expects, every finding by id: one more, or one missing, fails.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInspect, type InspectReport, type InspectResult } from '../../../../lessons-code/inspect/inspect.ts';
import type { InputSource } from '../../../../lessons-code/inspect/input.ts';

const DIR = new URL('../../../fixtures/inspect-captures/', import.meta.url);

interface ReportExpected {
  kind: 'report';
  format: string;
  ending: string;
  answerStart: string;
  decoded: string | null;
  findings: string[];
}
type Summary =
  | ReportExpected
  | {
      kind: 'response';
      why: string;
      status: number | null;
      retryAfter: string | null;
      shape: string | null;
      message: string | null;
      jsonLines: number;
    }
  | { kind: 'problem'; problem: string }
  | { kind: 'har'; entries: Record<string, ReportExpected> };
type Expected = { made: string } & Summary;

const table = JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as {
  captures: Record<string, Expected>;
};

const ofReport = (r: InspectReport): ReportExpected => ({
  kind: 'report',
  format: r.format.id,
  ending: r.turn.ending.kind,
  answerStart: r.turn.answer.slice(0, 40),
  decoded: r.decoded,
  findings: r.findings.map((finding) => finding.id).sort(),
});

/** What the inspector made of a capture, in the table's terms (a HAR: each streaming entry read). */
async function summary(source: InputSource): Promise<Summary> {
  const result = (await runInspect({ op: 'inspect', source })) as InspectResult;
  switch (result.kind) {
    case 'problem':
      return { kind: 'problem', problem: result.problem };
    case 'response': {
      const v = result.response;
      return {
        kind: 'response',
        why: v.why,
        status: v.status,
        retryAfter: v.retryAfter,
        shape: v.words?.shape ?? null,
        message: v.words?.message ?? null,
        jsonLines: v.jsonLines,
      };
    }
    case 'report':
      return ofReport(result.report);
    case 'har': {
      const entries: Record<string, ReportExpected> = {};
      for (const entry of result.entries) {
        const read = (await runInspect({ op: 'inspect', source, entry: entry.index })) as InspectResult;
        if (read.kind !== 'report') throw new Error(`entry ${entry.index}: ${read.kind}`);
        entries[entry.index] = ofReport(read.report);
      }
      return { kind: 'har', entries };
    }
  }
}

const expectedOf = ({ made: _, ...rest }: Expected): Summary =>
  rest.kind === 'report'
    ? { ...rest, findings: [...rest.findings].sort() }
    : rest.kind === 'har'
      ? {
          kind: 'har',
          entries: Object.fromEntries(
            Object.entries(rest.entries).map(([k, e]) => [k, { ...e, findings: [...e.findings].sort() }]),
          ),
        }
      : rest;

describe('real captures, read as the table expects', () => {
  const files = readdirSync(DIR).filter((name) => name !== 'expected.json');

  it('every capture has its line in the table, and every line its capture', () => {
    expect(files.sort()).toEqual(Object.keys(table.captures).sort());
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  for (const name of files)
    it(name, async () => {
      const expected = table.captures[name]!;
      const bytes = new Uint8Array(readFileSync(new URL(name, DIR)));
      expect(await summary({ kind: 'bytes', bytes })).toEqual(expectedOf(expected));
      // The same capture pasted: a UTF-8 text reads as its file does.
      const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
      let pasted: string | null = null;
      try {
        pasted = utf8.decode(bytes);
      } catch {
        pasted = null; // gzip or UTF-16: bytes only a file can hold
      }
      if (pasted !== null && !pasted.includes('\u0000'))
        expect(await summary({ kind: 'text', text: pasted }), 'pasted').toEqual(expectedOf(expected));
    });
});

describe('what the captures show', () => {
  const captures = Object.values(table.captures);
  it('no error response, JSON answer or JSON lines is read as a stream; none gets “No findings”', () => {
    const responses = Object.entries(table.captures).filter(([, e]) => e.kind === 'response');
    expect(responses.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'openai-500.txt',
        'anthropic-429.txt',
        'gemini-429.txt',
        'ga-500-json.txt',
        'ga-host-400.txt',
        'ga-host-415.txt',
        'chat-json-200.txt',
        'ollama-ndjson.txt',
      ]),
    );
  });

  it('the kinds a developer brings: curl -i, curl -v, gzip, UTF-16, HAR whole and cut', () => {
    expect(captures.some((e) => e.kind === 'report' && e.decoded === 'gzip')).toBe(true);
    expect(captures.some((e) => e.kind === 'report' && e.decoded === 'utf-16le')).toBe(true);
    expect(captures.some((e) => e.kind === 'report' && e.decoded === 'utf-16be')).toBe(true);
    expect(captures.some((e) => e.kind === 'har')).toBe(true);
    expect(captures.some((e) => e.kind === 'problem' && e.problem === 'harCut')).toBe(true);
    expect(captures.filter((e) => e.made.includes('curl -sS -N -v') || e.made.includes('curl -N -v')).length).toBe(5);
  });
});
