// Mistake: the prediction ends the line `data: a` at the LF alone, so the CR before it
// stays in the value. The standard reader takes CRLF as one line end: the CR goes with
// the LF, and the value is only what comes before them.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gaapi
// Diagnosis: cr-in-value

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a\r'];

export const dependsOnSystem: string = 'neither';
