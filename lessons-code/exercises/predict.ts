// Exercise 1: predict what the standard reader gets from each writer for the chunk "a\r\nb"
// (facts.md §8.1), then see the bytes and the reader's rule for every line.

import { show } from '../program/measures.ts';
import { readStandard } from '../standard/parser.ts';
import { traceStandard, type TracedLine } from '../standard/trace.ts';
import { writeGaApiEvent, writeGaChatbotEvent } from '../ga/writers.ts';
import { showValue } from './check.ts';
import { localizeCode } from './localize.ts';
import { defineCase, type ExerciseDefinition, type Localized, type RevealBlock } from './types.ts';

/** The chunk of the exercise: two lines with a Windows line end between them. */
export const PREDICT_CHUNK = 'a\r\nb';

const STARTER = `// {{intro}}

// {{gachatbot}}
export const fromGaChatbotApi: string[] = [];

// {{gaapi}}
export const fromGaApi: string[] = [];

// {{system}}
export const dependsOnSystem: string = '';
`;

const SOLUTION = `// {{intro}}

// {{gachatbot}}
export const fromGaChatbotApi: string[] = ['a\\nb'];

// {{gaapi}}
export const fromGaApi: string[] = ['a'];

// {{system}}
export const dependsOnSystem: string = 'neither';
`;

const COMMENTS = {
  en: {
    intro:
      'The chunk "a\\r\\nb" goes through a writer, then through the standard reader.\nList the data of every event the reader dispatches, as strings with escapes:\n"\\r" for a CR, "\\n" for an LF.',
    gachatbot: "Through GaChatbot.Api's writer:",
    gaapi: "Through GaApi's writer:",
    system: "Which of the two results depends on the system GA runs on?\nOne of 'GaChatbot.Api', 'GaApi', 'both', 'neither'.",
  },
  es: {
    intro:
      'El fragmento "a\\r\\nb" pasa por un escritor y luego por el lector estándar.\nEscribe los datos de cada evento que despacha el lector, como cadenas con escapes:\n"\\r" para un CR, "\\n" para un LF.',
    gachatbot: 'Con el escritor de GaChatbot.Api:',
    gaapi: 'Con el escritor de GaApi:',
    system: "¿Cuál de los dos resultados depende del sistema en que corre GA?\nUno de 'GaChatbot.Api', 'GaApi', 'both', 'neither'.",
  },
  fr: {
    intro:
      'Le fragment "a\\r\\nb" passe par un émetteur, puis par le lecteur standard.\nDonnez les données de chaque événement que le lecteur expédie, en chaînes avec échappements :\n"\\r" pour un CR, "\\n" pour un LF.',
    gachatbot: 'Avec l\'émetteur de GaChatbot.Api :',
    gaapi: 'Avec l\'émetteur de GaApi :',
    system: "Lequel des deux résultats dépend du système sur lequel GA tourne ?\nL'un de 'GaChatbot.Api', 'GaApi', 'both', 'neither'.",
  },
};

/** One sentence per traced line: which of the standard's rules it met. */
function explain(line: TracedLine): Localized {
  const value = show(line.value);
  const field = show(line.field);
  const n = (line.event ?? 0) + 1;
  switch (line.tag) {
    case 'data':
      return {
        en: `a data line: ${value} and an LF join the event's data`,
        es: `una línea data: ${value} y un LF se suman a los datos del evento`,
        fr: `une ligne data : ${value} et un LF rejoignent les données de l'événement`,
      };
    case 'dispatch':
      return {
        en: `a blank line: event ${n} is dispatched with the data ${value}`,
        es: `una línea en blanco: se despacha el evento ${n} con los datos ${value}`,
        fr: `une ligne vide : l'événement ${n} est expédié avec les données ${value}`,
      };
    case 'blank':
      return {
        en: 'a blank line with no data: nothing is dispatched',
        es: 'una línea en blanco sin datos: no se despacha nada',
        fr: "une ligne vide sans données : rien n'est expédié",
      };
    case 'no-colon':
      return {
        en: `no colon: a field named ${field} with an empty value, unknown, so ignored`,
        es: `sin dos puntos: un campo llamado ${field} con valor vacío, desconocido, así que se ignora`,
        fr: `pas de deux-points : un champ nommé ${field} à la valeur vide, inconnu, donc ignoré`,
      };
    case 'unfinished':
      return {
        en: 'no line end: discarded when the stream ends',
        es: 'sin fin de línea: se descarta al terminar el flujo',
        fr: 'pas de fin de ligne : abandonnée à la fin du flux',
      };
    case 'comment':
      return { en: 'a comment: ignored', es: 'un comentario: se ignora', fr: 'un commentaire : ignoré' };
    default:
      return {
        en: `the field ${field}: no data for the event`,
        es: `el campo ${field}: nada para los datos del evento`,
        fr: `le champ ${field} : rien pour les données de l'événement`,
      };
  }
}

function writerBlocks(label: Localized, bytes: string): RevealBlock[] {
  const trace = traceStandard(bytes);
  return [
    { label, text: bytes, lines: trace.lines.map((line) => ({ text: line.text + line.end, explanation: explain(line) })) },
    {
      label: { en: 'Events the standard reader dispatches', es: 'Eventos que despacha el lector estándar', fr: 'Événements expédiés par le lecteur standard' },
      text: showValue(trace.events.map((event) => event.data)),
    },
  ];
}

export const predict: ExerciseDefinition = {
  id: 'predict',
  title: { en: 'Predict the two writers', es: 'Predice los dos escritores', fr: 'Prédire les deux émetteurs' },
  starter: localizeCode(STARTER, COMMENTS),
  solution: localizeCode(SOLUTION, COMMENTS),
  exports: [
    { name: 'fromGaChatbotApi', kind: 'string-array' },
    { name: 'fromGaApi', kind: 'string-array' },
    { name: 'dependsOnSystem', kind: 'string' },
  ],
  cases: [
    defineCase<unknown>({
      id: 'gachatbot',
      title: {
        en: "GaChatbot.Api's writer, then the standard reader",
        es: 'El escritor de GaChatbot.Api y luego el lector estándar',
        fr: "L'émetteur de GaChatbot.Api, puis le lecteur standard",
      },
      uses: ['fromGaChatbotApi'],
      run: (learner) => learner.fromGaChatbotApi,
      expected: readStandard(writeGaChatbotEvent(PREDICT_CHUNK)),
    }),
    defineCase<unknown>({
      id: 'gaapi',
      title: {
        en: "GaApi's writer, then the standard reader",
        es: 'El escritor de GaApi y luego el lector estándar',
        fr: "L'émetteur de GaApi, puis le lecteur standard",
      },
      uses: ['fromGaApi'],
      run: (learner) => learner.fromGaApi,
      expected: readStandard(writeGaApiEvent(PREDICT_CHUNK)),
    }),
    defineCase<unknown>({
      id: 'system',
      title: {
        en: 'Which result depends on the system',
        es: 'Qué resultado depende del sistema',
        fr: 'Quel résultat dépend du système',
      },
      uses: ['dependsOnSystem'],
      run: (learner) => learner.dependsOnSystem,
      expected: 'neither',
    }),
  ],
  hints: {
    en: [
      'Write out the bytes each writer sends for "a\\r\\nb" first. GaChatbot.Api\'s writer deletes every CR before it splits on LF; GaApi\'s writer puts the chunk behind a single "data: " as it is.',
      'The standard reader ends a line at CRLF, at LF, or at a lone CR. In GaApi\'s bytes, what is the line after "data: a"? A line without a colon is a field name with an empty value.',
      'Both results come from the bytes alone, and the bytes for this chunk are the same on every system. What changes on Windows is the answer GA builds with AppendLine (CRLF line ends), not what a writer does with a given chunk.',
    ],
    es: [
      'Escribe primero los bytes que envía cada escritor para "a\\r\\nb". El escritor de GaChatbot.Api borra todos los CR antes de partir por LF; el de GaApi pone el fragmento tal cual detrás de un único "data: ".',
      'El lector estándar termina una línea en CRLF, en LF o en un CR suelto. En los bytes de GaApi, ¿qué línea viene después de "data: a"? Una línea sin dos puntos es un nombre de campo con valor vacío.',
      'Los dos resultados salen solo de los bytes, y para este fragmento los bytes son iguales en cualquier sistema. Lo que cambia en Windows es la respuesta que GA arma con AppendLine (finales CRLF), no lo que un escritor hace con un fragmento dado.',
    ],
    fr: [
      'Écrivez d\'abord les octets que chaque émetteur envoie pour "a\\r\\nb". Celui de GaChatbot.Api supprime tous les CR avant de couper sur LF ; celui de GaApi place le fragment tel quel derrière un seul "data: ".',
      'Le lecteur standard termine une ligne sur CRLF, sur LF ou sur un CR isolé. Dans les octets de GaApi, quelle ligne suit "data: a" ? Une ligne sans deux-points est un nom de champ à la valeur vide.',
      'Les deux résultats ne dépendent que des octets, et pour ce fragment les octets sont les mêmes sur tous les systèmes. Ce qui change sous Windows, c\'est la réponse que GA construit avec AppendLine (fins de ligne CRLF), pas ce qu\'un émetteur fait d\'un fragment donné.',
    ],
  },
  reveal: () => ({
    title: {
      en: 'The proof: the bytes on the wire, read line by line',
      es: 'La prueba: los bytes del cable, leídos línea a línea',
      fr: 'La preuve : les octets sur le fil, lus ligne par ligne',
    },
    blocks: [
      ...writerBlocks(
        { en: "GaChatbot.Api's writer sends", es: 'El escritor de GaChatbot.Api envía', fr: "L'émetteur de GaChatbot.Api envoie" },
        writeGaChatbotEvent(PREDICT_CHUNK),
      ),
      ...writerBlocks({ en: "GaApi's writer sends", es: 'El escritor de GaApi envía', fr: "L'émetteur de GaApi envoie" }, writeGaApiEvent(PREDICT_CHUNK)),
    ],
  }),
};
