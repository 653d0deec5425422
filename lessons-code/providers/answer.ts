// The one answer the course's three provider recordings carry: a question a Guitar Alchemist user
// could ask, the model's reasoning and its answer. Written by the course (no model produced them).
// The answer mixes characters of every UTF-8 length, so that a cut between two bytes of a
// character shows: ASCII (1 byte), á í ¡ é (2 bytes), – ♯ (3 bytes) and 🎸 (4 bytes, U+1F3B8).

/** The user's question (for the demos' labels; the recordings start with the model's reply). */
export const PROVIDER_QUESTION = 'Which scale gives a flamenco sound over an E chord?';

/** The reasoning channel every complete recording yields, whole. */
export const PROVIDER_REASONING =
  'The user wants a flamenco colour over E. E Phrygian fits: the half step F–E is the signature sound. ' +
  'Over an E major chord the third is G♯, so Phrygian dominant is worth a mention. Keep the answer short.';

/** The answer channel every complete recording yields, whole: four sentences and an emoji. */
export const PROVIDER_ANSWER =
  'Play E Phrygian: E F G A B C D. The half step from F down to E is the sound of a soleá. ' +
  'When the chord is E major, raise G to G♯ and you get Phrygian dominant, the colour of bulerías. ¡Olé! 🎸';

/**
 * Where every truncated recording stops: two bytes into the `♯` of "G♯ and" in the answer (♯ is
 * E2 99 AF in UTF-8), as if the connection dropped in the middle of a character and of an event.
 */
export const TRUNCATE_INSIDE = 'G♯ and';
