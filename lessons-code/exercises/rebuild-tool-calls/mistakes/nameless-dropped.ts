// Mistake: leaves out a call that no fragment named, taking it for one that cannot be run. A round
// cut short by its token limit may stop right after a call's first fragment, before its name: the
// statement returns that call too, with the name '', and leaves the choice to the caller.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: nameless-dropped

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
      if ((fragment.type ?? 'function') !== 'function') others.add(fragment.index);
      let call = calls.get(fragment.index);
      if (!call) {
        call = { id: '', name: '', arguments: '' };
        calls.set(fragment.index, call);
      }
      if (!call.id && fragment.id) call.id = fragment.id;
      if (!call.name && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index, call]) => !others.has(index) && call.name !== '')
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
