// Mistake: files each fragment at its position in the chunk's tool_calls array, as if that
// position named the call. Each chunk usually carries one fragment, so every fragment lands at
// position 0 and the replica's two calls become one, its arguments the pieces of both.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: replica, indices-from-one, first-id-and-name, one-fragment, other-type, generated-rounds
// Diagnosis: by-position, name-overwritten

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const chunk of chunks) {
    const toolCalls = chunk.choices[0]?.delta.tool_calls ?? [];
    for (let i = 0; i < toolCalls.length; i++) {
      const fragment = toolCalls[i]!;
      if (fragment.type != null && fragment.type !== 'function') continue;
      calls[i] ??= { id: '', name: '', arguments: '' };
      const call = calls[i]!;
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return calls;
}
