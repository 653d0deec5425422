// What the model replica answers. A real model samples its answer; the replica follows a script, so
// that every run of the course gives the same tokens: a greeting, what it can do, a long explanation
// (long enough to press stop), and, when the question asks for chord voicings and the request offers
// the `search_voicings` tool, a round that narrates and calls the tool once per chord, then a round
// that answers from the tool's results. The answers are the course's own and stay in English.

import type { ChatMessage, ChatRequest, ToolCall } from './chat-format.ts';
import { argumentTokens, textTokens } from './tokens.ts';
import { expectFunction, expectObject } from '../core/arguments.ts';

/** The tool the voicing question needs. */
export const SEARCH_VOICINGS = 'search_voicings';

/** The replica's answer to HELLO_QUESTION. */
export const GREETING_ANSWER =
  'Hello! I am the Guitar Alchemist assistant — ask me for the voicings of a chord, the notes of a scale, ' +
  'or an arpeggio for each chord of a progression.';

/** The replica's answer to CAPABILITIES_QUESTION. */
export const CAPABILITIES_ANSWER =
  'I can look up voicings for a chord in the voicing index, name the notes of a scale, and suggest an arpeggio ' +
  'for each chord of a progression. Try: show me Cmaj7 and Am7 voicings.';

/** The replica's answer to DROP2_QUESTION: long enough to stop in the middle. */
export const DROP2_ANSWER =
  'A drop-2 voicing starts from a chord in close position, four notes stacked inside one octave, and moves the ' +
  'second note from the top down an octave. The chord spreads over a wider range and keeps every chord tone, ' +
  'which suits the guitar: the shape fits four adjacent strings and the hand does not stretch. Take Cmaj7 in ' +
  'close position, C E G B from the bottom. The second note from the top is G; dropping it gives G C E B. The ' +
  'same shape through the four inversions walks the chord up the neck, and each inversion puts a different ' +
  'chord tone on top, so the melody can choose the shape. Drop-2 shapes also move smoothly from chord to ' +
  'chord: in a ii–V–I most voices move by a step or stay where they are, which keeps the comping quiet and ' +
  'leaves room for the melody.';

/** The replica's answer to a question it does not know. */
export const OFF_TOPIC_ANSWER =
  'I can only help with guitar questions here: chords, voicings, scales and arpeggios. Ask me, for example, ' +
  'for the voicings of Cmaj7.';

/** A question the replica answers in one round, with no tool. */
export const HELLO_QUESTION = 'hello';
/** A question the replica answers in one round, with no tool. */
export const CAPABILITIES_QUESTION = 'what can you do?';
/** A question that needs a round of tool calls (search_voicings, one per chord) before the answer. */
export const VOICINGS_QUESTION = 'Show me Cmaj7 and Am7 voicings';
/** A question with a long answer, for the stop button. */
export const DROP2_QUESTION = 'Tell me about drop-2 voicings';

const CHORD_SYMBOL = /\b[A-G][#b]?(?:maj|min|m|dim|aug|sus)?\d{0,2}(?![\w#])/g;

/** A tool call the replica plans: its arguments already cut into the tokens it will stream. */
export interface PlannedCall {
  id: string;
  name: string;
  argumentTokens: string[];
}

/** One round of the replica's answer, before pacing and before any token limit cuts it. */
export interface PlannedRound {
  textTokens: string[];
  calls: PlannedCall[];
}

function lastUserText(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') return message.content;
  }
  return '';
}

/** The results of the tool calls of the last assistant message, in the order of its calls. */
function lastToolResults(messages: readonly ChatMessage[]): { call: ToolCall; content: string }[] {
  let at = messages.length - 1;
  while (at >= 0 && messages[at]!.role === 'tool') at--;
  const assistant = messages[at];
  if (assistant === undefined || assistant.role !== 'assistant') return [];
  const results: { call: ToolCall; content: string }[] = [];
  for (const call of assistant.tool_calls ?? []) {
    const answer = messages.slice(at + 1).find((m) => m.role === 'tool' && m.tool_call_id === call.id);
    if (answer !== undefined && answer.role === 'tool') results.push({ call, content: answer.content });
  }
  return results;
}

/** The answer written from the voicing index's results: one line per chord. */
function answerFromResults(results: { call: ToolCall; content: string }[]): string {
  const lines = results.map(({ call, content }) => {
    let chord = '?';
    let voicings: string[] = [];
    try {
      chord = String((JSON.parse(call.function.arguments) as { chord?: unknown }).chord ?? '?');
      const parsed = JSON.parse(content) as { voicings?: unknown };
      if (Array.isArray(parsed.voicings)) voicings = parsed.voicings.map(String);
    } catch {
      return `- ${chord}: the index gave an answer I could not read.`;
    }
    return voicings.length === 0
      ? `- **${chord}**: none in the index.`
      : `- **${chord}**: ${voicings.map((v) => `\`${v}\``).join(', ')}`;
  });
  return `Here is what the voicing index holds, lowest string first:\n\n${lines.join('\n')}`;
}

/**
 * The round the replica generates for a request. `newCallId` names each tool call it plans
 * (`call_…`, as OpenAI's ids look).
 */
export function planRound(request: Pick<ChatRequest, 'messages' | 'tools'>, newCallId: () => string): PlannedRound {
  expectObject(request, 'planRound', 'request');
  expectFunction(newCallId, 'planRound', 'newCallId');
  const text = (answer: string): PlannedRound => ({ textTokens: textTokens(answer), calls: [] });
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return text(answerFromResults(lastToolResults(request.messages)));
  const question = lastUserText(request.messages).trim();
  const lower = question.toLowerCase();
  const offersSearch = (request.tools ?? []).some((tool) => tool.function.name === SEARCH_VOICINGS);
  const chords = [...new Set(question.match(CHORD_SYMBOL) ?? [])];
  if (/\bvoicings?\b/.test(lower) && chords.length > 0 && offersSearch) {
    return {
      textTokens: textTokens(
        chords.length === 1
          ? 'Let me look that up in the voicing index.'
          : 'Let me look those up in the voicing index.',
      ),
      calls: chords.map((chord) => ({
        id: newCallId(),
        name: SEARCH_VOICINGS,
        argumentTokens: argumentTokens(`{"chord": ${JSON.stringify(chord)}, "instrument": "guitar", "limit": 2}`),
      })),
    };
  }
  if (/^(hello|hi|hey|hola|bonjour|salut)\b/.test(lower)) return text(GREETING_ANSWER);
  if (/what can you do/.test(lower)) return text(CAPABILITIES_ANSWER);
  if (/drop[- ]?2/.test(lower)) return text(DROP2_ANSWER);
  return text(OFF_TOPIC_ANSWER);
}
