// XMLHttpRequest ne livre pas de lectures : à chaque événement `progress`, responseText contient
// tout le texte reçu jusque-là. Le relais se souvient de ce qu’il a déjà transmis et ne transmet
// que le reste.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  let passed = 0;
  return (textSoFar) => {
    const next = textSoFar.slice(passed);
    passed = textSoFar.length;
    if (next !== '') pass(next);
  };
}

// Comment la vérification utilise votre relais : elle rejoue les textes qu’offrirait
// XMLHttpRequest, un événement `progress` après l’autre (caractères entiers, comme les décodent
// les navigateurs).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
