// The two answers the lesson follows (facts.md §2). Both are GA's output and stay in English.

/** What GA's improvisation skill answers to "which arpeggio fits Am F C G" (lesson 5), built with AppendLine on an LF host. */
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

/** The two questions the lesson's program asks. */
export const VOICING_QUESTION = 'Show me Cmaj7 voicings';
export const IMPROVISATION_QUESTION = 'which arpeggio fits Am F C G';
