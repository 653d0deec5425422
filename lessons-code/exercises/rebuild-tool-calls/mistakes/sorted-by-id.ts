// Mistake: keys the calls by index, right, then sorts them by their id, taking the ids for a
// sequence (`call_1`, `call_2`…): the ids are opaque strings, and their order says nothing about
// the order of the calls.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: sorted-by-id

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const others = new Set<number>();
  for (const chunk of chunks) {
    const fragments = chunk.choices[0]?.delta.tool_calls ?? [];
    for (const fragment of fragments) {
      if (fragment.type != null && fragment.type !== 'function') others.add(fragment.index);
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .map(([, call]) => call)
    .sort((a, b) => a.id.localeCompare(b.id));
}
