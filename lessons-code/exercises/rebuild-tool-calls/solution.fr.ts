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
export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const byIndex = new Map<number, ToolCall>();
  const notFunctions = new Set<number>();
  for (const chunk of chunks) {
    // Le fragment de consommation n’a aucune choice : rien à y lire.
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if (fragment.type !== undefined && fragment.type !== 'function') notFunctions.add(fragment.index);
      let call = byIndex.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        byIndex.set(fragment.index, call);
      }
      // Seul compte le premier tronçon qui nomme l’appel : un nom répété n’est pas un nom plus long.
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
