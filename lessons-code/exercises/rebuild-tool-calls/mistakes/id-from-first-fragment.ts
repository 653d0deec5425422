// Mistake: sets a call's id from its first fragment only, as the usual stream sends it; a call whose
// first fragment carries only its type gets its id in a later fragment, and is left with an empty id.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: id-from-first-fragment

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
        call.id = fragment.id ?? '';
      }

      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...byIndex.entries()]
    .filter(([index]) => !notFunctions.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
