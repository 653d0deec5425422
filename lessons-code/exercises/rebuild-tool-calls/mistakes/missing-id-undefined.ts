// Mistake: fills the id and the name while they are empty with `if (!call.id) call.id = fragment.id`,
// which copies a missing id too: a call that no fragment gives an id, as some servers send it (vLLM
// streams no id), comes back with `id: undefined` instead of ''.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: missing-id-undefined

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
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type != null && fragment.type !== 'function') others.add(fragment.index);
      if (!calls.has(fragment.index)) calls.set(fragment.index, { id: '', name: '', arguments: '' });
      const call = calls.get(fragment.index)!;
      if (!call.id) call.id = fragment.id as string;
      if (!call.name) call.name = fragment.function?.name as string;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
