// Exercise 3: the page's consumeSseStream throws on an error event. The check runs the page's own
// submit handler (lessons-code's createPageChat) against the in-page host, here on the checker's
// side; only the learner's consumeSseStream runs in the learner's worker, given the response body
// as a stream and onText as a callback whose calls are replayed to the page in order. json-in-answer
// serves the page an answer that a search for "error", or a test for JSON alone, takes for an error;
// keep-alive-then-failure puts a comment line before the error event. The last case calls
// consumeSseStream alone, with no onText, on a stream cut anywhere: everything but the error check
// must read as the page's own reader reads it (lessons-code/ga/page-reader.ts).

import {
  DONE_EVENT,
  IMPROVISATION_QUESTION,
  STREAM_FAILURE_MESSAGE,
  VOICING_ANSWER,
  VOICING_QUESTION,
  createInPageHost,
  createPageChat,
  readPagePieces,
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

/** A comment line, as a host may send to keep a connection open: no `data: ` line, so no event (rule 4). */
const KEEP_ALIVE = ': keep-alive\n\n';

/**
 * The message of an `error` property in data that starts with a space: the page looks at data as
 * JSON only when it starts with `{` (its routing check, lessons-code/ga/page-reader.ts), and the
 * exercise asks the same of the error check, so this event is answer text.
 */
const SPACED_ERROR_MESSAGE = 'after a space';

/**
 * A stream the page may meet besides the host's: a status event (JSON whose `type` is not routing),
 * data that starts with a space (`data: ` and one more space), the routing event, an event with
 * another field than `data`, an empty line too many, and a second routing event; no `[DONE]`.
 */
const PAGE_EVENTS = [
  'data: {"type":"status","text":"thinking"}\n\n',
  'data:  {"type":"routing","agentId":"spaced"}\n\n',
  'data: {"type":"routing","agentId":"theory","routingMethod":"keyword"}\n\n',
  'event: delta\ndata: Olé\n\n',
  '\n\n',
  `data:  ${JSON.stringify({ error: SPACED_ERROR_MESSAGE })}\n\n`,
  'data: {"type":"routing","agentId":"other"}\n\n',
];
const PAGE_TEXT = PAGE_EVENTS.join('');
const PAGE_BYTES = new TextEncoder().encode(PAGE_TEXT);
/** The first cut: after the first two events. */
const FIRST_CUT = new TextEncoder().encode(PAGE_EVENTS[0]! + PAGE_EVENTS[1]!).length;
/** The second cut: between the two bytes of `é` (0xC3 0xA9). */
const SECOND_CUT = PAGE_BYTES.indexOf(0xc3) + 1;
/** PAGE_EVENTS in three reads, cut after the first two events and inside `é`. */
export const PAGE_READS = [
  PAGE_BYTES.slice(0, FIRST_CUT),
  PAGE_BYTES.slice(FIRST_CUT, SECOND_CUT),
  PAGE_BYTES.slice(SECOND_CUT),
];

/**
 * What the page's own reader returns for those reads: lessons-code's port of it (consumePageStream
 * reads a body with the same state machine and the same decoder as readPagePieces reads pieces).
 */
const PAGE_READ = readPagePieces(PAGE_READS);
const PAGE_RESULT: PageConsumeResult = { answer: PAGE_READ.answer, routing: PAGE_READ.routing };

/** What a consume returned, as the page reads it: its `answer` and `routing` (or the value, if no object). */
const answerAndRouting = (result: unknown): unknown =>
  result !== null && typeof result === 'object'
    ? { answer: (result as PageConsumeResult).answer, routing: (result as PageConsumeResult).routing }
    : result;

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

/** The three reads of PAGE_EVENTS as text: the second ends before `é`, the third starts after it. */
const PAGE_READS_SHOWN = [
  PAGE_EVENTS[0]! + PAGE_EVENTS[1]!,
  PAGE_TEXT.slice((PAGE_EVENTS[0]! + PAGE_EVENTS[1]!).length, PAGE_TEXT.indexOf('é')),
  PAGE_TEXT.slice(PAGE_TEXT.indexOf('é') + 1),
];

const pageStreamInput = (tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('input.call'), text: 'consumeSseStream(body)' },
    ...PAGE_READS_SHOWN.map((read, i) => ({ label: tools.text(`input.read${i + 1}`), text: code(read, tools) })),
  ],
});

/** A `{ answer, routing }` whose answer or routing these recognize. */
const resultWith =
  (test: (answer: unknown, routing: unknown) => boolean) =>
  (outcome: Outcome<unknown>): boolean =>
    outcome.kind === 'value' &&
    outcome.value !== null &&
    typeof outcome.value === 'object' &&
    test((outcome.value as PageConsumeResult).answer, (outcome.value as PageConsumeResult).routing);

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
      id: 'keep-alive-then-failure',
      uses: ['consumeSseStream'],
      run: async (learner) => {
        const host = hostSending([KEEP_ALIVE, FAILURE_STREAM]);
        return assistantBubbles(
          (await pageAfter(learner, [IMPROVISATION_QUESTION], host)).submissions[0]?.bubbles ?? [],
        );
      },
      expected: [FAILURE_BUBBLE],
      input: (tools) => ({
        kind: 'fields',
        fields: [
          { label: tools.text('input.question'), text: code(IMPROVISATION_QUESTION, tools) },
          { label: tools.text('input.stream'), text: code(KEEP_ALIVE + FAILURE_STREAM, tools) },
        ],
      }),
      diagnoses: [
        // The comment taken for an event with empty data: onText('') drew an empty bubble above the failure.
        { id: 'empty-bubble-first', recognize: bubblesAre(['', FAILURE_BUBBLE]) },
      ],
    } satisfies ExerciseCase<string[]>,
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
    {
      id: 'page-stream',
      uses: ['consumeSseStream'],
      run: async (learner) => answerAndRouting(await learner.call('consumeSseStream', learner.stream(PAGE_READS))),
      expected: PAGE_RESULT,
      input: pageStreamInput,
      diagnoses: [
        // The error check parsed data that starts with a space: `data:  {"error":…}`.
        {
          id: 'threw-on-spaced-json',
          recognize: (outcome) => outcome.kind === 'threw' && outcome.message === SPACED_ERROR_MESSAGE,
        },
        // A decoder without `{ stream: true }`, or a new one for each read: the cut `é` became U+FFFD.
        {
          id: 'decoded-each-read',
          recognize: resultWith((answer) => typeof answer === 'string' && answer.includes('\uFFFD')),
        },
        // The status event, the spaced one or the second routing event taken for the routing.
        {
          id: 'other-routing',
          recognize: resultWith(
            (_, routing) =>
              routing !== null &&
              typeof routing === 'object' &&
              (routing as PageRouting).agentId !== PAGE_RESULT.routing?.agentId,
          ),
        },
      ],
    } satisfies ExerciseCase<unknown>,
  ],
};

export default definition;
