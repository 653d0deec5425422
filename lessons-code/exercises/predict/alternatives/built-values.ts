// Another right prediction, written differently from the reference: the values are built, not
// written as literals. The tests check it in the page and in the engine.

const lineFeed = String.fromCharCode(10);

export const fromGaChatbotApi = ['a' + lineFeed + 'b'];
export const fromGaApi = Array.of('a');
export const dependsOnSystem = ['GaChatbot.Api', 'GaApi', 'both', 'neither'][3]!;
