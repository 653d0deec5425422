// Mistake: skips a call when a fragment's `type` is anything but undefined or "function", so a
// later fragment that writes `"type": null`, as servers built on models with None defaults send
// it, makes a function call look like a call of another type, and the call is lost.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: null-type-other

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const elsewhere = new Set<number>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type !== undefined && fragment.type !== 'function') elsewhere.add(fragment.index);
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.keys()]
    .filter((index) => !elsewhere.has(index))
    .sort((a, b) => a - b)
    .map((index) => calls.get(index)!);
}
