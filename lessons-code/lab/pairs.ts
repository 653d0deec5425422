// Each writer with each reader, on each split: the lesson's 2 × 3 × 2 experiment, as data.

import { splitAfter743, splitPinned } from '../ga/chunkers.ts';
import { readChatService } from '../ga/chat-service-reader.ts';
import { compare } from '../program/measures.ts';
import { readPage } from '../ga/page-reader.ts';
import { readStandard } from '../standard/parser.ts';
import { DONE_EVENT, writeGaApiEvent, writeGaChatbotEvent } from '../ga/writers.ts';
import { expectArray, expectFunction, expectObject, expectString } from '../core/arguments.ts';

/** One of GA's two server-side writers, as the pairs compare them. */
export interface Writer {
  id: string;
  /** GA's name for it; program output, so never translated. */
  label: string;
  write: (chunk: string) => string;
}

/** One of the three readers a GA answer meets: the standard's, the page's, ga-client's. */
export interface Reader {
  id: string;
  label: string;
  /** The text the user gets from a whole stream; may throw, as chatService does on an error event. */
  read: (stream: string) => string;
}

/** One of GA's two sentence chunkers: before and after PR #743. */
export interface Split {
  id: string;
  label: string;
  split: (answer: string) => string[];
}

/** GA's two writers: GaChatbot.Api's and GaApi's. */
export const WRITERS: readonly Writer[] = [
  { id: 'gachatbot', label: 'GaChatbot.Api', write: writeGaChatbotEvent },
  { id: 'gaapi', label: 'GaApi', write: writeGaApiEvent },
];

/** The standard reader's result in the table: its events, `[DONE]` left out, concatenated. */
export function readStandardText(stream: string): string {
  expectString(stream, 'readStandardText', 'stream');
  return readStandard(stream)
    .filter((data) => data !== '[DONE]')
    .join('');
}

/** The three readers: the HTML standard's, the GaChatbot page's, ga-client's chatService. */
export const READERS: readonly Reader[] = [
  { id: 'standard', label: 'HTML standard', read: readStandardText },
  { id: 'page', label: 'GaChatbot page', read: readPage },
  { id: 'chatService', label: 'ga-client chatService', read: readChatService },
];

/** The two chunkers: at a826864 and after PR #743. */
export const SPLITS: readonly Split[] = [
  { id: 'pinned', label: 'chunks at a826864', split: splitPinned },
  { id: 'after743', label: 'chunks after #743', split: splitAfter743 },
];

/** The stream a writer sends for some chunks: one event per chunk, then `[DONE]`. */
export function streamOf(write: (chunk: string) => string, chunks: readonly string[]): string {
  expectFunction(write, 'streamOf', 'write');
  expectArray(chunks, 'streamOf', 'chunks');
  let stream = '';
  for (const chunk of chunks) stream += write(chunk);
  return stream + DONE_EVENT;
}

/** What a reader gives, or what it throws, as a line of the tables: `(throws) ` and the message. */
export function readOrThrow(read: (stream: string) => string, stream: string): { text: string; thrown: boolean } {
  expectFunction(read, 'readOrThrow', 'read');
  expectString(stream, 'readOrThrow', 'stream');
  try {
    return { text: read(stream), thrown: false };
  } catch (error) {
    return { text: '(throws) ' + (error instanceof Error ? error.message : String(error)), thrown: true };
  }
}

/** One writer × reader pair on one split: what was sent, what the reader gave, and the verdict. */
export interface PairCell {
  split: Split;
  chunks: string[];
  stream: string;
  /** The text the user gets, or `(throws) …`. */
  got: string;
  thrown: boolean;
  /** `compare(answer, got)`, or the thrown line. */
  verdict: string;
}

/** One writer × reader pair on both splits: a row of the lesson's table. */
export interface PairRow {
  writer: Writer;
  reader: Reader;
  cells: PairCell[];
}

/**
 * One pair on one split: the answer chunked, each chunk written, `[DONE]` after, the whole stream
 * read, and what the reader gave compared with the answer.
 *
 * @example
 * ```ts
 * runPair(WRITERS[1], READERS[2], SPLITS[0], 'a\n\nb\n').verdict; // '1 of 2 lines missing, 3 line breaks missing'
 * ```
 */
export function runPair(writer: Writer, reader: Reader, split: Split, answer: string): PairCell {
  expectObject(writer, 'runPair', 'writer');
  expectObject(reader, 'runPair', 'reader');
  expectObject(split, 'runPair', 'split');
  expectString(answer, 'runPair', 'answer');
  const chunks = split.split(answer);
  const stream = streamOf(writer.write, chunks);
  const { text, thrown } = readOrThrow(reader.read, stream);
  return { split, chunks, stream, got: text, thrown, verdict: thrown ? text : compare(answer, text) };
}

/** Every writer with every reader on every split, writers outermost, as the program prints it. */
export function writerReaderTable(
  answer: string,
  writers: readonly Writer[] = WRITERS,
  readers: readonly Reader[] = READERS,
  splits: readonly Split[] = SPLITS,
): PairRow[] {
  expectString(answer, 'writerReaderTable', 'answer');
  expectArray(writers, 'writerReaderTable', 'writers');
  expectArray(readers, 'writerReaderTable', 'readers');
  expectArray(splits, 'writerReaderTable', 'splits');
  return writers.flatMap((writer) =>
    readers.map((reader) => ({ writer, reader, cells: splits.map((split) => runPair(writer, reader, split, answer)) })),
  );
}

/** What each reader makes of the failure stream; the standard's events are joined with ` | `. */
export function readFailure(stream: string): { reader: string; result: string; thrown: boolean }[] {
  expectString(stream, 'readFailure', 'stream');
  const standard = (s: string) => readStandard(s).join(' | ');
  return [
    { reader: 'HTML standard', ...resultOf(standard, stream) },
    { reader: 'GaChatbot page', ...resultOf(readPage, stream) },
    { reader: 'ga-client chatService', ...resultOf(readChatService, stream) },
  ];
}

function resultOf(read: (stream: string) => string, stream: string): { result: string; thrown: boolean } {
  const { text, thrown } = readOrThrow(read, stream);
  return { result: text, thrown };
}
