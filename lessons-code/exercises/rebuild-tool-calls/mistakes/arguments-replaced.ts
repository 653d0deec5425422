// Mistake: merges each fragment into the call as a patch (object spread), so the arguments of a
// later fragment replace those gathered so far instead of being appended: each call keeps only
// its last piece.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: replica, indices-from-one, name-repeated, first-id-and-name, one-fragment, generated-rounds
// Diagnosis: arguments-replaced, name-overwritten

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
      if (fragment.type && fragment.type !== 'function') skipped.add(fragment.index);
      const previous = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, {
        ...previous,
        ...(fragment.id ? { id: fragment.id } : {}),
        ...(fragment.function?.name ? { name: fragment.function.name } : {}),
        ...(typeof fragment.function?.arguments === 'string' ? { arguments: fragment.function.arguments } : {}),
      });
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !skipped.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, { id, name, arguments: args }]) => ({ id, name, arguments: args }));
}
