// Exercise 3: the page's consumeSseStream throws on an error event. The check runs the page's own
// submit handler (lessons-code's createPageChat) against the in-page host, here on the checker's
// side; only the learner's consumeSseStream runs in the learner's worker, given the response body
// as a stream and onText as a callback whose calls are replayed to the page in order.

import {
  IMPROVISATION_QUESTION,
  STREAM_FAILURE_MESSAGE,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  createPageChat,
  type PageBubble,
  type PageConsume,
  type PageConsumeResult,
  type PageRouting,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
  type LearnerError,
} from 'lessons-code';

/** What the page shows when the failure stream ends the read with an exception. */
export const FAILURE_BUBBLE = `Request failed: ${STREAM_FAILURE_MESSAGE}`;

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/**
 * The learner's consumeSseStream as the page calls it: the same reads, the same onText calls, the same result or
 * exception.
 */
function learnerConsume(learner: Learner): PageConsume {
  return async (body, onText) => {
    const chunks = await readAll(body);
    const onTextCalls = learner.recorder();
    try {
      return (await learner.call('consumeSseStream', learner.stream(chunks), onTextCalls)) as PageConsumeResult;
    } catch (error) {
      const thrown = error as Partial<LearnerError>;
      throw thrown.wasError === false ? thrown.thrown : error;
    } finally {
      for (const args of onTextCalls.calls) onText?.(args[0] as string, (args[1] ?? null) as PageRouting | null);
    }
  };
}

/** The page with a fresh in-page host and the learner's consume, after the given questions. */
async function pageAfter(learner: Learner, questions: string[]) {
  // A fixed clock and trace id: nothing in the check depends on the time or on crypto.randomUUID.
  const host = createInPageHost({ now: () => 0, newId: () => 'exercise' });
  const chat = createPageChat(host, learnerConsume(learner));
  const submissions = [];
  for (const question of questions) submissions.push(await chat.submit(question));
  return { chat, submissions };
}

const assistantBubbles = (bubbles: readonly PageBubble[]): string[] =>
  bubbles.filter((b) => b.role === 'assistant').map((b) => b.text);

const definition: ExerciseDefinition = {
  exports: { consumeSseStream: 'function' },
  cases: [
    {
      id: 'failure-bubble',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles((await pageAfter(learner, [IMPROVISATION_QUESTION])).submissions[0]?.bubbles ?? []),
      expected: [FAILURE_BUBBLE],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'failure-history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION])).chat.history,
      expected: [],
    },
    {
      id: 'voicing-answer',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles(
          (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).submissions[1]?.bubbles ?? [],
        ),
      expected: [VOICING_ANSWER],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).chat.history,
      expected: [
        { role: 'user', content: VOICING_QUESTION },
        { role: 'assistant', content: VOICING_ANSWER },
      ],
    },
  ],
};

export default definition;
