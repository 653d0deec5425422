// Le texte de chaque itération d’un tour, dans l’ordre ; une itération qui n’a fait qu’appeler des
// outils a ''. Renvoyez le message que voit l’utilisateur : le texte de chaque itération commence un
// paragraphe à lui, séparé du texte précédent par une ligne vide. N’ajoutez que les sauts de ligne qui manquent.
export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    // Une itération sans texte n’ajoute rien, pas même un saut.
    if (text === '') continue;
    if (shown !== '' && !shown.endsWith('\n\n')) shown += shown.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
}
