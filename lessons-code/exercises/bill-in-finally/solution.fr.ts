import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

// Une itération diffusée, transmise morceau par morceau. Facturez le tour exactement une fois, quelle
// que soit sa fin, avec les jetons lus jusque-là, et enregistrez le texte transmis avec la façon dont
// le tour s’est terminé : "complete", "stopped" si la page a quitté la boucle avant la fin
// (l’utilisateur a cliqué sur Arrêter), "failed" si le flux s’est rompu.
export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  // Tant que la boucle ne finit pas d’elle-même, en sortir veut dire que la page a cessé de lire.
  let status: Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      // Une page qui quitte sa boucle fait revenir ce yield par un return : le finally plus bas s’exécute quand même.
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.tokensReceived);
    save(shown, status);
  }
}

// Le côté de la page, à laisser tel quel : il affiche chaque morceau et quitte la boucle après
// `stopAfter` morceaux, comme un clic sur Arrêter (null : il lit jusqu’au bout). Il renvoie le texte affiché.
export async function showAnswer(
  body: ReadableStream<Uint8Array>,
  stopAfter: number | null,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): Promise<string> {
  let shown = '';
  let pieces = 0;
  for await (const piece of streamAnswer(body, bill, save)) {
    shown += piece;
    pieces++;
    if (pieces === stopAfter) break;
  }
  return shown;
}
