// Mistake: keys the calls by id and adds each piece of arguments to the call named last, as if
// a call's fragments came one after the other. The replica names both calls first, then
// alternates their pieces: every piece goes to the second call.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: replica, indices-from-one, first-id-and-name, fields-missing, other-type, generated-rounds
// Diagnosis: last-named-call, name-from-first-fragment, other-type-kept

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const byId = new Map<string, ToolCall>();
  let current: ToolCall | undefined;
  for (const chunk of chunks) {
    if (chunk.choices.length === 0) continue;
    for (const fragment of chunk.choices[0]!.delta.tool_calls ?? []) {
      if (fragment.id) {
        current = byId.get(fragment.id);
        if (current === undefined) {
          current = { id: fragment.id, name: fragment.function?.name ?? '', arguments: '' };
          byId.set(fragment.id, current);
        }
      }
      if (current) current.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...byId.values()];
}
