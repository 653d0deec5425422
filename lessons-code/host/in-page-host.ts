// The replica as a fetch-shaped function, for the browser: no network, no port, same handler.

import { createChatbotHost, type HostOptions, type ModelClient } from './chatbot-host.ts';
import { expectOptions } from '../core/arguments.ts';

/** Anything shaped like fetch: the program takes one of these and never cares which host is behind it. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A made-up origin for requests to the in-page host; `.invalid` can never resolve to a real host. */
export const IN_PAGE_ORIGIN = 'http://ga-replica.invalid';

/** A model client that fails the way a call to a closed port does: fetch rejects with ECONNREFUSED. */
export const closedPortModelClient: ModelClient = {
  complete: () =>
    Promise.reject(
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
      }),
    ),
};

/**
 * The replica as a fetch-shaped function: no network and no port, so it runs in the page. Its model
 * server is on a closed port, as in the lesson: a question that needs the model fails.
 *
 * @example
 * ```ts
 * const host = createInPageHost();
 * const response = await host(STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: VOICING_QUESTION }) });
 * readStandard(await response.text()).at(-1); // '[DONE]'
 * ```
 */
export function createInPageHost(options: Partial<HostOptions> = {}): FetchLike {
  expectOptions(options, 'createInPageHost'); // before the spread: a string would be spread character by character
  const handle = createChatbotHost({ modelClient: closedPortModelClient, ...options });
  return (input, init) => handle(new Request(new URL(input, IN_PAGE_ORIGIN), init));
}
