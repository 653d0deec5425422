import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

// Les fragments d’une itération diffusée, dans l’ordre où ils sont arrivés. Renvoyez les appels
// d’outil de l’itération, triés par `index`. Le premier tronçon d’un appel porte son index, son id et
// le nom de la fonction ; les suivants portent l’index et le morceau suivant des arguments. Prenez
// l’id et le nom du premier tronçon qui les a, concaténez les arguments, et ignorez les fragments
// sans choices et les appels dont le type n’est pas "function".
// Cette version se fie à la position du tronçon dans le tableau.
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
