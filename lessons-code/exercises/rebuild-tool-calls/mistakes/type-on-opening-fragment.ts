// Mistake: decides whether a call is kept from the fragment that opens it, the only one it reads
// `type` on. A call whose type comes on a later fragment (the chunk's schema makes every field of a
// fragment optional but `index`) is kept as a function call even when that type is another.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: type-on-opening-fragment

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
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if (skipped.has(fragment.index)) continue;
      let call = calls.get(fragment.index);
      if (call === undefined) {
        if (fragment.type != null && fragment.type !== 'function') {
          skipped.add(fragment.index);
          continue;
        }
        call = { id: '', name: '', arguments: '' };
        calls.set(fragment.index, call);
      }
      call.id ||= fragment.id ?? '';
      call.name ||= fragment.function?.name ?? '';
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls].sort(([a], [b]) => a - b).map(([, call]) => call);
}
