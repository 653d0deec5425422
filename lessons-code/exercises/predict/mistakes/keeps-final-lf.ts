// Mistake: the prediction leaves an LF at the end of each event's data: every `data:`
// line adds its value and an LF to the buffer, but the reader takes the last LF off when
// it dispatches the event.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gachatbot, gaapi
// Diagnosis: keeps-final-lf

export const fromGaChatbotApi: string[] = ['a\nb\n'];

export const fromGaApi: string[] = ['a\n'];

export const dependsOnSystem: string = 'neither';
