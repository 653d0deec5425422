// Mistake: the prediction says GaApi's result depends on the system, because a writer
// that keeps CRs sends other bytes from a Windows host. It does, but only for another
// chunk: what changes with the system is the answer AppendLine builds, and this chunk,
// with its CRLF, is the same everywhere.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: system
// Diagnosis: system-answer-not-chunk

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a'];

export const dependsOnSystem: string = 'GaApi';
