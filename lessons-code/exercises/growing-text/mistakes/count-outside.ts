// Mistake: keeps the count outside createRelay, so every relay shares it: the first response goes
// through, and the next relay starts counting where the previous one stopped.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: each-part, nothing-new, gemini, any-growth
// Diagnosis: count-outside-relay
let passed = 0;

export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  return (textSoFar) => {
    const next = textSoFar.slice(passed);
    passed = textSoFar.length;
    if (next !== '') pass(next);
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
