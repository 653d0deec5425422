// Mistake: reads each chunk's tool_calls from the last fragment to the first, as though their
// order within a chunk did not matter. It does when a chunk holds two fragments of the same
// call, as a server may send them: the call's pieces of arguments are then glued the wrong way
// round.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: chunk-read-backwards

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
    for (const fragment of fragments.toReversed()) {
      if ((fragment.type ?? 'function') !== 'function') others.add(fragment.index);
      let call = calls.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        calls.set(fragment.index, call);
      }
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
