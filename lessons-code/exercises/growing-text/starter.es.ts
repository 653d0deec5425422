// XMLHttpRequest no entrega lecturas: en cada evento `progress`, responseText contiene todo el
// texto recibido hasta el momento. createRelay(pass) devuelve lo que se ejecuta en cada `progress`;
// `pass` entrega texto al analizador, que debe recibir cada parte del cuerpo una vez y en orden.
// Este relevo pasa el texto entero cada vez, así que el analizador vuelve a leer el principio del
// flujo una y otra vez y la respuesta repite sus primeras frases. Haz que pase solo la parte nueva.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  return (textSoFar) => {
    pass(textSoFar);
  };
}

// Cómo usa la comprobación tu relevo: reproduce los textos que ofrecería XMLHttpRequest, un evento
// `progress` tras otro (con los caracteres enteros, como los decodifican los navegadores).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
