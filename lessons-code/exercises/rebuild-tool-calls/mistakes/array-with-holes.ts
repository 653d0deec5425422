// Mistake: stores each call at calls[index] in an array and returns the array: indices that start
// above 0 or skip numbers leave empty slots in it.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: indices-from-one, other-type, generated-rounds
// Diagnosis: array-with-holes

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls: ToolCall[] = [];
  const skipped = new Set<number>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type && fragment.type !== 'function') skipped.add(fragment.index);
      if (skipped.has(fragment.index)) continue;
      const call = (calls[fragment.index] ??= { id: '', name: '', arguments: '' });
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return calls;
}
