// Mistake: holds back a U+FFFD (or a high surrogate) at the end of the text until the text grows
// past it, as lessons-code's GrowingTextRelay does for a client that decodes every byte again. The
// check's texts are decoded as browsers decode them, so a U+FFFD there stays: the parser gets it
// late, and the one that ends the last text never, since this relay has no end to pass it at.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: any-growth
// Diagnosis: holds-back-replacement
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const last = textSoFar.at(-1) ?? '';
    const mightChange = last === '\uFFFD' || /[\uD800-\uDBFF]/.test(last);
    const end = mightChange ? textSoFar.length - 1 : textSoFar.length;
    if (end > passed) {
      pass(textSoFar.slice(passed, end));
      passed = end;
    }
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another, decoded as browsers decode them.
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
