// The chunk "a\r\nb" goes through a writer, then through the standard reader.
// List the data of every event the reader dispatches, as strings with escapes:
// "\r" for a CR, "\n" for an LF (the one character each stands for, not a
// backslash and a letter).

// A value left undefined is not predicted yet: nothing is checked until all
// three are given. No event at all is [].

// Through GaChatbot.Api's writer:
// #starter
// export const fromGaChatbotApi: string[] | undefined = undefined;
// #solution
export const fromGaChatbotApi: string[] = ['a\nb'];
// #end

// Through GaApi's writer:
// #starter
// export const fromGaApi: string[] | undefined = undefined;
// #solution
export const fromGaApi: string[] = ['a'];
// #end

// Which of the two results depends on the system GA runs on?
// One of 'GaChatbot.Api', 'GaApi', 'both', 'neither'.
// #starter
// export const dependsOnSystem: string | undefined = undefined;
// #solution
export const dependsOnSystem: string = 'neither';
// #end
