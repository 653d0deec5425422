// Exercise 3: the page's consumeSseStream throws on an error event. The check runs the page's own
// submit handler (lessons-code's createPageChat) against the in-page host, here on the checker's
// side; only the learner's consumeSseStream runs in the learner's worker, given the response body
// as a stream and onText as a callback whose calls are replayed to the page in order. The last case
// serves the page an answer that a search for "error", or a test for JSON alone, takes for an error.

import {
  DONE_EVENT,
  IMPROVISATION_QUESTION,
  STREAM_FAILURE_MESSAGE,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  createPageChat,
  splitAfter743,
  splitPinned,
  streamOf,
  writeGaChatbotEvent,
  type CheckTools,
  type FetchLike,
  type Outcome,
  type PageBubble,
  type PageConsume,
  type PageConsumeResult,
  type PageRouting,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
  type LearnerError,
  type Shown,
} from 'lessons-code';

/** What the page shows when the failure stream ends the read with an exception. */
export const FAILURE_BUBBLE = `Request failed: ${STREAM_FAILURE_MESSAGE}`;

/**
 * The data of the failure stream's one event, as the host writes it
 * (Apps/GaChatbot.Api/Controllers/ChatbotController.cs lines 91–95 at a826864).
 */
const ERROR_DATA = JSON.stringify({ error: STREAM_FAILURE_MESSAGE });

/** The failure stream, byte for byte. */
export const FAILURE_STREAM = writeGaChatbotEvent(ERROR_DATA);

/**
 * The voicing stream as the lesson's program prints it: the routing event cut after its first
 * fields, then the answer's events and `[DONE]` byte for byte.
 */
export const VOICING_STREAM_SHOWN =
  'data: {"type":"routing","agentId":"voicing",…\n\n' + streamOf(writeGaChatbotEvent, splitPinned(VOICING_ANSWER));

/**
 * An answer that is no error, though a search takes it for one: its first sentence says "error" in
 * quotes, and its last chunk is JSON (the first voicing of VOICING_ANSWER) with no `error` property.
 */
export const JSON_ANSWER =
  'An "x" in a voicing is a muted string, not an "error". Here is the first voicing as JSON.\n' +
  '{"chord":"Cmaj7","frets":"3-0-x-2-3-x"}';
const JSON_QUESTION = 'Show me the first Cmaj7 voicing as JSON';
const JSON_CHUNKS = splitAfter743(JSON_ANSWER);

/** JSON_ANSWER as GaChatbot.Api's writer sends #743's chunks of it, then `[DONE]`; no routing event. */
const JSON_ANSWER_STREAM = streamOf(writeGaChatbotEvent, JSON_CHUNKS);

/** A host that answers every request with `events`, each in a read of its own, as the replica sends its burst. */
function hostSending(events: readonly string[]): FetchLike {
  const encoder = new TextEncoder();
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const event of events) controller.enqueue(encoder.encode(event));
          controller.close();
        },
      }),
      { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
    );
}

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

/** The page with the learner's consume after the given questions, asked of `host` (by default a fresh in-page host). */
async function pageAfter(learner: Learner, questions: string[], host?: FetchLike) {
  // A fixed clock and trace id: nothing in the check depends on the time or on crypto.randomUUID.
  const chat = createPageChat(
    host ?? createInPageHost({ now: () => 0, newId: () => 'exercise' }),
    learnerConsume(learner),
  );
  const submissions = [];
  for (const question of questions) submissions.push(await chat.submit(question));
  return { chat, submissions };
}

const assistantBubbles = (bubbles: readonly PageBubble[]): string[] =>
  bubbles.filter((b) => b.role === 'assistant').map((b) => b.text);

/** True when the page's assistant bubbles are exactly one of these lists. */
const bubblesAre =
  (...wrong: (readonly string[])[]) =>
  (outcome: Outcome<string[]>): boolean =>
    outcome.kind === 'value' &&
    Array.isArray(outcome.value) &&
    wrong.some((list) => list.length === outcome.value.length && list.every((text, i) => outcome.value[i] === text));

/** The page's bubble for an `Error` with no message (`new Error(parsed.error)` where there is no such property). */
const NO_MESSAGE_BUBBLES = ['Request failed: ', 'Request failed: undefined'];

const code = (text: string, tools: CheckTools) => tools.showValue(text);

const failureInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.question'), text: code(IMPROVISATION_QUESTION, tools) },
    { label: tools.text('input.failureStream'), text: code(FAILURE_STREAM, tools) },
  ],
});

const bothInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.questions'), text: tools.showValue([IMPROVISATION_QUESTION, VOICING_QUESTION]) },
    { label: tools.text('input.failureStream'), text: code(FAILURE_STREAM, tools) },
    { label: tools.text('input.voicingStream'), text: code(VOICING_STREAM_SHOWN, tools) },
  ],
});

const definition: ExerciseDefinition = {
  exports: { consumeSseStream: 'function' },
  cases: [
    {
      id: 'failure-bubble',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles((await pageAfter(learner, [IMPROVISATION_QUESTION])).submissions[0]?.bubbles ?? []),
      expected: [FAILURE_BUBBLE],
      input: failureInput,
      diagnoses: [
        // consumeSseStream returned: nothing threw, or what threw was caught inside it.
        { id: 'error-shown-as-answer', recognize: bubblesAre([ERROR_DATA]) },
        // The message returned as the answer: shown as a reply, pushed into the history.
        { id: 'returned-error-as-answer', recognize: bubblesAre([STREAM_FAILURE_MESSAGE]) },
        // The event skipped, or a return with an empty answer: no bubble, `(empty response)` in the history.
        { id: 'error-dropped', recognize: bubblesAre([]) },
        // Appended and reported with onText, then thrown: the raw JSON's bubble stays above the failure's.
        { id: 'shown-before-thrown', recognize: bubblesAre([ERROR_DATA, FAILURE_BUBBLE]) },
        // The Error given the event's data, or the parsed object, for its message.
        {
          id: 'message-not-error-property',
          recognize: bubblesAre([`Request failed: ${ERROR_DATA}`], ['Request failed: [object Object]']),
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'failure-history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION])).chat.history,
      expected: [],
      input: failureInput,
    },
    {
      id: 'voicing-answer',
      uses: ['consumeSseStream'],
      run: async (learner) =>
        assistantBubbles(
          (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).submissions[1]?.bubbles ?? [],
        ),
      expected: [VOICING_ANSWER],
      input: bothInput,
      diagnoses: [
        // Thrown on the routing event, JSON without an `error` property: new Error(undefined).
        { id: 'threw-on-routing', recognize: bubblesAre(...NO_MESSAGE_BUBBLES.map((bubble) => [bubble])) },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'history',
      uses: ['consumeSseStream'],
      run: async (learner) => (await pageAfter(learner, [IMPROVISATION_QUESTION, VOICING_QUESTION])).chat.history,
      expected: [
        { role: 'user', content: VOICING_QUESTION },
        { role: 'assistant', content: VOICING_ANSWER },
      ],
      input: bothInput,
    },
    {
      id: 'json-in-answer',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const host = hostSending([...JSON_CHUNKS.map(writeGaChatbotEvent), DONE_EVENT]);
        return assistantBubbles((await pageAfter(learner, [JSON_QUESTION], host)).submissions[0]?.bubbles ?? []);
      },
      expected: [JSON_ANSWER],
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.question'), text: code(JSON_QUESTION, tools) },
          { label: tools.text('input.stream'), text: code(JSON_ANSWER_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // Thrown at the first event, the sentence that mentions "error": a search in the text found it.
        {
          id: 'threw-on-mention',
          recognize: (outcome) =>
            outcome.kind === 'value' &&
            Array.isArray(outcome.value) &&
            outcome.value.length === 1 &&
            String(outcome.value[0]).startsWith('Request failed: '),
        },
        // Thrown at the last event, JSON with no `error` property, after the first two were shown.
        {
          id: 'threw-on-json-answer',
          recognize: bubblesAre(...NO_MESSAGE_BUBBLES.map((bubble) => [JSON_CHUNKS.slice(0, -1).join(''), bubble])),
        },
      ],
    } satisfies ExerciseCase<string[]>,
  ],
};

export default definition;
