// Mistake: reads one fragment per chunk, `tool_calls[0]`, as if each chunk carried a single one (the
// usual case, which the lesson mentions): a chunk that carries the fragments of two calls loses the
// second, and its piece of the arguments with it.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: indices-from-one, other-type, generated-rounds
// Diagnosis: first-fragment-per-chunk

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
    const fragment = chunk.choices[0]?.delta.tool_calls?.[0];
    if (fragment === undefined) continue;
    if (fragment.type != null && fragment.type !== 'function') others.add(fragment.index);
    let call = calls.get(fragment.index);
    if (call === undefined) {
      call = { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
    }
    if (!call.id && fragment.id) call.id = fragment.id;
    if (!call.name && fragment.function?.name) call.name = fragment.function.name;
    call.arguments += fragment.function?.arguments ?? '';
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
