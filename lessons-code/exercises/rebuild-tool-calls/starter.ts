import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

// The chunks of one streamed round, in the order they arrived. Return the round's tool calls,
// ordered by `index`. The first fragment of a call carries its index, its id and the function's
// name; the later ones carry the index and the next piece of the arguments. Take id and name from
// the first fragment that has them, concatenate the arguments, and skip chunks without choices and
// calls whose type is not "function". This version trusts the fragment's position in the array.
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
