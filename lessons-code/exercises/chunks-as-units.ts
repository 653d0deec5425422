// Exercise 4: #743 also splits where no sentence ends (after "e.g. ", after "3. "). The learner
// writes an answer that shows such a split and a client that treats chunks as units: appending
// the chunks stays exact, their client changes the text at the split (facts.md §8.4).

import { splitAfter743 } from '../ga/chunkers.ts';
import { compare, show } from '../program/measures.ts';
import { readPage } from '../ga/page-reader.ts';
import { streamOf } from '../lab/pairs.ts';
import { writeGaChatbotEvent } from '../ga/writers.ts';
import { showValue } from './check.ts';
import { localizeCode } from './localize.ts';
import { defineCase, type ExerciseDefinition, type LearnerExports, type Shown } from './types.ts';

/** A chunk that ends after an abbreviation (e.g., i.e.) or after a list number alone at the start of a line. */
const UNWANTED_END = /(?:(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e)\.|(?:^|\n)[ \t]*\d+\.)[\f\n\r\t\v\x85\p{Z}]+$/iu;

/** The first place where #743 cut and no sentence ended: the index of the chunk before the cut. */
export function unwantedSplit(chunks: readonly string[]): number | null {
  for (let i = 0; i + 1 < chunks.length; i++) if (UNWANTED_END.test(chunks[i]!)) return i;
  return null;
}

const STARTER = `// {{answer}}
export const answer = 'Play the root first. Then add the third.\\n';

// {{render}}
export function render(chunks: string[]): string {
  return chunks.join('');
}
`;

const SOLUTION = `// {{answerSolved}}
export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\\n';

// {{renderSolved}}
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
`;

const COMMENTS = {
  en: {
    answer: 'An answer in the style of GA. Rewrite it so that #743 cuts it where no sentence ends:\nafter "e.g. ", or after a list number such as "3. " at the start of a line.',
    render:
      'A client that receives the chunks. This one appends them as they come, like the GaChatbot page.\nMake it treat each chunk as a unit: trim every chunk (as chatService does),\nor put a space or a line break between chunks.',
    answerSolved: '#743 cuts after "e.g. ": the sentence arrives in two chunks.',
    renderSolved: 'Trims every chunk, as chatService does: "e.g. " loses its space.',
  },
  es: {
    answer: 'Una respuesta al estilo de GA. Reescríbela para que la #743 la corte donde no acaba ninguna frase:\ntras "e.g. ", o tras un número de lista como "3. " al principio de una línea.',
    render:
      'Un cliente que recibe los fragmentos. Este los pega según llegan, como la página de GaChatbot.\nHaz que trate cada fragmento como una unidad: que recorte cada uno (como chatService),\no que meta un espacio o un salto de línea entre fragmentos.',
    answerSolved: 'La #743 corta tras "e.g. ": la frase llega en dos fragmentos.',
    renderSolved: 'Recorta cada fragmento, como chatService: "e.g. " pierde su espacio.',
  },
  fr: {
    answer: "Une réponse dans le style de GA. Réécrivez-la pour que #743 la coupe là où aucune phrase ne finit :\naprès \"e.g. \", ou après un numéro de liste comme \"3. \" en début de ligne.",
    render:
      "Un client qui reçoit les fragments. Celui-ci les ajoute bout à bout, comme la page de GaChatbot.\nFaites-lui traiter chaque fragment comme une unité : qu'il rogne chaque fragment (comme chatService),\nou qu'il glisse un espace ou un saut de ligne entre deux fragments.",
    answerSolved: '#743 coupe après "e.g. " : la phrase arrive en deux fragments.',
    renderSolved: 'Rogne chaque fragment, comme chatService : "e.g. " perd son espace.',
  },
};

const answerOf = (learner: LearnerExports): string => learner.answer as string;
const verdictShown = (verdict: unknown): Shown => ({ kind: 'code', text: typeof verdict === 'string' ? verdict : showValue(verdict) });

interface AtTheSplit {
  pair: string[] | null;
  rendered: unknown;
}

export const chunksAsUnits: ExerciseDefinition = {
  id: 'chunks-as-units',
  title: { en: 'Chunks as units', es: 'Cortes en lugares raros', fr: 'Des fragments pris pour des unités' },
  starter: localizeCode(STARTER, COMMENTS),
  solution: localizeCode(SOLUTION, COMMENTS),
  exports: [
    { name: 'answer', kind: 'string' },
    { name: 'render', kind: 'function' },
  ],
  cases: [
    defineCase<string[]>({
      id: 'unwanted-split',
      title: {
        en: '#743 cuts your answer where no sentence ends',
        es: 'La #743 corta tu respuesta donde no acaba ninguna frase',
        fr: '#743 coupe votre réponse là où aucune phrase ne finit',
      },
      uses: ['answer'],
      run: (learner) => splitAfter743(answerOf(learner)),
      accept: (chunks) => unwantedSplit(chunks) !== null,
      expectedShown: {
        kind: 'note',
        text: {
          en: 'A chunk that ends with "e.g. ", or with a list number such as "3. ", and is not the last one.',
          es: 'Un fragmento que termine en "e.g. " o en un número de lista como "3. ", y que no sea el último.',
          fr: 'Un fragment qui finit par "e.g. " ou par un numéro de liste comme "3. ", et qui n\'est pas le dernier.',
        },
      },
    }),
    defineCase<unknown>({
      id: 'append-exact',
      title: {
        en: 'Appending the chunks as they come gives your answer back',
        es: 'Pegar los fragmentos según llegan devuelve tu respuesta',
        fr: 'Ajouter les fragments bout à bout redonne votre réponse',
      },
      uses: ['answer'],
      run: (learner) => compare(answerOf(learner), splitAfter743(answerOf(learner)).join('')),
      expected: 'exact',
      show: verdictShown,
    }),
    defineCase<AtTheSplit>({
      id: 'render-changes',
      title: {
        en: 'Your client changes the text at that cut',
        es: 'Tu cliente cambia el texto en ese corte',
        fr: 'Votre client modifie le texte à cette coupure',
      },
      uses: ['answer', 'render'],
      run: (learner) => {
        const chunks = splitAfter743(answerOf(learner));
        const at = unwantedSplit(chunks);
        if (at === null) return { pair: null, rendered: null };
        const pair = [chunks[at]!, chunks[at + 1]!];
        return { pair, rendered: (learner.render as (chunks: string[]) => unknown)([...pair]) };
      },
      accept: ({ pair, rendered }) => pair !== null && typeof rendered === 'string' && rendered !== pair.join(''),
      expectedShown: {
        kind: 'note',
        text: {
          en: 'Your render() of the two chunks around the cut gives a text different from the two chunks appended.',
          es: 'Tu render() de los dos fragmentos del corte da un texto distinto de los dos fragmentos pegados.',
          fr: 'Votre render() des deux fragments de la coupure donne un texte différent des deux fragments mis bout à bout.',
        },
      },
      show: ({ pair, rendered }): Shown =>
        pair === null
          ? {
              kind: 'note',
              text: {
                en: 'No cut after "e.g. " or a list number to look at: see the first check.',
                es: 'No hay ningún corte tras "e.g. " o un número de lista que mirar: revisa la primera comprobación.',
                fr: 'Aucune coupure après "e.g. " ou un numéro de liste à examiner : voyez la première vérification.',
              },
            }
          : {
              kind: 'fields',
              fields: [
                { label: { en: 'The two chunks', es: 'Los dos fragmentos', fr: 'Les deux fragments' }, text: showValue(pair) },
                { label: { en: 'Appended', es: 'Pegados', fr: 'Bout à bout' }, text: show(pair.join('')) },
                { label: { en: 'Your render()', es: 'Tu render()', fr: 'Votre render()' }, text: showValue(rendered) },
              ],
            },
    }),
    defineCase<unknown>({
      id: 'page-exact',
      title: {
        en: "For contrast: GaChatbot.Api's writer and the GaChatbot page, which appends, show your answer exactly",
        es: 'Para comparar: el escritor de GaChatbot.Api y la página de GaChatbot, que pega, muestran tu respuesta exacta',
        fr: "Pour comparer : l'émetteur de GaChatbot.Api et la page de GaChatbot, qui ajoute bout à bout, affichent votre réponse à l'identique",
      },
      uses: ['answer'],
      // The writer drops every CR, so the answer is compared without its CRs.
      run: (learner) => compare(answerOf(learner).replaceAll('\r', ''), readPage(streamOf(writeGaChatbotEvent, splitAfter743(answerOf(learner))))),
      expected: 'exact',
      show: verdictShown,
    }),
  ],
  hints: {
    en: [
      '#743 cuts after ".", "!" or "?" followed by whitespace. Put "e.g. " in the middle of a sentence ("a passing tone, e.g. a chromatic note"), or a numbered list ("1. Play the root.\\n2. Add the third.").',
      'Appending never changes anything, whatever the cuts: render must do something to each chunk. chunks.map((chunk) => chunk.trim()).join("") is what chatService does.',
      'Look at the two chunks around the cut in the results: "…, e.g. " and "a chromatic note…". Trimmed, they join as "e.g.a chromatic": the same "Q.To" that #743 shows in its description.',
    ],
    es: [
      'La #743 corta tras ".", "!" o "?" seguidos de espacio. Pon "e.g. " en medio de una frase ("a passing tone, e.g. a chromatic note") o una lista numerada ("1. Play the root.\\n2. Add the third.").',
      'Pegar nunca cambia nada, corte donde corte: render tiene que hacerle algo a cada fragmento. chunks.map((chunk) => chunk.trim()).join("") es lo que hace chatService.',
      'Mira en los resultados los dos fragmentos del corte: "…, e.g. " y "a chromatic note…". Recortados, se unen en "e.g.a chromatic": el mismo "Q.To" que muestra la descripción de la #743.',
    ],
    fr: [
      '#743 coupe après ".", "!" ou "?" suivis d\'un blanc. Placez "e.g. " au milieu d\'une phrase ("a passing tone, e.g. a chromatic note"), ou une liste numérotée ("1. Play the root.\\n2. Add the third.").',
      'Ajouter bout à bout ne change jamais rien, où que tombent les coupures : render doit faire quelque chose à chaque fragment. chunks.map((chunk) => chunk.trim()).join("") est ce que fait chatService.',
      'Regardez dans les résultats les deux fragments de la coupure : "…, e.g. " et "a chromatic note…". Rognés, ils se joignent en "e.g.a chromatic" : le même "Q.To" que montre la description de #743.',
    ],
  },
};
