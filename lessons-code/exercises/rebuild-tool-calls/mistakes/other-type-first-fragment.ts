// Mistake: skips every fragment whose type is not "function", but only the first fragment of a call
// carries a type: the later fragments of the custom call start a call of their own, with no id and
// no name.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: other-type, generated-rounds
// Diagnosis: other-type-later-fragments

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type != null && fragment.type !== 'function') continue;
      const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
      calls.set(fragment.index, call);
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
}
