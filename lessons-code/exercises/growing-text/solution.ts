// XMLHttpRequest hands over no pieces: at each `progress` event, responseText holds the whole
// text received so far. The relay remembers how much it has passed on and passes only the rest.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
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
