// Mistake: returns '{}' for a call whose fragments brought no arguments, as if it had been called
// with none. A round cut short by its token limit may stop before a call's first piece of
// arguments: the statement returns what the fragments make, '', which says that nothing came.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: empty-arguments-filled

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
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type != null && fragment.type !== 'function') skipped.add(fragment.index);
      if (!calls.has(fragment.index)) calls.set(fragment.index, { id: '', name: '', arguments: '' });
      const call = calls.get(fragment.index)!;
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !skipped.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => ({ ...call, arguments: call.arguments || '{}' }));
}
