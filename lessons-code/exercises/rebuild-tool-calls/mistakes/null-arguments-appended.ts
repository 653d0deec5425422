// Mistake: guards the arguments against undefined only (`!== undefined`), so a fragment from a
// server that writes the fields it leaves out as null, `"arguments": null` among them, appends
// null, and `+=` writes it into the string as the word "null".
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: null-arguments-appended

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
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if (fragment.type != null && fragment.type !== 'function') others.add(fragment.index);
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      const piece = fragment.function?.arguments;
      if (piece !== undefined) call.arguments += piece;
    }
  }
  return [...calls.keys()]
    .filter((index) => !others.has(index))
    .sort((a, b) => a - b)
    .map((index) => calls.get(index)!);
}
