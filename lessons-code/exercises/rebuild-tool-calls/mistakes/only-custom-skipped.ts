// Mistake: leaves out the calls of type "custom", the other type the lesson's case shows, and no
// other: a call of a type the code does not know of (one a provider adds later) comes back among
// the function calls. Only calls of type "function" are returned, whatever the other type is.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: only-custom-skipped

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const custom = new Set<number>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type === 'custom') custom.add(fragment.index);
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.keys()]
    .filter((index) => !custom.has(index))
    .sort((a, b) => a - b)
    .map((index) => calls.get(index)!);
}
