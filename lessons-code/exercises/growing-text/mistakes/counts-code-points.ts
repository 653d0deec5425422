// Mistake: counts what it passed in characters as Array.from() sees them (code points), so that
// an emoji counts as one, but slices responseText, whose positions count UTF-16 code units: after
// a character beyond U+FFFF the count falls behind and the relay passes the end of the text again.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: each-part, openai, anthropic, gemini, any-growth
// Diagnosis: code-points-not-units
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(passed);
    passed = Array.from(textSoFar).length;
    if (next !== '') pass(next);
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
