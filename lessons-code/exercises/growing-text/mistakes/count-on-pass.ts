// Mistake: stores the count as a property of the `pass` function and sets it to 0 in createRelay:
// two relays given the same `pass` share that one property, and a new relay made while the other's
// response is still under way sets the other's count back to 0.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: any-growth
// Diagnosis: shared-count-reset
type CountedPass = ((text: string) => void) & { passedSoFar?: number };

export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  const counted: CountedPass = pass;
  counted.passedSoFar = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(counted.passedSoFar ?? 0);
    counted.passedSoFar = textSoFar.length;
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
