// `npm run bench`: the course's readStandardStream against eventsource-parser (v4) on the same 20 MB
// of GaChatbot.Api-style SSE, as UTF-8 bytes in 4 KB reads through a ReadableStream, each with a
// streaming TextDecoder. One process: a first pass that checks both give the same events (and fails
// loudly if not), a warm-up round, then the best of 5 rounds each, rotating which goes first.
// A third reader, not in the ratio, is StandardParser (the parser behind readStandardStream) with the
// same plumbing as eventsource-parser: a callback per event, no await per event.
// Throughput is by the wall clock; CPU time is printed too, as it moves less on a busy machine.
// The last line is the wall-clock throughput ratio: `ratio readStandardStream/eventsource-parser: X.XX`.

import { createParser } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import {
  IMPROVISATION_ANSWER,
  VOICING_ANSWER,
  readStandardStream,
  StandardParser,
  splitAfter743,
  splitPinned,
  writeGaChatbotEvent,
  DONE_EVENT,
} from '../lessons-code/index.ts';

const TARGET_BYTES = 20_000_000; // 20 MB (MB = 1,000,000 bytes here and in the figures)
const READ_SIZE = 4096;
const ROUNDS = 5;

/** One conversation as GaChatbot.Api sends it: a routing event, a keep-alive comment, the chunks, [DONE]. */
function conversation(answer: string, chunks: string[], n: number): string {
  const routing = JSON.stringify({
    type: 'routing',
    agentId: answer === VOICING_ANSWER ? 'voicing' : 'improvisation',
    confidence: 0.92,
    routingMethod: answer === VOICING_ANSWER ? 'deterministic-voicing-guard' : 'semantic',
    trace: { traceId: n.toString(16).padStart(32, '0'), protocol: 'ga-chat-replica', steps: [{ name: 'voicing-guard', elapsedMs: 0.012 }] },
    grounding: { source: 'course replica of the voicing index', matches: answer === VOICING_ANSWER ? 2 : 0 },
  });
  let text = writeGaChatbotEvent(routing) + ': keep-alive\n\n';
  chunks.forEach((chunk, i) => {
    text += writeGaChatbotEvent(chunk);
    if (i % 3 === 2) text += ': ping\n'; // a comment line inside the next event
  });
  return text + DONE_EVENT;
}

function buildStream(): Uint8Array {
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
  return new TextEncoder().encode(parts.join(''));
}

function pieces(bytes: Uint8Array): Uint8Array[] {
  const all: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += READ_SIZE) all.push(bytes.subarray(i, i + READ_SIZE));
  return all;
}

/** A fresh body over the same pieces, one piece per read. */
function body(all: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < all.length) controller.enqueue(all[i++]!);
      else controller.close();
    },
  });
}

/** What a timed round keeps of the events: their number and total length (keeping the events would time the GC). */
interface Tally {
  events: number;
  chars: number;
}

type Consumer = (data: string) => void;

async function withReadStandardStream(all: Uint8Array[], take: Consumer): Promise<void> {
  for await (const data of readStandardStream(body(all))) take(data);
}

async function withEventsourceParser(all: Uint8Array[], take: Consumer): Promise<void> {
  const parser = createParser({ onEvent: (event) => take(event.data) });
  const decoder = new TextDecoder();
  const reader = body(all).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
}

/**
 * Not in the ratio: the parser behind readStandardStream with the same plumbing as eventsource-parser
 * above (a callback per event, no await per event), to show what the async generator costs.
 */
async function withStandardParser(all: Uint8Array[], take: Consumer): Promise<void> {
  const parser = new StandardParser((event) => take(event.data));
  const decoder = new TextDecoder();
  const reader = body(all).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  parser.end();
}

/**
 * Not in the last line: eventsource-parser used the way readStandardStream is, as an async iterable
 * of events over the byte stream (its own TransformStream), so both pay an await per event.
 */
async function withEventsourceParserStream(all: Uint8Array[], take: Consumer): Promise<void> {
  const text = (body(all) as ReadableStream<BufferSource>).pipeThrough(new TextDecoderStream());
  const events = text.pipeThrough(new EventSourceParserStream()) as unknown as AsyncIterable<{ data: string }>;
  for await (const event of events) take(event.data);
}

const READERS = {
  readStandardStream: withReadStandardStream,
  'eventsource-parser': withEventsourceParser,
  'StandardParser, callbacks': withStandardParser,
  'eventsource-parser, stream': withEventsourceParserStream,
} as const;
type ReaderName = keyof typeof READERS;

async function collectAll(name: ReaderName): Promise<string[]> {
  const events: string[] = [];
  await READERS[name](all, (data) => events.push(data));
  return events;
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timed(name: ReaderName): Promise<{ ms: number; cpu: number; tally: Tally }> {
  const tally: Tally = { events: 0, chars: 0 };
  const cpuStart = cpuMs();
  const start = performance.now();
  await READERS[name](all, (data) => {
    tally.events++;
    tally.chars += data.length;
  });
  return { ms: performance.now() - start, cpu: cpuMs() - cpuStart, tally };
}

function sameEvents(a: string[], b: string[]): string | null {
  if (a.length !== b.length) return `${a.length} events against ${b.length}`;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return `event ${i + 1} differs: ${JSON.stringify(a[i]).slice(0, 80)} against ${JSON.stringify(b[i]).slice(0, 80)}`;
  return null;
}

const bytes = buildStream();
const all = pieces(bytes);
const mb = bytes.length / 1e6;
console.log(`stream: ${bytes.length} bytes (${mb.toFixed(1)} MB), ${all.length} reads of ${READ_SIZE} bytes, Node ${process.version}`);

/** The check that both readers give the same events, which also warms both up; returns the tally. */
async function check(): Promise<Tally> {
  const ours = await collectAll('readStandardStream');
  const theirs = await collectAll('eventsource-parser');
  const mismatch = sameEvents(ours, theirs);
  if (mismatch !== null) {
    console.error(`readStandardStream and eventsource-parser disagree: ${mismatch}`);
    process.exit(1);
  }
  const viaStream = sameEvents(ours, await collectAll('eventsource-parser, stream'));
  if (viaStream !== null) {
    console.error(`readStandardStream and EventSourceParserStream disagree: ${viaStream}`);
    process.exit(1);
  }
  const callbacks = sameEvents(ours, await collectAll('StandardParser, callbacks'));
  if (callbacks !== null) {
    console.error(`readStandardStream and StandardParser with callbacks disagree: ${callbacks}`);
    process.exit(1);
  }
  const texts = ours.filter((data) => data !== '[DONE]' && !data.startsWith('{')).length;
  console.log(`events: ${ours.length} (${texts} text events), the same from both readers`);
  return { events: ours.length, chars: ours.reduce((n, data) => n + data.length, 0) };
}
const expected = await check();
const names = Object.keys(READERS) as ReaderName[];
for (const name of names) await timed(name); // a warm-up round of the timed code

const best = Object.fromEntries(names.map((name) => [name, Infinity])) as Record<ReaderName, number>;
const bestCpu = { ...best };
for (let round = 0; round < ROUNDS; round++) {
  // Rotate which one goes first, so none always runs right after another's garbage.
  const order = names.map((_, i) => names[(i + round) % names.length]!);
  for (const name of order) {
    const { ms, cpu, tally } = await timed(name);
    if (tally.events !== expected.events || tally.chars !== expected.chars) {
      throw new Error(`round ${round + 1}: ${name} gave ${tally.events} events, ${tally.chars} characters`);
    }
    best[name] = Math.min(best[name], ms);
    bestCpu[name] = Math.min(bestCpu[name], cpu);
  }
}
const rate = (ms: number): number => mb / (ms / 1000);
for (const name of names) {
  console.log(
    `${(name + ':').padEnd(27)} best of ${ROUNDS} ${best[name].toFixed(1)} ms, ${rate(best[name]).toFixed(1)} MB/s` +
      ` (CPU time ${bestCpu[name].toFixed(1)} ms, ${rate(bestCpu[name]).toFixed(1)} MB/s)`,
  );
}
const cpuRatio = rate(bestCpu.readStandardStream) / rate(bestCpu['eventsource-parser']);
console.log(`CPU-time ratio readStandardStream/eventsource-parser: ${cpuRatio.toFixed(2)}`);
console.log(
  `ratio readStandardStream/eventsource-parser's EventSourceParserStream (both async iterables): ${(rate(best.readStandardStream) / rate(best['eventsource-parser, stream'])).toFixed(2)}`,
);
console.log(`ratio readStandardStream/eventsource-parser: ${(rate(best.readStandardStream) / rate(best['eventsource-parser'])).toFixed(2)}`);
