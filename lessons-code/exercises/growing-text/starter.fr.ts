// XMLHttpRequest ne livre pas de lectures : à chaque événement `progress`, responseText contient
// tout le texte reçu jusque-là. createRelay(pass) renvoie ce qui s’exécute à chaque `progress` ;
// `pass` donne du texte à l’analyseur, qui doit recevoir chaque partie du corps une fois, dans
// l’ordre. Ce relais transmet le texte entier à chaque fois : l’analyseur relit sans cesse le
// début du flux et la réponse répète ses premières phrases. Faites-lui transmettre seulement la
// nouvelle partie.
export function createRelay(pass: (text: string) => void): (textSoFar: string) => void {
  return (textSoFar) => {
    pass(textSoFar);
  };
}

// Comment la vérification utilise votre relais : elle rejoue les textes qu’offrirait
// XMLHttpRequest, un événement `progress` après l’autre (caractères entiers, comme les décodent
// les navigateurs).
export function relayAll(growths: string[], pass: (text: string) => void): void {
  const relay = createRelay(pass);
  for (const textSoFar of growths) relay(textSoFar);
}
