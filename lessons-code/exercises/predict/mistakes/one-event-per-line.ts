// Mistake: the prediction counts one event for each `data:` line of GaChatbot.Api's
// stream. Both lines add to the data of the same event, which only the blank line after
// them dispatches.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: gachatbot
// Diagnosis: one-event-per-data-line

export const fromGaChatbotApi: string[] = ['a', 'b'];

export const fromGaApi: string[] = ['a'];

export const dependsOnSystem: string = 'neither';
