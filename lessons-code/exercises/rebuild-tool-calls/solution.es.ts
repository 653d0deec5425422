import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

// Los fragmentos de una ronda en streaming, en el orden en que llegaron. Devuelve las llamadas a
// herramientas de la ronda, ordenadas por `index`. La primera pieza de una llamada trae su índice, su
// id y el nombre de la función; las siguientes traen el índice y el trozo siguiente de los argumentos.
// Toma el id y el nombre de la primera pieza que los tenga, concatena los argumentos, y salta los
// fragmentos sin choices y las llamadas cuyo tipo no sea "function".
export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const byIndex = new Map<number, ToolCall>();
  const notFunctions = new Set<number>();
  for (const chunk of chunks) {
    // El fragmento del consumo no tiene ninguna choice: nada que leer en él.
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if (fragment.type !== undefined && fragment.type !== 'function') notFunctions.add(fragment.index);
      let call = byIndex.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        byIndex.set(fragment.index, call);
      }
      // Solo cuenta la primera pieza que nombra la llamada: un nombre repetido no es un nombre más largo.
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...byIndex.entries()]
    .filter(([index]) => !notFunctions.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
