// Mistake: takes the id and the name from the first fragment where they are not undefined, so a
// fragment that writes `"id": null` or `"name": null` before the real one gives the call a null
// id or name instead of the value a later fragment brings (or '').
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: null-copied

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
      if (call.id === '' && fragment.id !== undefined) call.id = fragment.id as string;
      if (call.name === '' && fragment.function?.name !== undefined) call.name = fragment.function.name as string;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !skipped.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
