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

// How the check plays several responses under way at once: their `progress` events interleaved,
// each response through a relay of its own, every relay with the same `pass`, which also gets the
// number of the event during which the part came (`events.length`: after the last one).
export function relayInterleaved(
  events: [response: number, textSoFar: string][],
  pass: (text: string, event: number) => void,
): void {
  const relays = new Map<number, (textSoFar: string) => void>();
  let event = 0;
  const passOn = (text: string) => pass(text, event);
  for (const [response, textSoFar] of events) {
    let relay = relays.get(response);
    if (relay === undefined) {
      relay = createRelay(passOn);
      relays.set(response, relay);
    }
    relay(textSoFar);
    event++;
  }
}
