// The lesson's program: asks a host (anything fetch-shaped) the lesson's two questions, reads the
// answers with each writer and each reader, and returns what it prints. The CLI passes the replica
// over HTTP; the page's terminal and the build pass the in-page replica.

import { IMPROVISATION_ANSWER, IMPROVISATION_QUESTION, VOICING_QUESTION } from '../ga/answers.ts';
import { SPLIT_743_SOURCE, splitAfter743, splitPinned } from '../ga/chunkers.ts';
import type { FetchLike } from '../host/in-page-host.ts';
import { CHAT_PATH, STREAM_PATH } from '../host/chatbot-host.ts';
import { compare, countBreaks, countLines, show } from './measures.ts';
import { SPLITS, readFailure, writerReaderTable } from '../lab/pairs.ts';
import { readStandard } from '../standard/parser.ts';
import { DONE_EVENT, writeGaChatbotEvent } from '../ga/writers.ts';
import { classifyEvent } from '../core/events.ts';
import { expectFunction, expectString } from '../core/arguments.ts';

/** The program's output, whole and in the seven blocks the lesson page shows one by one. */
export interface LessonOutput {
  text: string;
  blocks: string[];
}

/** Builds the printed text: titles, stream dumps and tables, and the block boundaries of the page. */
class Printer {
  private lines: string[] = [];
  private starts: number[] = [];

  line(text = ''): void {
    this.lines.push(text);
  }

  /** A new block of the page; a title is one empty line, then `== ` and the title. */
  block(title?: string): void {
    if (title !== undefined) this.line();
    this.starts.push(this.lines.length);
    if (title !== undefined) this.line('== ' + title);
  }

  /** Each LF-separated line of a text, as `  | line`, its trailing spaces removed. */
  dump(text: string, cut: (line: string) => string = (line) => line): void {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (const line of lines) this.line(('  | ' + cut(line)).trimEnd());
  }

  /** A raw body, its one long line (the routing event, with its changing trace) shortened. */
  dumpStream(stream: string): void {
    this.dump(stream, shorten);
  }

  /** A table: every cell but the last padded to its column's width, one space between, end trimmed. */
  table(widths: number[], rows: string[][]): void {
    for (const row of rows)
      this.line(
        row
          .map((cell, i) => (i < row.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell))
          .join(' ')
          .trimEnd(),
      );
  }

  output(): LessonOutput {
    const text = this.lines.join('\n') + '\n';
    const blocks = this.starts.map((start, i) => {
      const end = i + 1 < this.starts.length ? this.starts[i + 1]! : this.lines.length;
      const lines = this.lines.slice(start, end);
      while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      return lines.join('\n');
    });
    return { text, blocks };
  }
}

/** A line over 100 characters (only the routing event is) is cut before its last comma at or before index 60. */
function shorten(line: string): string {
  if (line.length <= 100) return line;
  const comma = line.lastIndexOf(',', 60);
  return comma < 0 ? line.slice(0, 60) + '…' : line.slice(0, comma) + ',…';
}

/** What the program calls an event, from its data: `[DONE]`, `routing`, `error` or `text`. */
export type EventKind = '[DONE]' | 'routing' | 'error' | 'text';

/** classifyEvent's answer in the program's words (`[DONE]` as it appears on the wire). */
export function eventKind(data: string): EventKind {
  expectString(data, 'eventKind', 'data');
  const kind = classifyEvent(data).kind;
  return kind === 'done' ? '[DONE]' : kind;
}

/**
 * `/chat`'s answer as the program compares it: every CRLF and lone CR made LF, the line ends that
 * AppendLine can write (Environment.NewLine). The lesson's C# program calls String.ReplaceLineEndings
 * to LF instead, which also turns NEL, LS, PS and FF into LF
 * (https://learn.microsoft.com/dotnet/api/system.string.replacelineendings); neither answer holds
 * any of those four, so the two give the same text here.
 */
export function answerWithLf(answer: string): string {
  expectString(answer, 'answerWithLf', 'answer');
  return answer.replace(/\r\n|\r/g, '\n');
}

/** The lesson's two checks on the host's stream, against `/chat`'s answer (already with LF line ends). */
export interface HostStreamChecks {
  /** The stream's events, as the HTML standard reads them. */
  events: string[];
  /** The text events, joined. */
  joined: string;
  joinedEqualsAnswer: boolean;
  /** The host's bytes after the routing event. */
  afterRouting: string;
  /** The course's copy of the host's writer on the pinned chunks of the answer, then `[DONE]`. */
  rewritten: string;
  writerGivesHostBytes: boolean;
}

/**
 * The lesson's two checks on the host's stream: its text events joined equal `/chat`'s answer, and
 * the course's copy of the writer gives the host's bytes.
 *
 * @param stream - The stream's whole body, as text.
 * @param answer - `/chat`'s answer, its line ends already LF (answerWithLf).
 */
export function checkHostStream(stream: string, answer: string): HostStreamChecks {
  expectString(stream, 'checkHostStream', 'stream');
  expectString(answer, 'checkHostStream', 'answer');
  const events = readStandard(stream);
  const joined = events.filter((data) => eventKind(data) === 'text').join('');
  // Past the routing event, the host's bytes are the writer's encoding of the pinned chunks, then [DONE].
  const afterRouting = stream.slice(stream.indexOf('\n\n') + 2);
  const rewritten = splitPinned(answer).map(writeGaChatbotEvent).join('') + DONE_EVENT;
  return {
    events,
    joined,
    joinedEqualsAnswer: joined === answer,
    afterRouting,
    rewritten,
    writerGivesHostBytes: afterRouting === rewritten,
  };
}

/** The program's words for the two checks (program output: never translated). */
export const CHECK_WORDS = {
  joined: { yes: 'yes (line breaks as LF)', no: 'no' },
  writer: { yes: 'yes', no: 'no' },
} as const;

async function post(host: FetchLike, path: string, message: string): Promise<Response> {
  return host(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
  });
}

/** `l6`: the whole program. */
export async function runLesson6(host: FetchLike): Promise<LessonOutput> {
  expectFunction(host, 'runLesson6', 'host');
  const out = new Printer();
  out.line('# l6');

  // The host's stream, for the question a guard answers without a model.
  out.block(`POST ${STREAM_PATH} "${VOICING_QUESTION}"`);
  const streamResponse = await post(host, STREAM_PATH, VOICING_QUESTION);
  const stream = await streamResponse.text();
  out.line(`HTTP ${streamResponse.status}`);
  out.dumpStream(stream);

  out.block('The same stream, read as the HTML standard says');
  const chatResponse = await post(host, CHAT_PATH, VOICING_QUESTION);
  const chat = chatResponse.ok ? ((await chatResponse.json()) as { naturalLanguageAnswer?: string }) : {};
  const answer = answerWithLf(chat.naturalLanguageAnswer ?? '');
  const checks = checkHostStream(stream, answer);
  checks.events.forEach((data, i) => {
    out.line(`event ${i + 1}  ${eventKind(data).padEnd(8)} ${data.split('\n').length} line(s)`);
  });
  out.line();
  out.table(
    [36],
    [
      [`POST ${CHAT_PATH}`, `HTTP ${chatResponse.status}, answer of ${answer.length} characters`],
      ['text events joined, equal to it', CHECK_WORDS.joined[checks.joinedEqualsAnswer ? 'yes' : 'no']],
    ],
  );
  out.line(
    `the course's copy of the host's writer gives the host's bytes  ` +
      `${CHECK_WORDS.writer[checks.writerGivesHostBytes ? 'yes' : 'no']}`,
  );

  // The failure: a question only the model can route.
  out.block(`"${IMPROVISATION_QUESTION}" with no model server`);
  const failedChat = await post(host, CHAT_PATH, IMPROVISATION_QUESTION);
  await failedChat.body?.cancel();
  const failedStreamResponse = await post(host, STREAM_PATH, IMPROVISATION_QUESTION);
  const failedStream = await failedStreamResponse.text();
  out.table(
    [30],
    [
      [`POST ${CHAT_PATH}`, `HTTP ${failedChat.status}`],
      [`POST ${STREAM_PATH}`, `HTTP ${failedStreamResponse.status}`],
    ],
  );
  out.dumpStream(failedStream);
  out.line();
  out.table([22], [['reader', 'what the user gets'], ...readFailure(failedStream).map((r) => [r.reader, r.result])]);

  // The pinned chunker on the improvisation answer.
  out.block("SseChunker.SplitIntoChunks on the improvisation skill's answer (GA at a826864)");
  const original = IMPROVISATION_ANSWER;
  out.line(
    `answer: ${countLines(original)} lines of text, ${countBreaks(original)} line ` +
      `breaks, ${original.length} characters`,
  );
  const pinned = splitPinned(original);
  pinned.forEach((chunk, i) => out.line(`chunk ${i + 1}  ${show(chunk)}`));
  const pinnedJoined = pinned.join('');
  out.line(`joined: ${pinnedJoined.length} characters, ${compare(original, pinnedJoined)}`);
  out.block();
  out.line('joined, as the page renders it:');
  out.dump(pinnedJoined);

  out.block(`The same answer split by #743's expression ${SPLIT_743_SOURCE}`);
  const after743 = splitAfter743(original);
  after743.forEach((chunk, i) => out.line(`chunk ${i + 1}  ${show(chunk)}`));
  const joined743 = after743.join('');
  out.line(`joined: ${joined743.length} characters, ${compare(original, joined743)}`);

  out.block('Each writer with each reader, on the improvisation answer');
  out.table(
    [14, 22, 44],
    [
      ['writer', 'reader', ...SPLITS.map((split) => split.label)],
      ...writerReaderTable(original).map((row) => [
        row.writer.label,
        row.reader.label,
        ...row.cells.map((cell) => cell.verdict),
      ]),
    ],
  );
  return out.output();
}
