// The chunk "a\r\nb" goes through a writer, then through the standard reader.
// List the data of every event the reader dispatches, as strings with escapes:
// "\r" for a CR, "\n" for an LF.

// Through GaChatbot.Api's writer:
export const fromGaChatbotApi: string[] = ['a\nb'];

// Through GaApi's writer:
export const fromGaApi: string[] = ['a'];

// Which of the two results depends on the system GA runs on?
// One of 'GaChatbot.Api', 'GaApi', 'both', 'neither'.
export const dependsOnSystem: string = 'neither';
