// Mistake: takes the id for what tells calls apart and returns one call per id, the first: a
// server that gives every call of a round the same id loses all of them but the first. Only the
// index tells the calls apart; an id may repeat.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: repeated-id-dropped

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
      if (!calls.has(fragment.index)) calls.set(fragment.index, { id: '', name: '', arguments: '' });
      const call = calls.get(fragment.index)!;
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  const byId = new Map<string, ToolCall>();
  const result: ToolCall[] = [];
  for (const [index, call] of [...calls].sort(([a], [b]) => a - b)) {
    if (others.has(index)) continue;
    // A call with no id has nothing to share.
    if (call.id !== '' && byId.has(call.id)) continue;
    byId.set(call.id, call);
    result.push(call);
  }
  return result;
}
