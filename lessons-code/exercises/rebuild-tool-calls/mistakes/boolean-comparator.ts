// Mistake: sorts the calls with a compare function that returns `a > b`, a boolean: it is never
// negative, so the sort never moves a call ahead, and the calls stay in the order they arrived.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: indices-from-one, generated-rounds
// Diagnosis: arrival-order

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const byIndex = new Map<number, ToolCall>();
  const notFunctions = new Set<number>();
  for (const chunk of chunks) {
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if (fragment.type != null && fragment.type !== 'function') notFunctions.add(fragment.index);
      let call = byIndex.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        byIndex.set(fragment.index, call);
      }
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...byIndex.entries()]
    .filter(([index]) => !notFunctions.has(index))
    .sort(([a], [b]) => (a > b) as unknown as number)
    .map(([, call]) => call);
}
