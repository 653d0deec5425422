// Another right answer: the relay keeps the previous text and passes what comes after it.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let previous = '';
  return (textSoFar) => {
    if (textSoFar.length > previous.length) pass(textSoFar.substring(previous.length));
    previous = textSoFar;
  };
}

export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
