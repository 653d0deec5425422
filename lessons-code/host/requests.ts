// What the replica answers before it reads a request, and how it reads one: the checks ASP.NET
// Core makes for GaChatbot.Api's `[FromBody]` endpoints (404, 405, 415, 400), and the shapes of its
// answers (JSON, and RFC 9457 problem details, https://www.rfc-editor.org/rfc/rfc9457).

import { pumpBody } from '../core/transport.ts';
import { expectString } from '../core/arguments.ts';

/** GaChatbot.Api's endpoint that answers in one JSON object. */
export const CHAT_PATH = '/api/chatbot/chat';
/** GaChatbot.Api's endpoint that streams the answer as server-sent events. */
export const STREAM_PATH = '/api/chatbot/chat/stream';
/** The largest request body the replica reads: past it, a 400, never a crash. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The media types ASP.NET Core's JSON input formatter reads; any other body is refused with a 415. */
const JSON_TYPE = /^(application\/json|text\/json|application\/[^\s;/]+\+json)\s*(;|$)/i;

/**
 * What the host answers before reading a body, or null when the request may go on: 404 for a path
 * it does not serve, 405 (with `Allow: POST`) for any method but POST, 415 for a body that is not
 * JSON. The HTTP server asks it too for the methods a fetch Request cannot carry (CONNECT, TRACE).
 */
export function refuseRequest(path: string, method: string, contentType: string | null): Response | null {
  expectString(path, 'refuseRequest', 'path');
  expectString(method, 'refuseRequest', 'method');
  if (contentType !== null) expectString(contentType, 'refuseRequest', 'contentType');
  const route = path.replace(/\/+$/, '');
  if (route !== CHAT_PATH && route !== STREAM_PATH)
    return problem(404, 'Not Found', 'https://tools.ietf.org/html/rfc9110#section-15.5.5');
  if (method.toUpperCase() !== 'POST') {
    const response = problem(405, 'Method Not Allowed', 'https://tools.ietf.org/html/rfc9110#section-15.5.6');
    response.headers.set('Allow', 'POST');
    return response;
  }
  if (contentType === null || !JSON_TYPE.test(contentType.trim())) {
    return problem(415, 'Unsupported Media Type', 'https://tools.ietf.org/html/rfc9110#section-15.5.16');
  }
  return null;
}

/** Reads `{"message": "..."}`, refusing a body that is too large, not JSON, or of the wrong shape. */
export async function readChatRequest(request: Request): Promise<{ message: string } | { failure: Response }> {
  const badRequest = (detail: string) => ({
    failure: problem(
      400,
      'One or more validation errors occurred.',
      'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      detail,
    ),
  });
  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === null) return badRequest(`The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badRequest('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return badRequest('The request body must be a JSON object.');
  const message = (body as { message?: unknown }).message;
  if (message === undefined || message === null) return { message: '' };
  if (typeof message !== 'string') return badRequest('The field message must be a string.');
  return { message };
}

/** The body as text, or null once it passes `limit` bytes (reading stops there, and the body is cancelled). */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (request.body === null) return '';
  let size = 0;
  let text = '';
  await pumpBody(
    request.body,
    (piece, bytes) => {
      size += bytes;
      if (size > limit) return true;
      text += piece;
    },
    {},
    'readChatRequest',
  );
  return size > limit ? null : text;
}

export function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

export function problem(status: number, title: string, type: string, detail?: string): Response {
  const body: Record<string, unknown> = { type, title, status };
  if (detail !== undefined) body.detail = detail;
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
  });
}
