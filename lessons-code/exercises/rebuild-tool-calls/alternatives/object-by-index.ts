// Another right answer: an object keyed by index, each call kept whole until the end, and the
// calls of another type dropped as soon as they are known.

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls: Record<number, ToolCall & { type: string }> = {};
  for (const chunk of chunks) {
    if (chunk.choices.length === 0) continue;
    for (const fragment of chunk.choices[0]!.delta.tool_calls ?? []) {
      const call = (calls[fragment.index] ??= { id: '', name: '', arguments: '', type: 'function' });
      call.id ||= fragment.id ?? '';
      call.name ||= fragment.function?.name ?? '';
      if (fragment.type != null && call.type === 'function') call.type = fragment.type;
      call.arguments = call.arguments + (fragment.function?.arguments ?? '');
    }
  }
  return Object.keys(calls)
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => calls[index]!)
    .filter((call) => call.type === 'function')
    .map(({ id, name, arguments: args }) => ({ id, name, arguments: args }));
}
