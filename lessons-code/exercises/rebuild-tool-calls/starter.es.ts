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
// Esta versión se fía de la posición de la pieza en el array.
export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const chunk of chunks) {
    const fragments = chunk.choices[0]?.delta.tool_calls ?? [];
    fragments.forEach((fragment, position) => {
      const call = (calls[position] ??= { id: '', name: '', arguments: '' });
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    });
  }
  return calls;
}
