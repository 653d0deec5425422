// The data behind the program's output blocks, for the readable views next to them (tables, chunk
// lists, the rendered answer): computed at build time with the same lessons-code calls the program
// makes, against the same in-page host, so a view can never say something the program does not.

import {
  CHAT_PATH,
  IMPROVISATION_ANSWER,
  IMPROVISATION_QUESTION,
  READERS,
  SPLITS,
  STREAM_PATH,
  VOICING_QUESTION,
  answerWithLf,
  checkHostStream,
  createInPageHost,
  eventKind,
  readFailure,
  readStandard,
  splitAfter743,
  splitPinned,
  writerReaderTable,
  type EventKind,
} from '../../../lessons-code/index.ts';
import { lossReport, type LossReport } from './loss-report.ts';

export interface ChunksView {
  chunks: string[];
  joinedLength: number;
  report: LossReport;
}

export interface LessonViews {
  /** Block 2: the voicing stream's events, and the two checks. */
  events: { kind: EventKind; lines: number }[];
  chat: { status: number; length: number };
  checks: { joined: boolean; writer: boolean };
  /** Block 3: the failing question's two statuses, and what each reader gives the user. */
  statuses: { path: string; status: number; type: string; body: string }[];
  failure: { reader: string; result: string; thrown: boolean }[];
  failureEvents: { kind: EventKind; lines: number }[];
  /** Blocks 4 to 6: the improvisation answer split both ways. */
  pinned: ChunksView & { joined: string };
  after743: ChunksView;
  /** Block 7: each writer with each reader, on both splits. */
  pairs: {
    writer: string;
    reader: string;
    cells: { split: string; thrown: boolean; got: string; report: LossReport }[];
  }[];
}

function chunksView(chunks: string[]): ChunksView {
  const joined = chunks.join('');
  return { chunks, joinedLength: joined.length, report: lossReport(IMPROVISATION_ANSWER, joined) };
}

async function build(): Promise<LessonViews> {
  const host = createInPageHost();
  const post = (path: string, message: string) =>
    host(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message }) });

  const stream = await (await post(STREAM_PATH, VOICING_QUESTION)).text();
  const chatResponse = await post(CHAT_PATH, VOICING_QUESTION);
  const chat = chatResponse.ok ? ((await chatResponse.json()) as { naturalLanguageAnswer?: string }) : {};
  const answer = answerWithLf(chat.naturalLanguageAnswer ?? '');
  const checks = checkHostStream(stream, answer);

  const failedChat = await post(CHAT_PATH, IMPROVISATION_QUESTION);
  const failedChatBody = await failedChat.text();
  const failedStream = await post(STREAM_PATH, IMPROVISATION_QUESTION);
  const failedText = await failedStream.text();
  const type = (response: Response) => response.headers.get('content-type') ?? '';

  const pinnedChunks = splitPinned(IMPROVISATION_ANSWER);
  return {
    events: checks.events.map((data) => ({ kind: eventKind(data), lines: data.split('\n').length })),
    chat: { status: chatResponse.status, length: answer.length },
    checks: { joined: checks.joinedEqualsAnswer, writer: checks.writerGivesHostBytes },
    statuses: [
      { path: CHAT_PATH, status: failedChat.status, type: type(failedChat), body: failedChatBody },
      { path: STREAM_PATH, status: failedStream.status, type: type(failedStream), body: failedText },
    ],
    failureEvents: readStandard(failedText).map((data) => ({ kind: eventKind(data), lines: data.split('\n').length })),
    // readFailure lists the readers in READERS' order: their ids name them in every language
    failure: readFailure(failedText).map((row, i) => ({ ...row, reader: READERS[i]!.id })),
    pinned: { ...chunksView(pinnedChunks), joined: pinnedChunks.join('') },
    after743: chunksView(splitAfter743(IMPROVISATION_ANSWER)),
    pairs: writerReaderTable(IMPROVISATION_ANSWER).map((row) => ({
      writer: row.writer.label,
      reader: row.reader.id,
      cells: row.cells.map((cell, i) => ({
        split: SPLITS[i]!.id,
        thrown: cell.thrown,
        got: cell.got,
        report: lossReport(IMPROVISATION_ANSWER, cell.got),
      })),
    })),
  };
}

let views: Promise<LessonViews> | undefined;

export function lessonViews(): Promise<LessonViews> {
  views ??= build();
  return views;
}
