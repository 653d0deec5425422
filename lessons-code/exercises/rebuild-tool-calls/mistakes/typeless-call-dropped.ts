// Mistake: keeps a call only when one of its fragments says its type is "function"; a call whose
// fragments give no type at all, as some providers send it (Mistral's models on Azure leave the
// field out), is a function call, and the code drops it.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-rounds
// Diagnosis: typeless-call-dropped

import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  const types = new Map<number, string>();
  for (const chunk of chunks) {
    for (const fragment of chunk.choices[0]?.delta.tool_calls ?? []) {
      let call = calls.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        calls.set(fragment.index, call);
      }
      if (fragment.type != null) types.set(fragment.index, fragment.type);
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    }
  }
  return [...calls.entries()]
    .filter(([index]) => types.get(index) === 'function')
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
}
