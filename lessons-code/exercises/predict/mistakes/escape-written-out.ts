// Mistake: the prediction writes the LF between `a` and `b` as a backslash and an `n`
// (`\\n` in the literal), taking "strings with escapes" to mean the escape is part of the
// data. The escape stands for the one character it names: `'\n'` is an LF.
// Lesson: /ga-ai/06-answer-on-the-wire/#1-predict-the-two-writers
// Fails: gachatbot
// Diagnosis: escape-written-out

export const fromGaChatbotApi: string[] = ['a\\nb'];

export const fromGaApi: string[] = ['a'];

export const dependsOnSystem: string = 'neither';
