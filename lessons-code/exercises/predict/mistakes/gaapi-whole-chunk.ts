// Mistake: the prediction believes GaApi's writer keeps the line breaks: the chunk goes
// out whole behind `data: `, so the reader is taken to give it back whole, CR included,
// and, since that CR came from Windows, to give something else on another system.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gaapi, system
// Diagnosis: gaapi-b-is-data

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a\r\nb'];

export const dependsOnSystem: string = 'GaApi';
