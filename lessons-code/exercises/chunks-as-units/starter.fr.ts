// Une réponse dans le style de GA. Réécrivez-la pour que #743 la découpe là où aucune phrase ne finit :
// après "e.g. ", ou après un numéro de liste comme "3. " en début de ligne.
export const answer = 'Play the root first. Then add the third.\n';

// Un client qui reçoit les fragments. Celui-ci les ajoute bout à bout, comme la page de GaChatbot.
// Faites-lui traiter chaque fragment comme une unité : qu’il rogne chaque fragment (comme chatService),
// ou qu’il glisse un espace ou un saut de ligne entre deux fragments.
export function render(chunks: string[]): string {
  return chunks.join('');
}
