// Mistake: skips every chunk that carries a finish_reason, taking it for the end marker alone; but
// that chunk may carry the last fragment of the arguments too, and that piece is lost.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: finish-chunk-skipped

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
    if (choice?.finish_reason) continue;
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
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
