// Mistake: reads chunk.choices[0].delta without checking that the chunk has a choice. The usage
// chunk, last in every round that asks for it, has choices: [], so the code throws a TypeError.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: replica, indices-from-one, one-fragment, other-type, text-only, generated-rounds
// Diagnosis: unguarded-choices

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
    const delta = chunk.choices[0]!.delta;
    for (const fragment of delta.tool_calls ?? []) {
      if (fragment.type && fragment.type !== 'function') skipped.add(fragment.index);
      if (skipped.has(fragment.index)) continue;
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      call.id ||= fragment.id ?? '';
      call.name ||= fragment.function?.name ?? '';
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.keys()].sort((a, b) => a - b).map((index) => calls.get(index)!);
}
