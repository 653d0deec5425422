// Mistake: moves the count to the text's length before taking the new part, so the slice starts
// at the end of the text and every part is empty: the parser gets nothing.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: three-texts, each-part, nothing-new, openai, anthropic, gemini, cut, any-growth
// Diagnosis: count-too-soon
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    passed = textSoFar.length;
    const next = textSoFar.slice(passed);
    if (next !== '') pass(next);
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
