// Exercise 2: GaApi's half of #746's fix and a chatService that joins every data line. The last
// case is the lesson's six-pair table with the learner's writer and reader in place of GaApi's and
// chatService's: the learner's functions are called, in their worker, on every chunk and every
// stream the table needs; the table itself is built here, by lessons-code.

import {
  IMPROVISATION_ANSWER,
  READERS,
  SPLITS,
  WRITERS,
  streamOf,
  writerReaderTable,
  type Reader,
  type Writer,
  type ExerciseCase,
  type ExerciseDefinition,
  type Shown,
} from 'lessons-code';

/** The table's header, as the program prints it (program output: never translated). */
export const TABLE_HEADER = ['writer', 'reader', ...SPLITS.map((split) => split.label)];

/** The table #746's fix must print: every pair loses the same 6 line breaks to the pinned chunker, none to #743's. */
export const EXPECTED_TABLE: string[][] = WRITERS.flatMap((writer) =>
  READERS.map((reader) => [writer.label, reader.label, '6 line breaks missing', 'exact']),
);

const [GACHATBOT_WRITER, GAAPI_WRITER] = WRITERS as [Writer, Writer];
const [STANDARD_READER, PAGE_READER, CHAT_SERVICE_READER] = READERS as [Reader, Reader, Reader];

const definition: ExerciseDefinition = {
  exports: { writeGaApiEvent: 'function', readChatService: 'function' },
  cases: [
    {
      id: 'writer',
      uses: ['writeGaApiEvent'],
      run: (learner) => learner.call('writeGaApiEvent', 'a\n\nb'),
      expected: 'data: a\ndata: \ndata: b\n\n',
    },
    {
      id: 'reader',
      uses: ['readChatService'],
      run: (learner) => learner.call('readChatService', 'data: a\ndata:\ndata:  b\n\ndata: [DONE]\n\n'),
      expected: 'a\n\n b',
    },
    {
      id: 'table',
      uses: ['writeGaApiEvent', 'readChatService'],
      run: async (learner) => {
        const chunkLists = SPLITS.map((split) => split.split(IMPROVISATION_ANSWER));
        const write = await learner.memo(
          'writeGaApiEvent',
          chunkLists.flat().map((chunk) => [chunk]),
        );
        const writer: Writer = { ...GAAPI_WRITER, write: (chunk) => write(chunk) as string };
        // Every stream the learner's reader will be given: both writers, both splits.
        const streams: string[] = [];
        for (const w of [GACHATBOT_WRITER, writer]) {
          for (const chunks of chunkLists) {
            try {
              streams.push(streamOf(w.write, chunks));
            } catch {
              // the learner's writer threw on a chunk: that row shows it
            }
          }
        }
        const read = await learner.memo(
          'readChatService',
          streams.map((stream) => [stream]),
        );
        const reader: Reader = { ...CHAT_SERVICE_READER, read: (stream) => read(stream) as string };
        return writerReaderTable(
          IMPROVISATION_ANSWER,
          [GACHATBOT_WRITER, writer],
          [STANDARD_READER, PAGE_READER, reader],
        ).map((row) => [row.writer.label, row.reader.label, ...row.cells.map((cell) => cell.verdict)]);
      },
      expected: EXPECTED_TABLE,
      show: (rows, tools): Shown => ({
        kind: 'table',
        header: TABLE_HEADER,
        rows,
        caption: tools.text('table.caption'),
      }),
    } satisfies ExerciseCase<string[][]>,
  ],
};

export default definition;
