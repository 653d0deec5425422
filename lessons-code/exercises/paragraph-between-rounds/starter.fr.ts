// Le texte de chaque itération d’un tour, dans l’ordre ; une itération qui n’a fait qu’appeler des
// outils a ''. Renvoyez le message que voit l’utilisateur : le texte de chaque itération commence un
// paragraphe à lui, séparé du texte précédent par une ligne vide. N’ajoutez que les sauts de ligne qui manquent.
// Cette version les met bout à bout tels qu’ils arrivent.
export function joinRounds(texts: string[]): string {
  return texts.join('');
}
