// Le fragment "a\r\nb" passe par un émetteur, puis par le lecteur standard.
// Donnez les données de chaque événement que le lecteur déclenche, en chaînes avec échappements :
// "\r" pour un CR, "\n" pour un LF.

// Avec l’émetteur de GaChatbot.Api :
export const fromGaChatbotApi: string[] = [];

// Avec l’émetteur de GaApi :
export const fromGaApi: string[] = [];

// Lequel des deux résultats dépend du système sur lequel tourne GA ?
// L’un de 'GaChatbot.Api', 'GaApi', 'both', 'neither'.
export const dependsOnSystem: string = '';
