// Mistake: the prediction forgets that GaChatbot.Api's writer deletes every CR before it
// splits the chunk on LF, and keeps the CR in the text the reader gets.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: gachatbot
// Diagnosis: gachatbot-keeps-cr

export const fromGaChatbotApi: string[] = ['a\r\nb'];

export const fromGaApi: string[] = ['a'];

export const dependsOnSystem: string = 'neither';
