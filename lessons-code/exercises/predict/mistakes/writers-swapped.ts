// Mistake: the prediction confuses the two writers: it gives GaChatbot.Api's writer the
// lost line, which is GaApi's single `data: ` in front of the whole chunk, and GaApi's
// writer the two lines that GaChatbot.Api's `data:` line per line brings back.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: gachatbot, gaapi
// Diagnosis: gachatbot-loses-b

export const fromGaChatbotApi: string[] = ['a'];

export const fromGaApi: string[] = ['a\nb'];

export const dependsOnSystem: string = 'neither';
