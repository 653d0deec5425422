// What the model replica accepts: a JSON body in the Chat Completions request shape, checked the way
// OpenAI's API answers a bad one (an `error` object with a message, a type and the faulty parameter).

import type { ChatRequest } from './chat-format.ts';

/** The largest request body the replica reads. */
export const MAX_REQUEST_BYTES = 256 * 1024;

export function errorResponse(
  status: number,
  message: string,
  type = 'invalid_request_error',
  param: string | null = null,
): Response {
  // OpenAI's error body: https://platform.openai.com/docs/guides/error-codes
  return new Response(JSON.stringify({ error: { message, type, param, code: null } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** The request body, or a 400 that says what is wrong with it. */
export async function readRequest(request: Request): Promise<ChatRequest | Response> {
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_REQUEST_BYTES) {
    return errorResponse(413, `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorResponse(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return errorResponse(400, 'The request body must be a JSON object.');
  const { model, messages, tools } = body as Record<string, unknown>;
  if (typeof model !== 'string' || model === '')
    return errorResponse(400, 'You must provide a model parameter.', 'invalid_request_error', 'model');
  if (!Array.isArray(messages) || messages.length === 0) {
    return errorResponse(400, 'messages must be a non-empty array.', 'invalid_request_error', 'messages');
  }
  for (const [i, message] of messages.entries()) {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof role !== 'string' || !ROLES.has(role)) {
      return errorResponse(
        400,
        `messages[${i}].role must be one of ${[...ROLES].join(', ')}.`,
        'invalid_request_error',
        `messages[${i}].role`,
      );
    }
  }
  if (tools !== undefined && !Array.isArray(tools))
    return errorResponse(400, 'tools must be an array.', 'invalid_request_error', 'tools');
  return body as ChatRequest;
}
