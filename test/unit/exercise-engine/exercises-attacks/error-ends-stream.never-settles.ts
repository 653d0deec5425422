// A consumeSseStream whose promise never settles, and a timer that keeps the worker busy. The
// page's time limit stops the learner's worker: the verdict says the code was stopped.

setInterval(() => undefined, 1);

export const consumeSseStream = () => new Promise(() => undefined);
