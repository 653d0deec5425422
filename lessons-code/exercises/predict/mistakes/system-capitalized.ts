// Mistake: the prediction is right, but written `Neither`, with a capital letter, which is
// not one of the four answers: the value is compared as it is written.
// Lesson: /ga-ai/06-answer-on-the-wire/#1-predict-the-two-writers
// Fails: system
// Diagnosis: system-not-a-choice

export const fromGaChatbotApi: string[] = ['a\nb'];

export const fromGaApi: string[] = ['a'];

export const dependsOnSystem: string = 'Neither';
