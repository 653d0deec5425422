// `npm run bench:inspect`: how long the stream inspector (06e) takes to read a 10 MB capture in Node,
// and how much memory it takes, in every format it knows and in GA's shape (hundreds of thousands of
// short events). What is timed is the work of its worker (lessons-code/inspect/: readInput, then
// inspectBody: the trace, the format, the turn, the findings), then what posting the report back to
// the page costs (a structured clone). Each stream is read in a process of its own (`-- --runs N`
// times, 5 by default; `-- --shape NAME` for one), so that its peak memory (the process's maximum
// resident set) is its own. Then the page: how responsive 06e stays while it reads the largest input
// it takes, in GA's shape, and how soon Cancel stops it (bench/inspect-page.ts; the built site,
// `npm run build` first). `-- --node` or `-- --page` runs one half alone. It prints medians, min and
// max, the peak, and what the inspector made of each stream; it never fails.

import { spawnSync } from 'node:child_process';
import { MAX_INPUT_BYTES, readInput } from '../lessons-code/inspect/input.ts';
import { inspectBody } from '../lessons-code/inspect/inspect.ts';
import { inspectPage } from './inspect-page.ts';
import { median, runsFromArgs, argValue } from './stats.ts';

const RUNS = runsFromArgs(5);
const TARGET = 10_000_000; // 10 MB (MB = 1,000,000 bytes in the figures)

const sse = (data: object, type?: string) => `${type ? `event: ${type}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** Parts written until the stream reaches `target` characters: a head, `body(i)` again and again, a tail. */
function fill(head: string[], body: (i: number) => string, tail: string[], target = TARGET): string {
  const parts = [...head];
  let size = parts.join('').length + tail.join('').length;
  for (let i = 0; size < target; i++) {
    const part = body(i);
    parts.push(part);
    size += part.length;
  }
  return parts.concat(tail).join('');
}

/** A word of an answer, different from one event to the next. */
const word = (i: number) => (i % 97 === 96 ? ` bar ${i}.` : ` E Phrygian ${i}`);

/** GA's host stream of about `target` characters (all ASCII, so as many bytes): a routing event, short text events. */
const gaStream = (target: number) =>
  fill(
    [sse({ type: 'routing', agentId: 'voicing', confidence: 0.92, routingMethod: 'bench' })],
    (i) => `data: Am ${i}\n\n`,
    ['data: [DONE]\n\n'],
    target,
  );

/** The streams, each about TARGET bytes, with what makes it of its shape. */
const SHAPES: Record<string, { about: string; build: () => string }> = {
  anthropic: {
    about:
      'Anthropic Messages: text deltas, keep-alive comments, a line ended by a lone CR, sentences run ' +
      'together, cut inside its last event',
    build: () => {
      const event = (type: string, data: object) => sse({ type, ...data }, type);
      const body = fill(
        [
          event('message_start', {
            message: { id: 'msg_bench', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 24 } },
          }),
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        ],
        (i) => {
          // every 97th delta ends a sentence that the next one continues without a space
          const text =
            i % 97 === 96
              ? ` E Phrygian over E, bar ${i}.`
              : `${i % 97 === 0 ? 'Then' : ' E'} Phrygian, the half step F–E, bar ${i}`;
          let part = event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
          if (i % 1000 === 999) part += ': keep-alive\n\n';
          if (i === 5000) part = part.replace('\n', '\r'); // a lone CR ends its event: line
          return part;
        },
        [],
      );
      return body + 'event: message_stop\ndata: {"type":"mess'; // cut inside its last event
    },
  },
  'openai-responses': {
    about: 'OpenAI Responses: response.output_text.delta events between response.created and response.completed',
    build: () => {
      const event = (type: string, data: object) => sse({ type, ...data }, type);
      const response = { id: 'resp_bench', object: 'response', status: 'in_progress', model: 'gpt-bench', output: [] };
      return fill(
        [event('response.created', { sequence_number: 0, response })],
        (i) =>
          event('response.output_text.delta', {
            sequence_number: i + 1,
            item_id: 'msg_bench',
            output_index: 0,
            content_index: 0,
            delta: word(i),
          }),
        [
          event('response.completed', {
            sequence_number: 0,
            response: {
              ...response,
              status: 'completed',
              usage: { input_tokens: 9, output_tokens: 9, total_tokens: 18 },
            },
          }),
        ],
      );
    },
  },
  'openai-chat': {
    about: 'OpenAI Chat Completions: chat.completion.chunk deltas, finish_reason stop, data: [DONE]',
    build: () => {
      const chunk = (delta: object, finish: string | null) => ({
        id: 'chatcmpl-bench',
        object: 'chat.completion.chunk',
        created: 1767225600,
        model: 'gpt-bench',
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      return fill(
        [sse(chunk({ role: 'assistant', content: '' }, null))],
        (i) => sse(chunk({ content: word(i) }, null)),
        [sse(chunk({}, 'stop')), 'data: [DONE]\n\n'],
      );
    },
  },
  gemini: {
    about: 'Gemini streamGenerateContent?alt=sse: candidates with text parts, CRLF line ends, finishReason STOP',
    build: () => {
      const candidate = (text: string, finishReason?: string) => ({
        candidates: [
          { content: { parts: [{ text }], role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) },
        ],
        modelVersion: 'gemini-bench',
      });
      const crlf = (part: string) => part.replace(/\n/g, '\r\n');
      return fill([], (i) => crlf(sse(candidate(word(i)))), [
        crlf(sse({ ...candidate('.', 'STOP'), usageMetadata: { promptTokenCount: 9, totalTokenCount: 18 } })),
      ]);
    },
  },
  ga: {
    about: "GA's host stream: a routing event, then about 500,000 short text events, then data: [DONE]",
    build: () => gaStream(TARGET),
  },
  plain: {
    about: 'plain server-sent events in no known format: short events of text with a type and an id',
    build: () => fill([], (i) => `event: tick\nid: ${i}\ndata: t${i}\n\n`, []),
  },
};

/** One shape read RUNS times in this process; its figures as one line of JSON on standard output. */
function measure(name: string): void {
  const bytes = new TextEncoder().encode(SHAPES[name]!.build());
  const rssBefore = process.memoryUsage().rss;
  const times: Record<string, number[]> = { decode: [], read: [], clone: [], all: [] };
  let summary = '';
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const input = readInput({ kind: 'bytes', bytes });
    if (input.kind !== 'stream') throw new Error(`the ${name} stream was read as ${input.kind}`);
    const decoded = performance.now();
    const report = inspectBody(input.body, { bytes: input.bytes, head: input.head, replaced: input.replaced });
    const read = performance.now();
    structuredClone(report);
    const cloned = performance.now();
    times.decode!.push(decoded - started);
    times.read!.push(read - decoded);
    times.clone!.push(cloned - read);
    times.all!.push(cloned - started);
    const { format, stream, turn, findings } = report;
    summary =
      `${format.id}; ${stream.lineCount} lines, ${stream.eventCount} events; ending ${turn.ending.kind}; ` +
      `answer ${turn.answer.length} characters; findings: ${findings.map((f) => f.id).join(', ') || 'none'}`;
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(JSON.stringify({ name, bytes: bytes.length, times, rssBefore, peak, summary }));
}

interface Measured {
  name: string;
  bytes: number;
  times: Record<string, number[]>;
  rssBefore: number;
  peak: number;
  summary: string;
}

const only = argValue('--shape');
if (process.argv.includes('--child')) measure(only!);
else if (!process.argv.includes('--page')) {
  const names = only ? [only] : Object.keys(SHAPES);
  console.log(
    `The stream inspector's work on 10 MB captures, in Node ${process.version}, ${RUNS} runs per stream, ` +
      'each stream in a process of its own (min–max after each median; ms).',
  );
  const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
  const rows: string[][] = [['stream', 'size', 'decode', 'read', 'clone', 'in all', 'first run', 'peak RSS', 'before']];
  const summaries: string[] = [];
  for (const name of names) {
    const child = spawnSync(
      process.execPath,
      [import.meta.filename, '--child', '--shape', name, '--runs', String(RUNS)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.status !== 0 || !line.startsWith('{')) {
      rows.push([name, 'not measured:', (child.stderr.trim().split('\n')[0] ?? '').slice(0, 80)]);
      continue;
    }
    const m = JSON.parse(line) as Measured;
    rows.push([
      name,
      `${(m.bytes / 1e6).toFixed(1)} MB`,
      ms(m.times.decode!),
      ms(m.times.read!),
      ms(m.times.clone!),
      ms(m.times.all!),
      m.times.all![0]!.toFixed(0),
      mb(m.peak),
      mb(m.rssBefore),
    ]);
    summaries.push(`  ${name}: ${SHAPES[name]!.about}.\n    read as ${m.summary}`);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
  console.log(
    '\n(peak RSS: the process at its largest, the stream itself included; before: once the stream was built)',
  );
  console.log(`\nThe streams, and what the inspector made of each:\n${summaries.join('\n')}`);
}
// The page: the largest input, less a part and the tail that `fill` may write past its target.
if (!process.argv.includes('--child') && !process.argv.includes('--node'))
  await inspectPage(gaStream(MAX_INPUT_BYTES - 64), RUNS);
