// Mistake: normalizes each new part to NFC before passing it on, as if to tidy the text: an `e`
// followed by a combining accent (U+0301) reaches the parser as one `é`, a character the server
// never sent, and an accent that arrives at the next `progress` on its own stays apart.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: any-growth
// Diagnosis: normalizes-parts
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(passed);
    passed = textSoFar.length;
    if (next !== '') pass(next.normalize('NFC'));
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
