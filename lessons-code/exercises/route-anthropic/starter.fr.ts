// Un événement du flux Messages d’Anthropic à la fois : `data` est le JSON de sa ligne data:.
// Renvoyez où va son texte, { channel: 'answer' | 'reasoning', text }, ou null pour aucun canal.
// Cet aiguillage envoie le texte de chaque content_block_delta dans la réponse : le raisonnement
// du modèle s’affiche dans la bulle (et l’entrée d’un outil aussi). Aiguillez selon le type du
// delta : text_delta est la réponse, thinking_delta le raisonnement ; tout autre delta, et tout
// autre événement, n’atteint aucun canal.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type === 'content_block_delta') {
    const delta = event.delta;
    return { channel: 'answer', text: delta.text ?? delta.thinking ?? delta.partial_json ?? '' };
  }
  return null;
}
