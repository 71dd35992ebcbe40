/**
 * Requests sent before the code that would send them has arrived (the first session list, from
 * the entry chunk: docs/PLAYER-EXPERIENCE.md, "Speed"). The API client sends through
 * `sendOrTakeEarly`: a request identical to an early one (method, URL, headers, body) takes its
 * response instead of going out again, once. An early request nobody took within
 * `EARLY_REQUEST_TTL_MS` is dropped, so a later call never reads an old answer.
 */

export const EARLY_REQUEST_TTL_MS = 10_000;

interface Early {
  signature: string;
  response: Promise<Response>;
  controller: AbortController;
  sentAt: number;
}

let early: Early[] = [];

/** Method, URL, headers (names in lower case, in order) and body: what makes two requests the same. */
function signature(url: string, init: RequestInit): string {
  // Plain code-unit order: `localeCompare` would load the collation data on the first screen.
  const headers = [...new Headers(init.headers).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([(init.method ?? 'GET').toUpperCase(), url, headers, init.body ?? null]);
}

/** Sends `init` to `url` now, for a later identical call to take; resolves with its response, or undefined if it failed. */
export function sendEarly(url: string, init: RequestInit): Promise<Response | undefined> {
  const controller = new AbortController();
  const response = fetch(url, { ...init, signal: controller.signal });
  early.push({ signature: signature(url, init), response, controller, sentAt: Date.now() });
  // Nobody may take it: its failure is the taker's to report, never an unhandled rejection.
  return response.catch(() => undefined);
}

/** `fetch`, unless an identical request was sent early: then its response, once. */
export function sendOrTakeEarly(url: string, init: RequestInit): Promise<Response> {
  const now = Date.now();
  early = early.filter((e) => now - e.sentAt < EARLY_REQUEST_TTL_MS);
  const wanted = signature(url, init);
  const taken = early.find((e) => e.signature === wanted);
  if (!taken) return fetch(url, init);
  early = early.filter((e) => e !== taken);
  // The taker's time-out or abort ends the early request as it would its own.
  const { signal } = init;
  if (signal?.aborted) taken.controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => taken.controller.abort(signal.reason), { once: true });
  return taken.response;
}

/** For tests: forgets every early request. */
export function clearEarlyRequests(): void {
  early = [];
}
