// Mistake: holds the new text back until a blank line ends an event, and passes whole events only:
// the parser gets the text later than it arrives, and a stream whose events end with CRLF CRLF
// never gets through.
// Lesson: /ga-ai/06c-model-stream/#two-transports-one-parser
// Fails: three-texts, each-part, nothing-new, gemini, any-growth
// Diagnosis: holds-back
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const blank = textSoFar.lastIndexOf('\n\n');
    if (blank === -1 || blank + 2 <= passed) return;
    pass(textSoFar.slice(passed, blank + 2));
    passed = blank + 2;
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
