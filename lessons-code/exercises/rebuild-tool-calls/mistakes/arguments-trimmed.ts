// Mistake: trims each call's arguments before returning them, to tidy them up. The arguments are
// to be returned as the fragments make them: a call's first piece may start with a space, and a
// round cut short may stop just after one.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: arguments-trimmed

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
      if ((fragment.type ?? 'function') !== 'function') others.add(fragment.index);
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => ({ ...call, arguments: call.arguments.trim() }));
}
