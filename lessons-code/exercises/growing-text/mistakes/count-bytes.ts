// Mistake: counts what it passed on in bytes, as the reads arrive, but slices the text in
// characters: after an `é` or a `🎸` the count runs ahead and characters are skipped.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: three-texts, each-part, openai, anthropic, gemini, cut, any-growth
// Diagnosis: bytes-not-characters
const encoder = new TextEncoder();

export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passedBytes = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(passedBytes);
    passedBytes = encoder.encode(textSoFar).length;
    if (next !== '') pass(next);
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
