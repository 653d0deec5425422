// What the course's chatbot sends the model besides the question, and the one tool it has: the
// system prompt and help summary (the input half of every call's bill) and a small voicing index
// behind the `search_voicings` tool, in the Chat Completions tool shape (chat-format.ts).

import type { ToolDefinition } from './chat-format.ts';
import { SEARCH_VOICINGS } from './model-script.ts';

/** The system prompt and help summary every call sends: the input half of the bill. */
export const SYSTEM_PROMPT =
  'You are the assistant of Guitar Alchemist, an open-source toolkit for guitarists. Answer questions about ' +
  'chords, voicings, scales and arpeggios in a short, friendly style. When the user asks for the voicings of ' +
  'a chord, call search_voicings once per chord instead of guessing shapes, and quote the frets exactly as ' +
  'the tool returns them.\n\n' +
  'Help summary: the voicing index holds shapes for common chords, written from the lowest string to the ' +
  'highest, with x for a muted string. Scales are named by their mode (Ionian, Dorian, Aeolian and so on). ' +
  'The assistant answers in English, cannot play audio and cannot read pictures of tablature. For a ' +
  'progression, it suggests which arpeggio fits each chord.';

/** A tool the model may call: how it is described to the model, and what it does. */
export interface Tool {
  definition: ToolDefinition;
  /** Runs the tool with the call's parsed arguments; returns what goes back to the model, as JSON. */
  run(args: Record<string, unknown>): unknown;
}

/** The course's small voicing index (the Cmaj7 shapes are those GA's voicing answer shows). */
export const VOICING_INDEX: Readonly<Record<string, readonly string[]>> = {
  Cmaj7: ['3-0-x-2-3-x', '3-0-0-2-3-x'],
  Am7: ['x-0-2-0-1-0', '5-7-5-5-5-5'],
};

/** search_voicings: the voicings of a chord, from the course's small voicing index. */
export const SEARCH_VOICINGS_TOOL: Tool = {
  definition: {
    type: 'function',
    function: {
      name: SEARCH_VOICINGS,
      description: 'Find guitar voicings of a chord in the voicing index.',
      parameters: {
        type: 'object',
        properties: {
          chord: { type: 'string', description: 'A chord symbol, such as Cmaj7' },
          instrument: { type: 'string', enum: ['guitar'] },
          limit: { type: 'integer', minimum: 1 },
        },
        required: ['chord'],
      },
    },
  },
  run(args) {
    const chord = String(args.chord ?? '');
    const limit = typeof args.limit === 'number' && args.limit >= 1 ? args.limit : Infinity;
    return { chord, voicings: (VOICING_INDEX[chord] ?? []).slice(0, limit) };
  },
};

/** The tools the course's turns offer the model. */
export const COURSE_TOOLS: readonly Tool[] = [SEARCH_VOICINGS_TOOL];

/** Milliseconds a tool takes by default. */
export const DEFAULT_TOOL_MS = 200;
