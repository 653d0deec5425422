// #starter
// // XMLHttpRequest hands over no pieces: at each `progress` event, responseText holds the whole
// // text received so far. createRelay(pass) returns what runs at each `progress`; `pass` hands
// // text to the parser, which must get every part of the body once, in order. This relay passes
// // the whole text every time, so the parser reads the start of the stream again and again and
// // the answer repeats its first sentences. Make it pass on only the new part, all of it, a U+FFFD
// // at its end included: no call comes after the last `progress` to pass on what was held back.
// // Each call of `pass` is a read of the body for the parser: at a `progress` that adds nothing,
// // do not call it, and call it before the relay returns, never later (in a promise, a timer): the
// // response may end right after its last `progress`, and a part passed after that is lost. Each
// // call of createRelay is a new response: several may be under way at once, and two relays may
// // be given the same `pass`.
// #solution
// XMLHttpRequest hands over no pieces: at each `progress` event, responseText holds the whole
// text received so far. The relay remembers how much it has passed on and passes only the rest.
// #end
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  // #solution
  let passed = 0;
  // #end
  return (textSoFar) => {
    // #starter
    // pass(textSoFar);
    // #solution
    const next = textSoFar.slice(passed);
    passed = textSoFar.length;
    if (next.length > 0) pass(next);
    // #end
  };
}

// How the check uses your relay: it plays the texts XMLHttpRequest would offer, one `progress`
// event after another, decoded as browsers decode them: each text is the one before with whole
// characters added at its end, and a U+FFFD in it stands for bytes that could not be decoded: it
// stays. (lessons-code's GrowingTextRelay holds a trailing U+FFFD back for a client that decodes
// every byte again, as the XMLHttpRequest standard describes responseText; browsers do not.)
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}

// How the check plays several responses under way at once: their `progress` events interleaved,
// each event the number of its response and that response's text so far. Each response gets a
// relay of its own at its first event, and every relay the same `pass`. The check notes the event
// during which each part reached `pass`: `events.length` means after the last one, once the
// responses are over, too late for the parser.
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
