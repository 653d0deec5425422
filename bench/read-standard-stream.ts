// `npm run bench`: the course's standard reader against eventsource-parser 4 (the de-facto library)
// on the same 20 MB of GaChatbot.Api-style SSE, as UTF-8 bytes in 4 KB reads through a ReadableStream.
//
// Three readers, each from the body to every event's data:
// - eventsource-parser: its createParser, fed by a read loop with a streaming TextDecoder;
// - StandardParser, callbacks: the course's parser with exactly the same plumbing;
// - readStandardStream, for await: the course's reader as a page uses it, one await per event.
// (eventsource-parser's own EventSourceParserStream, also an async iterable, is timed for reference.)
//
// Trustworthy on a shared machine: the parent runs PROCESSES child processes one after the other,
// each `node --single-threaded` (the garbage collector and the compiler run on the main thread, so
// the process's CPU time is the work done). Each child builds the stream, checks that the readers
// give the same events, warms up, then times PAIRS interleaved rounds: the readers one after the
// other, in an order that alternates, and takes the ratio of each round. A round's time is the
// process's CPU time (time spent waiting for a core is not the reader's); wall-clock ratios are
// printed beside. The figures are the median of all rounds' ratios; a ratio is eventsource-parser's
// time over ours, so above 1.00 means ours is faster. The last line: `ratio readStandardStream/eventsource-parser:
// X.XX`.

import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  DONE_EVENT,
  IMPROVISATION_ANSWER,
  StandardParser,
  VOICING_ANSWER,
  readStandardStream,
  splitAfter743,
  splitPinned,
  writeGaChatbotEvent,
} from '../lessons-code/index.ts';

const TARGET_BYTES = 20_000_000; // 20 MB (MB = 1,000,000 bytes here and in the figures)
const READ_SIZE = 4096;
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const WARM_UP = 5;
const PAIRS = Number(process.env.BENCH_PAIRS ?? 21);

// ---------------------------------------------------------------------------------------------
// The stream

/** One conversation as GaChatbot.Api sends it: a routing event, a keep-alive comment, the chunks, [DONE]. */
function conversation(answer: string, chunks: string[], n: number): string {
  const routing = JSON.stringify({
    type: 'routing',
    agentId: answer === VOICING_ANSWER ? 'voicing' : 'improvisation',
    confidence: 0.92,
    routingMethod: answer === VOICING_ANSWER ? 'deterministic-voicing-guard' : 'semantic',
    trace: {
      traceId: n.toString(16).padStart(32, '0'),
      protocol: 'ga-chat-replica',
      steps: [{ name: 'voicing-guard', elapsedMs: 0.012 }],
    },
    grounding: { source: 'course replica of the voicing index', matches: answer === VOICING_ANSWER ? 2 : 0 },
  });
  let text = writeGaChatbotEvent(routing) + ': keep-alive\n\n';
  chunks.forEach((chunk, i) => {
    text += writeGaChatbotEvent(chunk);
    if (i % 3 === 2) text += ': ping\n'; // a comment line inside the next event
  });
  return text + DONE_EVENT;
}

function buildPieces(): { bytes: number; pieces: Uint8Array[] } {
  const kinds = [
    { answer: IMPROVISATION_ANSWER, chunks: splitAfter743(IMPROVISATION_ANSWER) }, // multi-line events
    { answer: IMPROVISATION_ANSWER, chunks: splitPinned(IMPROVISATION_ANSWER) },
    { answer: VOICING_ANSWER, chunks: splitPinned(VOICING_ANSWER) }, // one 10-line event
  ];
  const parts: string[] = [];
  let length = 0;
  for (let n = 0; length < TARGET_BYTES; n++) {
    const kind = kinds[n % kinds.length]!;
    const part = conversation(kind.answer, kind.chunks, n);
    parts.push(part);
    length += Buffer.byteLength(part, 'utf8');
  }
  const bytes = new TextEncoder().encode(parts.join(''));
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += READ_SIZE) pieces.push(bytes.subarray(i, i + READ_SIZE));
  return { bytes: bytes.length, pieces };
}

/** A fresh body over the same pieces, one piece per read. */
function body(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(pieces[i++]!);
      else controller.close();
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The readers: each hands every event's data (and last event ID) to `take`

type Take = (data: string, lastEventId?: string) => void;

/** The read loop both parsers are fed by: a streaming decoder, one feed per read. */
async function readLoop(pieces: Uint8Array[], feed: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  const reader = body(pieces).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    feed(decoder.decode(value, { stream: true }));
  }
  feed(decoder.decode());
}

async function withEventsourceParser(pieces: Uint8Array[], take: Take): Promise<void> {
  let lastEventId = ''; // eventsource-parser reports an id per event; the standard keeps the last one
  const parser = createParser({ onEvent: (event) => take(event.data, lastEventId), onId: (id) => (lastEventId = id) });
  await readLoop(pieces, (text) => parser.feed(text));
}

async function withStandardParser(pieces: Uint8Array[], take: Take): Promise<void> {
  const parser = new StandardParser((event) => take(event.data, event.lastEventId));
  await readLoop(pieces, (text) => parser.feed(text));
  parser.end();
}

async function withReadStandardStream(pieces: Uint8Array[], take: Take): Promise<void> {
  for await (const data of readStandardStream(body(pieces))) take(data); // it yields the data alone
}

async function withEventSourceParserStream(pieces: Uint8Array[], take: Take): Promise<void> {
  const text = (body(pieces) as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream());
  const events = text.pipeThrough(new EventSourceParserStream()) as unknown as AsyncIterable<{
    data: string;
    id?: string;
  }>;
  for await (const event of events) take(event.data, event.id ?? '');
}

const READERS = {
  'eventsource-parser': withEventsourceParser,
  'StandardParser, callbacks': withStandardParser,
  'readStandardStream, for await': withReadStandardStream,
  'EventSourceParserStream, for await': withEventSourceParserStream,
} as const;
type ReaderName = keyof typeof READERS;
const NAMES = Object.keys(READERS) as ReaderName[];

// ---------------------------------------------------------------------------------------------
// A child process: check, warm up, time interleaved rounds

interface ChildReport {
  events: number;
  /** The heap in use after the last round, in MB: a child several times above the others ran in a different state. */
  heapMB: number;
  /** Per round and reader: CPU ms and wall ms. */
  rounds: Record<ReaderName, { cpu: number; wall: number }>[];
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The check, which is also the first warm-up: every reader gives the same data in the same order as
 * eventsource-parser, and the same last event IDs where it reports them. A function of its own so
 * that its reference events are garbage once it returns: kept alive for the child's whole life (as
 * they were), they held some 60 MB in the old generation through every timed round, and about one
 * child in five then ran the course's readers 2 to 2.5 times slower for its whole life, its heap
 * growing past 400 MB (the same for both readers now: nothing kept between rounds).
 */
async function check(pieces: Uint8Array[]): Promise<number> {
  const reference: [string, string | undefined][] = [];
  await withEventsourceParser(pieces, (data, id) => reference.push([data, id]));
  for (const name of NAMES.slice(1)) {
    let n = 0;
    await READERS[name](pieces, (data, id) => {
      const [expected, expectedId] = reference[n] ?? [];
      if (data !== expected || (id !== undefined && id !== expectedId))
        throw new Error(`${name} disagrees with eventsource-parser at event ${n + 1}`);
      n++;
    });
    if (n !== reference.length) throw new Error(`${name} gave ${n} events, eventsource-parser ${reference.length}`);
  }
  return reference.length;
}

async function child(): Promise<void> {
  const { pieces } = buildPieces();
  const events = await check(pieces);
  let sink = 0;
  const take: Take = (data) => {
    sink += data.length;
  };
  const time = async (name: ReaderName) => {
    const cpu = cpuMs();
    const wall = performance.now();
    await READERS[name](pieces, take);
    return { cpu: cpuMs() - cpu, wall: performance.now() - wall };
  };
  for (let i = 0; i < WARM_UP; i++) for (const name of NAMES) await time(name);
  const rounds: ChildReport['rounds'] = [];
  for (let i = 0; i < PAIRS; i++) {
    const order = i % 2 === 0 ? NAMES : [...NAMES].reverse();
    const round = {} as ChildReport['rounds'][number];
    for (const name of order) round[name] = await time(name);
    rounds.push(round);
  }
  if (sink === 0) throw new Error('no data read');
  process.stdout.write(
    JSON.stringify({ events, heapMB: Math.round(process.memoryUsage().heapUsed / 1e6), rounds } satisfies ChildReport),
  );
}

// ---------------------------------------------------------------------------------------------
// The parent: several processes, the medians of every round's ratios

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function parent(): void {
  const { bytes, pieces } = buildPieces();
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  console.log(
    `stream: ${bytes} bytes (${(bytes / 1e6).toFixed(1)} MB), ${pieces.length} reads ` +
      `of ${READ_SIZE} bytes; Node ${process.version}, ${cpus().length} cores, load ` +
      `average ${load}`,
  );
  console.log(
    `${PROCESSES} processes (node --single-threaded), each ${WARM_UP} warm-up rounds ` +
      `then ${PAIRS} timed rounds of the ${NAMES.length} readers in alternating order`,
  );
  const reports: ChildReport[] = [];
  for (let p = 0; p < PROCESSES; p++) {
    const out = execFileSync(process.execPath, ['--single-threaded', fileURLToPath(import.meta.url), '--child'], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(out) as ChildReport;
    reports.push(report);
    const ratio = (name: ReaderName) =>
      median(report.rounds.map((r) => r['eventsource-parser'].cpu / r[name].cpu)).toFixed(2);
    console.log(
      `process ${p + 1}: ${report.events} events, heap ${report.heapMB} MB at the end; ` +
        `median ratios (CPU time) callbacks ${ratio('StandardParser, callbacks')}, for ` +
        `await ${ratio('readStandardStream, for await')}`,
    );
  }
  const rounds = reports.flatMap((report) => report.rounds);
  const ratio = (name: ReaderName, kind: 'cpu' | 'wall') =>
    median(rounds.map((r) => r['eventsource-parser'][kind] / r[name][kind]));
  const mbps = (name: ReaderName) => (bytes / 1e6 / (median(rounds.map((r) => r[name].cpu)) / 1000)).toFixed(0);
  console.log('\nreader                               median CPU ms   MB/s   ratio (CPU)   ratio (wall)');
  for (const name of NAMES) {
    const cpu = median(rounds.map((r) => r[name].cpu)).toFixed(1);
    console.log(
      `${name.padEnd(36)} ${cpu.padStart(13)} ${mbps(name).padStart(6)}   ` +
        `${ratio(name, 'cpu').toFixed(2).padStart(11)}   ` +
        `${ratio(name, 'wall').toFixed(2).padStart(12)}`,
    );
  }
  console.log(
    `\nratio StandardParser (callbacks)/eventsource-parser: ` +
      `${ratio('StandardParser, callbacks', 'cpu').toFixed(2)}  (goal ≥ 1.00)`,
  );
  console.log(
    `ratio readStandardStream/eventsource-parser: ${ratio('readStandardStream, for await', 'cpu').toFixed(2)}`,
  );
}

if (process.argv.includes('--child')) await child();
else parent();
