// Mistake: passes the whole text so far on each time it changes: skipping a `progress` that adds
// nothing is not enough, the parser still reads the start of the stream again at every one.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: three-texts, each-part, nothing-new, openai, anthropic, gemini, cut, any-growth
// Diagnosis: whole-text
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let last = '';
  return (textSoFar) => {
    if (textSoFar !== last) pass(textSoFar);
    last = textSoFar;
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
