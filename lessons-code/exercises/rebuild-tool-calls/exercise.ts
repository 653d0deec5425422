import type { ChatCompletionChunk } from 'lessons-code';

export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

// #starter
// // The chunks of one streamed round, in the order they arrived. Return the round's tool calls,
// // ordered by `index`. The first fragment of a call carries its index, its id and the function's
// // name; the later ones carry the index and the next piece of the arguments. Take id and name from
// // the first fragment that has them (a call that no fragment gives an id keeps the id '': some
// // servers send none), concatenate the arguments, and skip chunks without choices and calls of any
// // type other than "function" (a call whose fragments give no type is a function call). A field
// // that is null is not given: some servers send "id": null, "type": null, "name": null and
// // "arguments": null. Return every other call as its fragments make it, even with no name, with
// // arguments '' or cut short (a round that hit its token limit): what to do with such a call is the
// // caller's choice. The round asked for one answer: a chunk carries one choice, of index 0, or none.
// // This version trusts the fragment's position in the array.
// #solution
// The chunks of one streamed round, in the order they arrived. Return the round's tool calls,
// ordered by `index`. The first fragment of a call carries its index, its id and the function's
// name; the later ones carry the index and the next piece of the arguments. Take id and name from
// the first fragment that has them (a call that no fragment gives an id keeps the id '': some
// servers send none), concatenate the arguments, and skip chunks without choices and calls of any
// type other than "function" (a call whose fragments give no type is a function call). A field
// that is null is not given: some servers send "id": null, "type": null, "name": null and
// "arguments": null. Return every other call as its fragments make it, even with no name, with
// arguments '' or cut short (a round that hit its token limit): what to do with such a call is the
// caller's choice. The round asked for one answer: a chunk carries one choice, of index 0, or none.
// #end
export function assembleToolCalls(chunks: ChatCompletionChunk[]): ToolCall[] {
  // #starter
  // const calls: ToolCall[] = [];
  // #solution
  const byIndex = new Map<number, ToolCall>();
  const notFunctions = new Set<number>();
  // #end
  for (const chunk of chunks) {
    // #starter
    // const fragments = chunk.choices[0]?.delta.tool_calls ?? [];
    // fragments.forEach((fragment, position) => {
    //   const call = (calls[position] ??= { id: '', name: '', arguments: '' });
    //   if (fragment.id) call.id = fragment.id;
    //   if (fragment.function?.name) call.name = fragment.function.name;
    // #solution
    // The usage chunk has no choice at all: nothing to read in it.
    const choice = chunk.choices.find((c) => c.index === 0);
    for (const fragment of choice?.delta.tool_calls ?? []) {
      if ((fragment.type ?? 'function') !== 'function') notFunctions.add(fragment.index);
      let call = byIndex.get(fragment.index);
      if (call === undefined) {
        call = { id: '', name: '', arguments: '' };
        byIndex.set(fragment.index, call);
      }
      // Only the first fragment that names the call counts: a repeated name is not a longer name.
      if (call.id === '' && fragment.id) call.id = fragment.id;
      if (call.name === '' && fragment.function?.name) call.name = fragment.function.name;
      // #end
      call.arguments += fragment.function?.arguments ?? '';
      // #starter
      // });
      // #solution
    }
    // #end
  }
  // #starter
  // return calls;
  // #solution
  return [...byIndex.entries()]
    .filter(([index]) => !notFunctions.has(index))
    .sort(([a], [b]) => a - b)
    .map(([, call]) => call);
  // #end
}
