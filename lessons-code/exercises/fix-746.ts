// Exercise 2: GaApi's half of #746's fix and a chatService that joins every data line; the check
// is the lesson's six-pair table with the learner's writer and reader in place of GaApi's and
// chatService's (facts.md §8.2).

import { IMPROVISATION_ANSWER } from '../ga/answers.ts';
import { READERS, SPLITS, WRITERS, writerReaderTable, type Reader, type Writer } from '../lab/pairs.ts';
import { localizeCode } from './localize.ts';
import { defineCase, type ExerciseDefinition, type LearnerExports, type Shown } from './types.ts';

const READ = `export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\\n\\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
`;

const READ_END = `    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
`;

const STARTER = `// {{writer}}
export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk + '\\n\\n';
}

// {{reader}}
${READ}    const dataLine = event.split('\\n').find((line) => line.startsWith('data:'));
    if (dataLine === undefined) continue;
    const payload = dataLine.slice(5).trim();
${READ_END}`;

const SOLUTION = `// {{writerFixed}}
export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\\n')) event += 'data: ' + line + '\\n';
  return event + '\\n';
}

// {{readerFixed}}
${READ}    const values = event
      .split('\\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (values.length === 0) continue;
    const payload = values.join('\\n');
${READ_END}`;

const COMMENTS = {
  en: {
    writer: "GaApi's writer at a826864: the whole chunk behind a single `data: `.\nMake it write one `data: ` line for each LF-separated line of the chunk.",
    reader:
      "ga-client's chatService (parseSseBuffer), reading a whole stream at once.\nIt keeps only the first `data:` line of an event, trimmed. Make it take every\n`data:` line, drop `data:` and one space, and join the values with LF.",
    writerFixed: "GaApi's writer, fixed: one `data: ` line per LF-separated line, CRs left alone.",
    readerFixed: "chatService, fixed: every `data:` line, minus `data:` and one space, joined with LF, never trimmed.",
  },
  es: {
    writer: 'El escritor de GaApi en a826864: el fragmento entero detrás de un solo `data: `.\nHaz que escriba una línea `data: ` por cada línea del fragmento separada por LF.',
    reader:
      'El chatService de ga-client (parseSseBuffer), leyendo un flujo entero de una vez.\nSolo se queda con la primera línea `data:` de cada evento, recortada. Haz que tome\ntodas las líneas `data:`, les quite `data:` y un espacio, y una los valores con LF.',
    writerFixed: 'El escritor de GaApi, arreglado: una línea `data: ` por línea separada por LF; los CR se quedan.',
    readerFixed: 'chatService, arreglado: todas las líneas `data:`, sin `data:` ni un espacio, unidas con LF y sin recortar.',
  },
  fr: {
    writer: "L'émetteur de GaApi à a826864 : tout le fragment derrière un seul `data: `.\nFaites-lui écrire une ligne `data: ` par ligne du fragment séparée par un LF.",
    reader:
      "Le chatService de ga-client (parseSseBuffer), qui lit tout un flux d'un coup.\nIl ne garde que la première ligne `data:` d'un événement, rognée. Faites-lui prendre\ntoutes les lignes `data:`, leur ôter `data:` et un espace, et joindre les valeurs par un LF.",
    writerFixed: "L'émetteur de GaApi, corrigé : une ligne `data: ` par ligne séparée par un LF, les CR laissés tels quels.",
    readerFixed: 'chatService, corrigé : toutes les lignes `data:`, sans `data:` ni un espace, jointes par un LF, jamais rognées.',
  },
};

/** The table's header, as the program prints it (program output: never translated). */
export const TABLE_HEADER = ['writer', 'reader', ...SPLITS.map((split) => split.label)];

/** The table #746's fix must print: every pair loses the same 6 line breaks to the pinned chunker, none to #743's. */
export const EXPECTED_TABLE: string[][] = WRITERS.flatMap((writer) =>
  READERS.map((reader) => [writer.label, reader.label, '6 line breaks missing', 'exact']),
);

const learnerWriter = (learner: LearnerExports): Writer => ({ ...WRITERS[1]!, write: (chunk) => (learner.writeGaApiEvent as (chunk: string) => string)(chunk) });
const learnerReader = (learner: LearnerExports): Reader => ({ ...READERS[2]!, read: (stream) => (learner.readChatService as (stream: string) => string)(stream) });

const table = (rows: string[][]): Shown => ({
  kind: 'table',
  header: TABLE_HEADER,
  rows,
  caption: {
    en: 'GaApi rows use your writer; ga-client chatService rows use your reader.',
    es: 'Las filas de GaApi usan tu escritor; las de ga-client chatService, tu lector.',
    fr: 'Les lignes GaApi utilisent votre émetteur ; les lignes ga-client chatService, votre lecteur.',
  },
});

export const fix746: ExerciseDefinition = {
  id: 'fix-746',
  title: { en: 'Fix #746 on both sides', es: 'Arregla la #746 en los dos lados', fr: 'Réparer #746 des deux côtés' },
  starter: localizeCode(STARTER, COMMENTS),
  solution: localizeCode(SOLUTION, COMMENTS),
  exports: [
    { name: 'writeGaApiEvent', kind: 'function' },
    { name: 'readChatService', kind: 'function' },
  ],
  cases: [
    defineCase<unknown>({
      id: 'writer',
      title: {
        en: 'Your writer on "a\\n\\nb": one `data: ` line per line',
        es: 'Tu escritor con "a\\n\\nb": una línea `data: ` por línea',
        fr: 'Votre émetteur sur "a\\n\\nb" : une ligne `data: ` par ligne',
      },
      uses: ['writeGaApiEvent'],
      run: (learner) => (learner.writeGaApiEvent as (chunk: string) => unknown)('a\n\nb'),
      expected: 'data: a\ndata: \ndata: b\n\n',
    }),
    defineCase<unknown>({
      id: 'reader',
      title: {
        en: 'Your reader on an event of three `data:` lines',
        es: 'Tu lector con un evento de tres líneas `data:`',
        fr: 'Votre lecteur sur un événement de trois lignes `data:`',
      },
      uses: ['readChatService'],
      run: (learner) => (learner.readChatService as (stream: string) => unknown)('data: a\ndata:\ndata:  b\n\ndata: [DONE]\n\n'),
      expected: 'a\n\n b',
    }),
    defineCase<unknown>({
      id: 'table',
      title: {
        en: 'The six pairs on both splits of the improvisation answer',
        es: 'Las seis parejas con los dos cortes de la respuesta de improvisación',
        fr: "Les six paires sur les deux découpages de la réponse d'improvisation",
      },
      uses: ['writeGaApiEvent', 'readChatService'],
      run: (learner) =>
        writerReaderTable(IMPROVISATION_ANSWER, [WRITERS[0]!, learnerWriter(learner)], [READERS[0]!, READERS[1]!, learnerReader(learner)]).map((row) => [
          row.writer.label,
          row.reader.label,
          ...row.cells.map((cell) => cell.verdict),
        ]),
      expected: EXPECTED_TABLE,
      show: (rows) => table(rows as string[][]),
    }),
  ],
  hints: {
    en: [
      'Start with the writer: split the chunk on "\\n" and write "data: " + line + "\\n" for each piece, then one more "\\n". That is GaChatbot.Api\'s writer without its replaceAll of "\\r".',
      'In the reader, find(...) returns only the first matching line. Use filter(...) to keep every line that starts with "data:", and map each one to its value.',
      'The value is the line after "data:", minus one space if there is one: line.slice(5).replace(/^ /, ""). Join the values with "\\n" and do not trim: trim() would eat the line breaks at the ends of a chunk.',
    ],
    es: [
      'Empieza por el escritor: parte el fragmento por "\\n" y escribe "data: " + línea + "\\n" por cada trozo, y al final otro "\\n". Es el escritor de GaChatbot.Api sin su replaceAll de "\\r".',
      'En el lector, find(...) devuelve solo la primera línea que encaja. Usa filter(...) para quedarte con todas las que empiezan por "data:" y map para sacar el valor de cada una.',
      'El valor es lo que sigue a "data:", con un espacio menos si lo hay: line.slice(5).replace(/^ /, ""). Une los valores con "\\n" y no recortes: trim() se comería los saltos de línea de los extremos del fragmento.',
    ],
    fr: [
      'Commencez par l\'émetteur : coupez le fragment sur "\\n" et écrivez "data: " + ligne + "\\n" pour chaque morceau, puis un dernier "\\n". C\'est l\'émetteur de GaChatbot.Api sans son replaceAll de "\\r".',
      'Dans le lecteur, find(...) ne renvoie que la première ligne qui convient. Prenez filter(...) pour garder toutes celles qui commencent par "data:", puis map pour en tirer la valeur.',
      'La valeur est ce qui suit "data:", moins un espace s\'il y en a un : line.slice(5).replace(/^ /, ""). Joignez les valeurs par "\\n" et ne rognez rien : trim() mangerait les sauts de ligne aux bords du fragment.',
    ],
  },
};
