// Mistake: keeps the count outside createRelay and sets it back to 0 each time a relay is made:
// one response after another goes through, but when a new response starts before the last one has
// ended, the two relays move the same count and each passes the wrong part of its text.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: any-growth
// Diagnosis: shared-count-reset
let passed = 0;

export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  passed = 0;
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
