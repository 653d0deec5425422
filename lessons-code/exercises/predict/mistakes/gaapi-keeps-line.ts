// Mistake: the prediction has GaApi's stream give back both lines, as if the reader took
// the CRLF in the middle of the chunk for a line break inside the data. It ends the line
// `data: a` there instead, and `b`, a line with no colon, is a field that nobody reads.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gaapi
// Diagnosis: gaapi-b-is-data

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a\nb'];

export const dependsOnSystem: string = 'neither';
