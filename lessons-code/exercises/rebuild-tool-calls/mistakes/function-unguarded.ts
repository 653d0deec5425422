// Mistake: takes every fragment to carry a `function`, as the first and the later fragments of the
// lesson's streams do, and reads `fragment.function!.name` without checking. A fragment that carries
// only the id and the type makes the code throw a TypeError.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: fields-missing, generated-rounds
// Diagnosis: function-unguarded

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
      const fn = fragment.function!;
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fn.name) call.name = fn.name;
      call.arguments += fn.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !skipped.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
