// The two answers the lesson follows. Both are GA's output, at a826864, and stay in English:
// - the improvisation skill's answer, built by BuildProgressionResponse in
//   Common/GA.Business.ML/Agents/Skills/ImprovisationSkill.cs lines 212–261
// (https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Common/GA.Business.ML/Agents/Skills/ImprovisationSkill.cs#L212-L261);
// - the voicing answer of GaChatbot.Api's POST /api/chatbot/chat
//   (Apps/GaChatbot.Api/Controllers/ChatbotController.cs), which its voicing guard gives without a model.
// Lesson 6's published text shows both: the voicing answer on the wire, the other one cut by SseChunker.

/**
 * What GA's improvisation skill answers to "which arpeggio fits Am F C G" (lesson 5), built with AppendLine on an LF
 * host.
 */
export const IMPROVISATION_ANSWER =
  'Over **Am – F – C – G**, for each chord:\n' +
  '\n' +
  '- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).\n' +
  '- **F** → arpeggio **F**, play **F Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n' +
  '- **C** → arpeggio **C**, play **C Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n' +
  '- **G** → arpeggio **G**, play **G Ionian (major)** (diatonic, includes the 7 — careful on the IV chord).\n' +
  '\n' +
  'Each arpeggio spells the chord tones; the scale adds the passing notes for lines between them.\n';

/** What GaChatbot.Api's /chat returns as naturalLanguageAnswer for "Show me Cmaj7 voicings". */
export const VOICING_ANSWER =
  'Found 2 voicings matching chord Cmaj7:\n' +
  '\n' +
  '- **Cmaj7** `3-0-x-2-3-x` (guitar, score 0.369)\n' +
  '```vextab\n' +
  '6/3 5/0 3/2 2/3\n' +
  '```\n' +
  '- **Cmaj7** `3-0-0-2-3-x` (guitar, score 0.369)\n' +
  '```vextab\n' +
  '6/3 5/0 4/0 3/2 2/3\n' +
  '```';

/** The lesson's first question: the voicing guard answers it without a model (VOICING_ANSWER). */
export const VOICING_QUESTION = 'Show me Cmaj7 voicings';
/** The lesson's second question: it needs the model, which the lesson's host cannot reach. */
export const IMPROVISATION_QUESTION = 'which arpeggio fits Am F C G';
