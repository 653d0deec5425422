// Mistake: parses each fragment's piece of arguments as JSON and merges the objects, as with the
// arguments of a call that is not streamed. A piece such as "{" is not JSON: JSON.parse throws.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: replica, indices-from-one, name-repeated, first-id-and-name, one-fragment, fields-missing, other-type,
//   generated-rounds
// Diagnosis: pieces-parsed

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, { id: string; name: string; args: Record<string, unknown> }>();
  const skipped = new Set<number>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      if (fragment.type && fragment.type !== 'function') skipped.add(fragment.index);
      if (skipped.has(fragment.index)) continue;
      const call = calls.get(fragment.index) ?? { id: '', name: '', args: {} };
      calls.set(fragment.index, call);
      call.id ||= fragment.id ?? '';
      call.name ||= fragment.function?.name ?? '';
      const piece = fragment.function?.arguments ?? '';
      if (piece !== '') Object.assign(call.args, JSON.parse(piece));
    }
  }
  return [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, call]) => ({ id: call.id, name: call.name, arguments: JSON.stringify(call.args) }));
}
