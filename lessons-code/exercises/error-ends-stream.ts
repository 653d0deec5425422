// Exercise 3: the page's consumeSseStream throws on an error event; the check runs the page's
// submit handler (page-chat.ts) with the learner's consume on the failure stream and on the
// voicing stream (facts.md §8.3).

import { IMPROVISATION_QUESTION, VOICING_ANSWER, VOICING_QUESTION } from '../ga/answers.ts';
import { STREAM_FAILURE_MESSAGE } from '../host/chatbot-host.ts';
import { createInPageHost } from '../host/in-page-host.ts';
import { createPageChat, type PageConsume } from '../ga/page-chat.ts';
import { localizeCode } from './localize.ts';
import { defineCase, type ExerciseDefinition, type LearnerExports } from './types.ts';

const HEAD = `import type { PageConsume, PageRouting } from 'lessons-code';

// {{intro}}
export const consumeSseStream: PageConsume = async (body, onText) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let answer = '';
  let routing: PageRouting | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let sep: number;
    while ((sep = buffer.indexOf('\\n\\n')) >= 0) {
      const rawEvent = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      const dataLines = rawEvent
        .split('\\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6));
      if (dataLines.length === 0) continue;
      const data = dataLines.join('\\n');
      if (data === '[DONE]') return { answer, routing };
`;

const TAIL = `      if (routing === null && data.startsWith('{') && data.includes('"type"')) {
        try {
          const parsed = JSON.parse(data);
          if (parsed.type === 'routing') {
            routing = parsed;
            continue;
          }
        } catch {
          // {{notJson}}
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
`;

const STARTER = HEAD + TAIL;

const SOLUTION =
  HEAD +
  `      // {{fix}}
      if (data.startsWith('{')) {
        const error = errorOf(data);
        if (error !== undefined) throw new Error(error);
      }
` +
  TAIL +
  `
// {{errorOf}}
function errorOf(data: string): string | undefined {
  try {
    const parsed = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : undefined;
  } catch {
    return undefined;
  }
}
`;

const COMMENTS = {
  en: {
    intro:
      "The GaChatbot page's consumeSseStream (index.html lines 740–809), as the course ports it.\nIt reads the body, calls onText with the answer so far (the page re-renders its bubble)\nand returns the answer with the routing event. Make an error event end the stream: when an\nevent's data is JSON with an `error` property, throw an Error with that message.",
    notJson: 'not JSON: the page shows it as text',
    fix: 'An error event ends the stream; the submit handler catches the Error and shows it.',
    errorOf: "The `error` property of a JSON event, if it has one.",
  },
  es: {
    intro:
      'El consumeSseStream de la página de GaChatbot (index.html, líneas 740–809), tal como lo porta el curso.\nLee el cuerpo, llama a onText con la respuesta hasta el momento (la página vuelve a pintar su burbuja)\ny devuelve la respuesta con el evento de enrutamiento. Haz que un evento de error cierre el flujo:\nsi los datos de un evento son JSON con una propiedad `error`, lanza un Error con ese mensaje.',
    notJson: 'no es JSON: la página lo muestra como texto',
    fix: 'Un evento de error cierra el flujo; el manejador de envío atrapa el Error y lo muestra.',
    errorOf: 'La propiedad `error` de un evento JSON, si la tiene.',
  },
  fr: {
    intro:
      "Le consumeSseStream de la page de GaChatbot (index.html, lignes 740–809), tel que le cours le porte.\nIl lit le corps, appelle onText avec la réponse jusque-là (la page redessine sa bulle)\net renvoie la réponse avec l'événement de routage. Faites qu'un événement d'erreur mette fin au flux :\nsi les données d'un événement sont un JSON muni d'une propriété `error`, levez une Error avec ce message.",
    notJson: "pas du JSON : la page l'affiche comme du texte",
    fix: "Un événement d'erreur met fin au flux ; le gestionnaire d'envoi attrape l'Error et l'affiche.",
    errorOf: "La propriété `error` d'un événement JSON, s'il en a une.",
  },
};

/** What the page shows when the failure stream ends the read with an exception. */
export const FAILURE_BUBBLE = `Request failed: ${STREAM_FAILURE_MESSAGE}`;

/** The page with a fresh in-page host and the learner's consume, after the given questions. */
async function pageAfter(learner: LearnerExports, questions: string[]) {
  // A fixed clock and trace id: nothing in the check depends on the time or on crypto.randomUUID.
  const host = createInPageHost({ now: () => 0, newId: () => 'exercise' });
  const chat = createPageChat(host, learner.consumeSseStream as PageConsume);
  const submissions = [];
  for (const question of questions) submissions.push(await chat.submit(question));
  return { chat, submissions };
}

const assistantBubbles = (bubbles: readonly { role: string; text: string }[]): string[] => bubbles.filter((b) => b.role === 'assistant').map((b) => b.text);

export const errorEndsStream: ExerciseDefinition = {
  id: 'error-ends-stream',
  title: { en: 'Let an error end the stream', es: 'Que el error cierre el flujo', fr: 'Une erreur qui arrête tout' },
  starter: localizeCode(STARTER, COMMENTS),
  solution: localizeCode(SOLUTION, COMMENTS),
  exports: [{ name: 'consumeSseStream', kind: 'function' }],
  cases: [
    defineCase<string[]>({
      id: 'failure-bubble',
      title: {
        en: `"${IMPROVISATION_QUESTION}" (the failure stream): the bubble the page shows`,
        es: `"${IMPROVISATION_QUESTION}" (el flujo de fallo): la burbuja que muestra la página`,
        fr: `"${IMPROVISATION_QUESTION}" (le flux d'échec) : la bulle que la page affiche`,
      },
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const { submissions } = await pageAfter(learner, [IMPROVISATION_QUESTION]);
        return assistantBubbles(submissions[0]?.bubbles ?? []);
      },
      expected: [FAILURE_BUBBLE],
    }),
    defineCase<unknown>({
      id: 'failure-history',
      title: {
        en: 'The failure stream: what the history keeps of that turn',
        es: 'El flujo de fallo: lo que el historial guarda de ese turno',
        fr: "Le flux d'échec : ce que l'historique garde de ce tour",
      },
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION])).chat.history,
      expected: [],
    }),
    defineCase<unknown>({
      id: 'voicing-answer',
      title: {
        en: `Then "${VOICING_QUESTION}" (the voicing stream): the answer still renders exactly`,
        es: `Después, "${VOICING_QUESTION}" (el flujo de los voicings): la respuesta sigue saliendo exacta`,
        fr: `Puis "${VOICING_QUESTION}" (le flux des voicings) : la réponse s'affiche toujours à l'identique`,
      },
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const { submissions } = await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION]);
        return assistantBubbles(submissions[1]?.bubbles ?? []);
      },
      expected: [VOICING_ANSWER],
    }),
    defineCase<unknown>({
      id: 'history',
      title: {
        en: 'After both questions, the history holds the voicing turn only',
        es: 'Tras las dos preguntas, el historial solo guarda el turno de los voicings',
        fr: "Après les deux questions, l'historique ne garde que le tour des voicings",
      },
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).chat.history,
      expected: [
        { role: 'user', content: VOICING_QUESTION },
        { role: 'assistant', content: VOICING_ANSWER },
      ],
    }),
  ],
  hints: {
    en: [
      'The failure stream is one event whose data is {"error":"Failed to process message. Please try again."}. Right now it has no "type", so the loop appends it to the answer. Check for it before that line.',
      'Parse the data with JSON.parse when it starts with "{", and if the result has an error property, throw new Error(parsed.error). The page\'s submit handler already catches the exception and shows "Request failed: " and its message.',
      'Careful with the try/catch around JSON.parse: an Error thrown inside that try is caught by its own catch and never leaves the function. Parse inside the try, throw outside it.',
    ],
    es: [
      'El flujo de fallo es un único evento cuyos datos son {"error":"Failed to process message. Please try again."}. Ahora mismo no tiene "type", así que el bucle lo añade a la respuesta. Compruébalo antes de esa línea.',
      'Analiza los datos con JSON.parse cuando empiecen por "{" y, si el resultado tiene una propiedad error, lanza new Error(parsed.error). El manejador de envío de la página ya atrapa la excepción y muestra "Request failed: " con su mensaje.',
      'Cuidado con el try/catch de JSON.parse: un Error lanzado dentro de ese try lo atrapa su propio catch y nunca sale de la función. Analiza dentro del try y lanza fuera.',
    ],
    fr: [
      'Le flux d\'échec est un seul événement dont les données sont {"error":"Failed to process message. Please try again."}. Pour l\'instant il n\'a pas de "type", donc la boucle l\'ajoute à la réponse. Testez-le avant cette ligne.',
      'Analysez les données avec JSON.parse quand elles commencent par "{" et, si le résultat a une propriété error, levez new Error(parsed.error). Le gestionnaire d\'envoi de la page attrape déjà l\'exception et affiche "Request failed: " suivi de son message.',
      'Attention au try/catch autour de JSON.parse : une Error levée dans ce try est attrapée par son propre catch et ne sort jamais de la fonction. Analysez dans le try, levez en dehors.',
    ],
  },
};
