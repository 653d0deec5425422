// An idle moment of the main thread (https://w3c.github.io/requestidlecallback/), for work done a
// slice at a time after the page has loaded: the stamps' measures (deferred.ts) and the text blocks'
// heights (src/first-load/block-sizes.ts).

/**
 * Resolves in the browser's next idle period with its deadline, or after `timeoutMs` at the latest
 * (then with a deadline that has no time left). Where the browser has no requestIdleCallback (Safari),
 * it resolves on the next turn of the event loop, with no deadline: the caller's own bound applies.
 */
export function idle(timeoutMs: number): Promise<IdleDeadline | undefined> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(resolve, { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}
