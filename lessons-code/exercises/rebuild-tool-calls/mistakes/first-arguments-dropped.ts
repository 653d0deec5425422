// Mistake: takes only the id and the name from a call's first fragment and the arguments from the
// later ones, as the lesson's description of the usual stream reads. A call that comes whole in one
// fragment loses its arguments, and one whose name comes after its id loses its name.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: one-fragment, fields-missing, generated-rounds
// Diagnosis: first-arguments-dropped, name-from-first-fragment

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const skipped = new Set<number>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type && fragment.type !== 'function') skipped.add(fragment.index);
      if (skipped.has(fragment.index)) continue;
      const call = calls.get(fragment.index);
      if (call === undefined) {
        calls.set(fragment.index, { id: fragment.id ?? '', name: fragment.function?.name ?? '', arguments: '' });
      } else {
        call.arguments += fragment.function?.arguments ?? '';
      }
    }
  }
  return [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
}
