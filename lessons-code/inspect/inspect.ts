// The stream inspector's reading, as the page's worker (src/widgets/inspect/inspect-worker.ts) and
// the command line (`npm run inspect`, scripts/inspect.ts) run it: the input checked (input.ts), the
// body read once by the standard's parser (lines.ts: the events, and the lines as counts), its format
// detected (format.ts), its turn read by the course's readers (turn.ts) and its findings
// (findings.ts), all in one report a worker can post back cheaply: the lines and events it lists are
// the first ones only (standard/trace-view.ts).

import { expectObject, expectOneOf, expectOptions, expectString } from '../core/arguments.ts';
import { IMPROVISATION_ANSWER, IMPROVISATION_QUESTION, VOICING_QUESTION } from '../ga/answers.ts';
import { splitPinned } from '../ga/chunkers.ts';
import { writeGaChatbotEvent } from '../ga/writers.ts';
import { createInPageHost } from '../host/in-page-host.ts';
import { STREAM_PATH } from '../host/requests.ts';
import { streamOf } from '../lab/pairs.ts';
import { PROVIDER_RECORDINGS, TRUNCATED_RECORDINGS } from '../providers/recordings.ts';
import { VOICINGS_QUESTION } from '../rounds/model-script.ts';
import { roundChunks, wireOf } from '../rounds/recordings.ts';
import { viewOfParts, type TraceResult } from '../standard/trace-view.ts';
import { JsonTooDeep } from './depth.ts';
import { detectFormat, pendingEvent, type Evidence, type FormatId } from './format.ts';
import { findIn, type Finding } from './findings.ts';
import {
  inflateGzip,
  readInput,
  type Decoding,
  type HarEntry,
  type HttpHead,
  type InputSource,
  type ProblemResult,
} from './input.ts';
import type { ResponseView } from './response.ts';
import { readLines, type BodyLines, type FieldValue } from './lines.ts';
import { transportOf, type TransportView } from './transport.ts';
import { readTurn, type TurnView } from './turn.ts';

export type { FieldValue };

/** The stream as the standard's reader sees it. */
export interface StreamFacts {
  bytes: number;
  lineCount: number;
  eventCount: number;
  comments: number;
  blankLines: number;
  bom: boolean;
  /** How many lines end with each line end, and the one the stream uses (`mixed`: more than one; `none`). */
  lineEnds: { lf: number; crlf: number; cr: number; kind: 'lf' | 'crlf' | 'cr' | 'mixed' | 'none' };
  ids: FieldValue[];
  idCount: number;
  retries: FieldValue[];
  retryCount: number;
  /** Event types other than `message`, with how many events carry each. */
  eventTypes: [string, number][];
}

/** What the inspector says of a stream: its head, its figures, its trace, its format, its turn, its findings. */
export interface InspectReport {
  head: HttpHead | null;
  entry: HarEntry | null;
  replaced: number;
  /** How the input's bytes became text, when not as UTF-8 (UTF-16, a gzip body inflated). */
  decoded: Decoding | null;
  /** curl's error line, set aside from the end of the input (input.ts), or null. */
  curlSaid: string | null;
  /** Lines of the input before the body: every line number in the report counts them. */
  offset: number;
  stream: StreamFacts;
  /** The status, headers and (for a HAR entry) timings; null for a body without a head. */
  transport: TransportView | null;
  trace: TraceResult;
  format: { id: FormatId; detected: FormatId; evidence: Evidence[] };
  turn: TurnView;
  findings: Finding[];
}

/** What the learner gave: a text or bytes (input.ts), or a file that the worker reads itself. */
export type InspectSource = InputSource | { kind: 'file'; file: Blob };

/** How far the worker has read a file: the bytes read, and the file's size. */
export interface ReadProgress {
  loaded: number;
  total: number;
}

/**
 * A file's bytes, read chunk by chunk as the browser's stream of it gives them
 * (https://w3c.github.io/FileAPI/#stream-method-algo), each chunk reported to `onProgress`.
 */
export async function readBlob(blob: Blob, onProgress?: (progress: ReadProgress) => void): Promise<Uint8Array> {
  expectObject(blob, 'readBlob', 'blob');
  const bytes = new Uint8Array(blob.size);
  let loaded = 0;
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // A file changed on disk while it is read: its stream fails, or gives more than its size said.
    if (loaded + value.length > bytes.length) throw new Error('the file changed while it was read');
    bytes.set(value, loaded);
    loaded += value.length;
    onProgress?.({ loaded, total: blob.size });
  }
  return loaded === bytes.length ? bytes : bytes.subarray(0, loaded);
}

/** What the page's worker is asked: a source inspected, its body alone, or one of the course's streams. */
export type InspectRequest =
  | { op: 'inspect'; source: InspectSource; entry?: number; format?: FormatId }
  | { op: 'body'; source: InspectSource; entry?: number }
  | { op: 'example'; id: ExampleId };

/** What a source turned out to be: a problem, a HAR file's entries, a response that is not a stream, or a report. */
export type InspectResult =
  | ProblemResult
  | { kind: 'har'; entries: HarEntry[]; total: number }
  | { kind: 'response'; response: ResponseView }
  | { kind: 'report'; report: InspectReport };

function streamFacts(lines: BodyLines, bytes: number): StreamFacts {
  const { ends, tags } = lines;
  const used = (['\n', '\r\n', '\r'] as const).filter((end) => ends[end] > 0);
  const kind =
    used.length === 0
      ? 'none'
      : used.length > 1
        ? 'mixed'
        : ({ '\n': 'lf', '\r\n': 'crlf', '\r': 'cr' } as const)[used[0]!];
  const types = new Map<string, number>();
  for (const event of lines.events)
    if (event.type !== 'message') types.set(event.type, (types.get(event.type) ?? 0) + 1);
  return {
    bytes,
    lineCount: lines.lineCount,
    eventCount: lines.events.length,
    comments: tags.comment ?? 0,
    blankLines: (tags.blank ?? 0) + (tags.dispatch ?? 0),
    bom: lines.bom,
    lineEnds: { lf: ends['\n'], crlf: ends['\r\n'], cr: ends['\r'], kind },
    ids: lines.ids,
    idCount: lines.idCount,
    retries: lines.retries,
    retryCount: lines.retryCount,
    eventTypes: [...types].sort((a, b) => b[1] - a[1]).slice(0, 12),
  };
}

/**
 * The report on a body: `format` read as the learner chose it, or as detected. `offset`: lines of
 * the input before the body (an HTTP head), so that every line number is one of the input's.
 * Throws JsonTooDeep for a body whose events nest JSON deeper than MAX_JSON_DEPTH (depth.ts).
 */
export function inspectBody(
  body: string,
  options: {
    bytes?: number;
    head?: HttpHead | null;
    entry?: HarEntry | null;
    replaced?: number;
    decoded?: Decoding | null;
    curlSaid?: string | null;
    format?: FormatId;
  } = {},
): InspectReport {
  expectString(body, 'inspectBody', 'body');
  expectOptions(options, 'inspectBody');
  const head = options.head ?? null;
  const offset = head?.lines ?? 0;
  const lines = readLines(body, offset);
  const { events } = lines;
  const detection = detectFormat(events, pendingEvent(lines.pending, events.length));
  const format = options.format ?? detection.id;
  const lastLine = lines.lineCount + offset;
  const { turn, facts } = readTurn(format, body, events, lastLine);
  const replaced = options.replaced ?? 0;
  const entry = options.entry ?? null;
  const transport = transportOf(head, entry, events.length);
  return {
    head,
    entry,
    replaced,
    decoded: options.decoded ?? null,
    curlSaid: options.curlSaid ?? null,
    offset,
    stream: streamFacts(lines, options.bytes ?? new TextEncoder().encode(body).length),
    transport,
    trace: viewOfParts(
      {
        length: body.length,
        bom: lines.bom,
        lineCount: lines.lineCount,
        first: lines.first,
        eventCount: events.length,
        firstEvents: lines.firstEvents,
        counts: lines.tags,
        discardedLines: lines.discarded.length,
      },
      offset,
    ),
    format: { id: format, detected: detection.id, evidence: detection.evidence },
    turn,
    findings: findIn({ format, lines, events, turn, facts, offset, replaced, transport }),
  };
}

/** Whether a report holds a finding that is a problem (not a note): what `npm run inspect` exits 1 on. */
export function hasProblem(report: Pick<InspectReport, 'findings'>): boolean {
  expectObject(report, 'hasProblem', 'report');
  return report.findings.some((finding) => finding.severity === 'problem');
}

/** The course's streams the page offers to try (their text: exampleStream). */
export const EXAMPLE_IDS = [
  'anthropic',
  'openai',
  'gemini',
  'chat',
  'ga',
  'gaPinned',
  'gaFailure',
  'anthropicCut',
] as const;
/** One of the course's streams the page offers to try: one of EXAMPLE_IDS. */
export type ExampleId = (typeof EXAMPLE_IDS)[number];

/** GA's host stream for a question, from the course's in-page host (lessons-code/host/in-page-host.ts). */
async function hostStream(question: string): Promise<string> {
  const response = await createInPageHost()(STREAM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: question }),
  });
  return response.text();
}

/**
 * An example stream's text: the course's recordings and the cut copy of Anthropic's, a round of the
 * model replica, the in-page host's two streams, and GaChatbot.Api's writer on the improvisation
 * answer as the pinned chunker splits it (the lesson's writer × reader stream: no routing event).
 */
export async function exampleStream(id: ExampleId): Promise<string> {
  expectOneOf(id, EXAMPLE_IDS, 'exampleStream', 'id');
  switch (id) {
    case 'anthropic':
    case 'openai':
    case 'gemini':
      return PROVIDER_RECORDINGS.find((recording) => recording.id === id)!.text;
    case 'anthropicCut':
      return new TextDecoder().decode(TRUNCATED_RECORDINGS.find((copy) => copy.provider === 'anthropic')!.bytes);
    case 'chat':
      return wireOf(roundChunks(VOICINGS_QUESTION));
    case 'ga':
      return hostStream(VOICING_QUESTION);
    case 'gaPinned':
      return streamOf(writeGaChatbotEvent, splitPinned(IMPROVISATION_ANSWER));
    case 'gaFailure':
      return hostStream(IMPROVISATION_QUESTION);
  }
}

/**
 * What the worker does with one request; a file is read first, its progress told to `onProgress`.
 * An inspection gives a result; a body or an example, its text.
 */
export async function runInspect(
  request: Extract<InspectRequest, { op: 'inspect' }>,
  onProgress?: (progress: ReadProgress) => void,
): Promise<InspectResult>;
export async function runInspect(
  request: Exclude<InspectRequest, { op: 'inspect' }>,
  onProgress?: (progress: ReadProgress) => void,
): Promise<string>;
export async function runInspect(
  request: InspectRequest,
  onProgress?: (progress: ReadProgress) => void,
): Promise<InspectResult | string>;
export async function runInspect(
  request: InspectRequest,
  onProgress?: (progress: ReadProgress) => void,
): Promise<InspectResult | string> {
  expectObject(request, 'runInspect', 'request');
  if (request.op === 'example') return exampleStream(request.id);
  const given = request.source;
  let source: InputSource;
  if (given.kind !== 'file') source = given;
  else {
    try {
      source = { kind: 'bytes', bytes: await readBlob(given.file, onProgress) };
    } catch {
      // Moved, deleted or changed on disk since it was picked, or a permission taken back.
      return request.op === 'body' ? '' : { kind: 'problem', problem: 'unreadable' };
    }
  }
  // A gzip body (curl -i without --compressed) is inflated first, where the browser can.
  let inflated = false;
  if (source.kind === 'bytes') {
    const bytes = source.bytes instanceof Uint8Array ? source.bytes : new Uint8Array(source.bytes);
    const gunzipped = await inflateGzip(bytes);
    if (gunzipped !== null) [source, inflated] = [{ kind: 'bytes', bytes: gunzipped }, true];
  }
  const input = readInput(source, request.entry);
  if (request.op === 'body') return input.kind === 'stream' ? input.body : '';
  if (input.kind !== 'stream') return input;
  try {
    return {
      kind: 'report',
      report: inspectBody(input.body, {
        bytes: input.bytes,
        head: input.head,
        entry: input.entry,
        replaced: input.replaced,
        decoded: inflated ? 'gzip' : input.decoded,
        curlSaid: input.curlSaid,
        ...(request.format ? { format: request.format } : {}),
      }),
    };
  } catch (error) {
    // An event's JSON nested past what the readers can walk (depth.ts): said in words, not thrown.
    if (error instanceof JsonTooDeep) return { kind: 'problem', problem: 'tooDeep' };
    throw error;
  }
}
