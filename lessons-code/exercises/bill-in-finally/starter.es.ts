import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

// Una ronda en streaming, reenviada pieza a pieza. Factura el turno exactamente una vez, termine
// como termine, con los tokens leídos hasta entonces, y guarda el texto reenviado con la forma en que
// terminó el turno: "complete", "stopped" si la página salió del bucle antes de tiempo (el usuario pulsó
// Detener), "failed" si el flujo se rompió.
// Aquí las dos cosas ocurren después del bucle, al que solo llega un turno completo.
export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  for await (const chunk of readChatChunks(body)) {
    const text = reader.take(chunk);
    if (text === '') continue;
    shown += text;
    yield text;
  }
  bill(reader.tokensReceived);
  save(shown, 'complete');
}

// El lado de la página, que no hay que tocar: muestra cada pieza y sale del bucle tras `stopAfter`
// piezas, como hace un clic en Detener (null: lee hasta el final). Devuelve el texto que mostró.
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
