// Mistake: the prediction for GaApi drops `b` rightly, but leaves the LF that the line
// `data: a` added to the event's data: when the blank line dispatches the event, the reader
// takes that last LF off, so the data is `a` alone.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gaapi
// Diagnosis: keeps-final-lf

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a\n'];

export const dependsOnSystem: string = 'neither';
