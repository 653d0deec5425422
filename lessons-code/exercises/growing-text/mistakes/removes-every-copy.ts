// Mistake: keeps the previous text and takes the new part as what is left once that text is
// removed with replaceAll(): every copy of it goes, not only the one at the start, so when what
// arrives repeats the text received so far (the same line twice, a run of one character), part of
// the new text is lost.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: any-growth
// Diagnosis: removes-every-copy
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let previous = '';
  return (textSoFar) => {
    const next = textSoFar.replaceAll(previous, '');
    previous = textSoFar;
    if (next !== '') pass(next);
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another (the characters are whole, as browsers decode them).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
