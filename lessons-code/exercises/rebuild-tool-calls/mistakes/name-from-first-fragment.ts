// Mistake: builds each call from its first fragment, id and name included, then only appends the
// arguments of the later ones, as the lesson's description of the usual stream reads. A call whose
// first fragment carries only its id and type gets its name in a later fragment, and loses it.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: fields-missing, generated-rounds
// Diagnosis: name-from-first-fragment

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
      if (fragment.type != null && fragment.type !== 'function') others.add(fragment.index);
      const call = calls.get(fragment.index);
      if (call === undefined) {
        calls.set(fragment.index, {
          id: fragment.id ?? '',
          name: fragment.function?.name ?? '',
          arguments: fragment.function?.arguments ?? '',
        });
      } else {
        call.arguments += fragment.function?.arguments ?? '';
      }
    }
  }
  return [...calls.entries()]
    .filter(([index]) => !others.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
