import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import { envelope, type FailureEnvelope, failureEnvelope } from '../envelope.ts';
import { ERRORS, type ErrorCode } from '../errors.ts';
import type { RequestOf, ResponseOf, RouteAuth, RouteContract } from '../schemas/routes.ts';
import { ApiError } from './api-error.ts';

export interface CallOptions {
  /** Sent as `Idempotency-Key`; the same key is reused for automatic retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The request of a contract, `undefined` for a call that takes none. */
export type CallInput<C> = [RequestOf<C>] extends [never] ? undefined : RequestOf<C>;

/** Sends one request; `fetch` unless an app hands over a request it started earlier (liff-app/src/lib/early-requests.ts). */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

/** How one call authenticates: the bearer token to send (none when null), and what a 401 does. */
export interface Credentials {
  token: string | null;
  onUnauthorized?: () => void;
}

const RETRYABLE = new Set(['NETWORK']);
const envelopes = new WeakMap<RouteContract, ReturnType<typeof envelope>>();

/**
 * One call to a route contract: method from the contract, bearer token, time-out
 * (REQUEST_TIMEOUT_MS unless told), envelope checked with the contract's zod schema. A call
 * with an idempotency key is retried after a network failure, with the same key.
 * `url` and `credentials` are asked again on every attempt; `credentials` may throw to refuse
 * the call without reaching the server.
 */
export async function callContract<C extends RouteContract>(
  contract: C,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send: Send = (target, init) => fetch(target, init),
): Promise<ResponseOf<C>> {
  const attempts = options.idempotencyKey ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return (await callOnce(contract, url, input, options, credentials, send)) as ResponseOf<C>;
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.has(error.code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

/** The query string of a GET call; `undefined` and `null` values are left out rather than sent as text. */
export function queryString(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  const entries = Object.entries(input).filter(([, v]) => v !== undefined && v !== null);
  return entries.length > 0 ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
}

/**
 * Sends one request of a contract (bearer token, idempotency key, JSON body or query string,
 * time-out, the caller's abort) and reads its answer with `read`; a failure to reach the server
 * or to read the answer is `NETWORK` or `TIMEOUT`.
 */
async function exchange<T>(
  contract: Pick<RouteContract, 'method' | 'idempotent'>,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send: Send,
  read: (response: Response) => Promise<T>,
): Promise<{ response: Response; value: T; target: string; onUnauthorized?: () => void }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token, onUnauthorized } = credentials();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey && contract.idempotent) headers['idempotency-key'] = options.idempotencyKey;

  let target = await url();
  let body: string | undefined;
  if (contract.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  } else {
    target += queryString(input);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    const response = await send(target, { method: contract.method, headers, body, signal: controller.signal });
    return { response, value: await read(response), target, onUnauthorized };
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT', 'The request timed out', 0);
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 'Network error', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The error of a failed answer: its envelope's code and message; a 401 also runs `onUnauthorized`. */
function failed(response: Response, failure: FailureEnvelope | null, onUnauthorized?: () => void): ApiError {
  const code = failure?.error ?? (response.status === 401 ? 'INVALID_TOKEN' : 'INTERNAL');
  if (response.status === 401) onUnauthorized?.();
  return new ApiError(code, failure?.message ?? `HTTP ${response.status}`, response.status, failure?.issues);
}

async function callOnce(
  contract: RouteContract,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send: Send,
): Promise<unknown> {
  const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);
  const { response, value, target, onUnauthorized } = await exchange(
    contract,
    url,
    input,
    options,
    credentials,
    send,
    readJson,
  );
  let schema = envelopes.get(contract);
  if (!schema) {
    schema = envelope(contract.response);
    envelopes.set(contract, schema);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Response of ${target} did not match its contract`, parsed.error.issues);
    throw new ApiError('BAD_RESPONSE', 'Unexpected response', response.status);
  }
  const result = parsed.data;
  if (result.success) return (result as { data: unknown }).data;
  throw failed(response, result, onUnauthorized);
}

/**
 * The raw body of a call that answers with a file (a CSV, an .ics) rather than an envelope: the
 * same token, time-out and abort as `callContract`; a failed answer throws `ApiError` with the
 * code and message of its error envelope, and a 401 runs the credentials' `onUnauthorized`.
 */
export async function callForFile(
  contract: Pick<RouteContract, 'method' | 'idempotent'>,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send: Send = (target, init) => fetch(target, init),
): Promise<Blob> {
  const read = async (response: Response): Promise<{ blob: Blob } | { error: unknown }> =>
    response.ok ? { blob: await response.blob() } : { error: await response.json().catch(() => null) };
  const { response, value, onUnauthorized } = await exchange(contract, url, input, options, credentials, send, read);
  if ('blob' in value) return value.blob;
  const parsed = failureEnvelope.safeParse(value.error);
  throw failed(response, parsed.success ? parsed.data : null, onUnauthorized);
}

/**
 * An app's `apiCall` over its route table: contracts whose auth is `auth` carry the app's
 * token; without one the call is refused with `noToken` (and the login cleared) before it
 * reaches the server, and a 401 to such a call clears the login too. Other calls go without a token.
 */
export function createApiClient<Routes extends Record<string, RouteContract>>(config: {
  routes: Routes;
  base: () => string | Promise<string>;
  auth: RouteAuth;
  token: () => string | null;
  clearLogin: () => void;
  noToken: ErrorCode;
  /** How requests go out; `fetch` by default. */
  send?: Send;
}) {
  const credentials = (auth: RouteAuth): Credentials => {
    if (auth !== config.auth) return { token: null };
    const token = config.token();
    if (!token) {
      config.clearLogin();
      throw new ApiError(config.noToken, ERRORS[config.noToken].message, ERRORS[config.noToken].status);
    }
    return { token, onUnauthorized: config.clearLogin };
  };
  const at = (path: string) => async () => `${await config.base()}${path}`;
  function apiCall<P extends keyof Routes & string>(
    path: P,
    input?: CallInput<Routes[P]>,
    options: CallOptions = {},
  ): Promise<ResponseOf<Routes[P]>> {
    const contract = config.routes[path]!;
    return callContract(
      contract,
      at(`/${path}`),
      input,
      options,
      () => credentials(contract.auth),
      config.send,
    ) as Promise<ResponseOf<Routes[P]>>;
  }
  return Object.assign(apiCall, {
    /** The file a contract call answers with (`produces`: a CSV export), for `downloadFile`. */
    file<P extends keyof Routes & string>(path: P, input?: CallInput<Routes[P]>, options: CallOptions = {}) {
      const contract = config.routes[path]!;
      return callForFile(contract, at(`/${path}`), input, options, () => credentials(contract.auth), config.send);
    },
    /** A file GET below the API base outside the route table (a team-only session's .ics), with the app's token. */
    fileAt(pathBelowBase: string, options: CallOptions = {}) {
      const get = { method: 'GET' } as const;
      return callForFile(get, at(pathBelowBase), undefined, options, () => credentials(config.auth), config.send);
    },
  });
}
