// Another right answer: the fragments of every choice of a chunk are read. The round asked for one
// answer, so a chunk carries one choice, of index 0, or none: every choice is that one.

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const skipped = new Set<number>();
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      for (const fragment of choice.delta.tool_calls ?? []) {
        if (fragment.type != null && fragment.type !== 'function') skipped.add(fragment.index);
        const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
        calls.set(fragment.index, call);
        call.id ||= fragment.id ?? '';
        call.name ||= fragment.function?.name ?? '';
        call.arguments += fragment.function?.arguments ?? '';
      }
    }
  }
  return [...calls.keys()]
    .filter((index) => !skipped.has(index))
    .sort((a, b) => a - b)
    .map((index) => calls.get(index)!);
}
