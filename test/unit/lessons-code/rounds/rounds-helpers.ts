// Shared by the tests of lessons-code/rounds/: requests to the model replica and its recorded streams.

import {
  CHAT_COMPLETIONS_PATH,
  COURSE_TOOLS,
  DONE_DATA,
  REPLICA_MODEL,
  SYSTEM_PROMPT,
  TURN_HEADER,
  createFakeClock,
  readStandard,
  runOnFakeClock,
  startModelReplica,
  type ChatCompletionChunk,
  type ChatRequest,
  type FakeClock,
  type ModelReplica,
} from '../../../../lessons-code/index.ts';

export function chatRequest(question: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: REPLICA_MODEL,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: question },
    ],
    tools: COURSE_TOOLS.map((tool) => tool.definition),
    ...extra,
  };
}

export function streamed(question: string, extra: Partial<ChatRequest> = {}): ChatRequest {
  return chatRequest(question, { stream: true, stream_options: { include_usage: true }, ...extra });
}

export function post(replica: ModelReplica, body: unknown, init: RequestInit = {}, turn = 'test'): Promise<Response> {
  return replica.fetch(CHAT_COMPLETIONS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [TURN_HEADER]: turn },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

/** A replica on a fake clock. */
export function fakeReplica(pacing?: { firstTokenMs?: number; tokenMs?: number }): {
  clock: FakeClock;
  replica: ModelReplica;
} {
  const clock = createFakeClock();
  return { clock, replica: startModelReplica({ clock, pacing }) };
}

/** The whole body of one call, the clock driven until it is complete. */
export async function record(
  replica: ModelReplica,
  clock: FakeClock,
  body: ChatRequest,
  turn = 'test',
): Promise<{ response: Response; text: string }> {
  return runOnFakeClock(
    clock,
    post(replica, body, {}, turn).then(async (response) => ({ response, text: await response.text() })),
  );
}

/** The data of every event of a stream, `[DONE]` included. */
export function eventsOf(stream: string): string[] {
  return readStandard(stream);
}

export function chunksOf(stream: string): ChatCompletionChunk[] {
  return eventsOf(stream)
    .filter((data) => data !== DONE_DATA)
    .map((data) => JSON.parse(data) as ChatCompletionChunk);
}

/** Polls `condition` until it holds, at most `limitMs` (a bound, never an assertion on time). */
export async function until(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
