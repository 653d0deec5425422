// XMLHttpRequest no entrega lecturas: en cada evento `progress`, responseText contiene todo el
// texto recibido hasta el momento. El relevo recuerda cuánto ha pasado ya y pasa solo el resto.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(passed);
    passed = textSoFar.length;
    if (next !== '') pass(next);
  };
}

// Cómo usa la comprobación tu relevo: reproduce los textos que ofrecería XMLHttpRequest, un evento
// `progress` tras otro (con los caracteres enteros, como los decodifican los navegadores).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
