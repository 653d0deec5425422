import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

// Una ronda en streaming, reenviada pieza a pieza. Factura el turno exactamente una vez, termine
// como termine, con los tokens leídos hasta entonces, y guarda el texto reenviado con la forma en que
// terminó el turno: "complete", "stopped" si la página salió del bucle antes de tiempo (el usuario pulsó
// Detener), "failed" si el flujo se rompió.
export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  // Mientras el bucle no termine por sí solo, salir significa que la página dejó de leer.
  let status: Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      // Si la página sale de su bucle, este yield hace return: el finally de abajo se ejecuta igual.
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
