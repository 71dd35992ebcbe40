import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import type { FailureEnvelope } from '../envelope.ts';
import type { ErrorCode } from '../errors.ts';
import type { RequestOf, ResponseOf, RouteAuth, RouteContract } from '../schemas/routes.ts';
import { ApiError } from './api-error.ts';

/**
 * The API client's transport, without zod: what a call sends, how long it waits, how it retries
 * and what its answer means once checked. Checking an answer against its contract is handed in
 * (`Contracts`), so an app can load the contracts and zod after its first screen
 * (liff-app/src/lib/api-client.ts; docs/PLAYER-EXPERIENCE.md, "Speed"). `api-client.ts` is the
 * same client with the contracts at hand.
 */

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

/** What an answer's body is by its contract: the data, a failure envelope, or neither. */
export type Answer =
  | { kind: 'data'; data: unknown }
  | { kind: 'failure'; failure: FailureEnvelope }
  | { kind: 'bad'; issues: unknown };

/** Reads answer bodies by their contracts (`api-contracts.ts`: the envelope and the contract's zod schema). */
export interface AnswerReader {
  /** The body of a call's answer, read by its contract. */
  check: (contract: RouteContract, body: unknown) => Answer;
  /** The failure envelope of a failed file download, or null when the body is none. */
  failure: (body: unknown) => FailureEnvelope | null;
}

/** An app's route table and the reader of its answers. */
export interface Contracts<Routes> extends AnswerReader {
  routes: Routes;
}

const RETRYABLE = new Set(['NETWORK']);

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
  return new ApiError(
    code,
    failure?.message ?? `HTTP ${response.status}`,
    response.status,
    failure?.issues,
    failure?.data,
  );
}

const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** The data of an answer read by its contract, else the error it stands for. */
function outcome(answer: Answer, response: Response, target: string, onUnauthorized?: () => void): unknown {
  if (answer.kind === 'data') return answer.data;
  if (answer.kind === 'failure') throw failed(response, answer.failure, onUnauthorized);
  console.error(`Response of ${target} did not match its contract`, answer.issues);
  throw new ApiError('BAD_RESPONSE', 'Unexpected response', response.status);
}

/** Retries a call with an idempotency key after a network failure (twice, 400 ms apart and more). */
async function withRetries<T>(options: CallOptions, attempt: () => Promise<T>): Promise<T> {
  const attempts = options.idempotencyKey ? 3 : 1;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.has(error.code) || n >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * n));
    }
  }
}

/**
 * One call to a route contract: method from the contract, bearer token, time-out
 * (REQUEST_TIMEOUT_MS unless told), answer read by `reader`. A call with an idempotency key is
 * retried after a network failure, with the same key. `url` and `credentials` are asked again
 * on every attempt; `credentials` may throw to refuse the call without reaching the server.
 */
export function callContractWith<C extends RouteContract>(
  reader: AnswerReader,
  contract: C,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send: Send = (target, init) => fetch(target, init),
): Promise<ResponseOf<C>> {
  return withRetries(options, async () => {
    const { response, value, target, onUnauthorized } = await exchange(
      contract,
      url,
      input,
      options,
      credentials,
      send,
      readJson,
    );
    return outcome(reader.check(contract, value), response, target, onUnauthorized) as ResponseOf<C>;
  });
}

/**
 * The raw body of a call that answers with a file (a CSV, an .ics) rather than an envelope: the
 * same token, time-out and abort as a contract call; a failed answer throws `ApiError` with the
 * code and message of its error envelope, and a 401 runs the credentials' `onUnauthorized`.
 */
export async function callForFileWith(
  reader: Pick<AnswerReader, 'failure'>,
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
  throw failed(response, reader.failure(value.error), onUnauthorized);
}

/**
 * An envelope read by its shape alone, for an answer that comes before the contracts
 * (`beforeContracts`): `success: true` with `data`, or `success: false` with a message.
 */
function envelopeShape(body: unknown): Answer {
  if (body && typeof body === 'object' && 'success' in body) {
    if (body.success === true && 'data' in body) return { kind: 'data', data: body.data };
    if (body.success === false && 'message' in body && typeof body.message === 'string')
      return { kind: 'failure', failure: body as FailureEnvelope };
  }
  return { kind: 'bad', issues: 'not an envelope' };
}

/** How a call goes out, named by its caller when the contracts have not come yet. */
export type CallShape = Pick<RouteContract, 'method' | 'auth'>;

export interface EarlyCallOptions extends CallOptions {
  /** Runs when the answer, checked once the contracts came, does not match them (the shape or the body). */
  onLateMismatch?: () => void;
}

/**
 * An app's `apiCall` over its route table: contracts whose auth is `auth` carry the app's
 * token; without one the call is refused with `noToken` (and the login cleared) before it
 * reaches the server, and a 401 to such a call clears the login too. Other calls go without a
 * token. `contracts` gives the route table and the reader of answers, at once or when loaded:
 * every call waits for them, except `beforeContracts`.
 */
export function createApiTransport<Routes extends Record<string, RouteContract>>(config: {
  contracts: () => Contracts<Routes> | Promise<Contracts<Routes>>;
  base: () => string | Promise<string>;
  auth: RouteAuth;
  token: () => string | null;
  clearLogin: () => void;
  /** The refusal of a call that needs the missing token: its code with `ERRORS`' status and message (errors.ts). */
  noToken: { code: ErrorCode; status: number; message: string };
  /** How requests go out; `fetch` by default. */
  send?: Send;
  /**
   * When an answer read before the contracts (`beforeContracts`) may load them to be checked: at
   * once by default. Sooner if another call loads them first. The member app waits until the
   * browser has been idle a while after its first screen, so building the schemas is not in the
   * way of the player's first taps.
   */
  checkLater?: () => Promise<void>;
}) {
  let loaded: Contracts<Routes> | undefined;
  let loading: Promise<Contracts<Routes>> | undefined;
  let arrived: () => void = () => undefined;
  /** Resolves when the contracts are in, whoever loaded them. */
  const whenArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const contracts = (): Promise<Contracts<Routes>> => {
    if (loaded) return Promise.resolve(loaded);
    loading ??= Promise.resolve(config.contracts()).then(
      (value) => {
        loaded = value;
        arrived();
        return value;
      },
      (error: unknown) => {
        loading = undefined;
        throw new ApiError('NETWORK', `The API contracts did not load: ${String(error)}`, 0);
      },
    );
    return loading;
  };
  const credentials = (auth: RouteAuth): Credentials => {
    if (auth !== config.auth) return { token: null };
    const token = config.token();
    if (!token) {
      config.clearLogin();
      const { code, message, status } = config.noToken;
      throw new ApiError(code, message, status);
    }
    return { token, onUnauthorized: config.clearLogin };
  };
  const at = (path: string) => async () => `${await config.base()}${path}`;
  /** Runs `call` with the contracts (waiting for them), the path's contract, its URL and credentials. */
  async function withContract<T>(
    path: keyof Routes & string,
    call: (reader: AnswerReader, contract: RouteContract, url: () => Promise<string>, creds: () => Credentials) => T,
  ): Promise<Awaited<T>> {
    const reader = loaded ?? (await contracts());
    const contract = reader.routes[path]!;
    return await call(reader, contract, at(`/${path}`), () => credentials(contract.auth));
  }
  function apiCall<P extends keyof Routes & string>(
    path: P,
    input?: CallInput<Routes[P]>,
    options: CallOptions = {},
  ): Promise<ResponseOf<Routes[P]>> {
    return withContract(path, (reader, contract, url, creds) =>
      callContractWith(reader, contract, url, input, options, creds, config.send),
    ) as Promise<ResponseOf<Routes[P]>>;
  }
  return Object.assign(apiCall, {
    /**
     * A call that goes out before the contracts have come (the first screen's session list):
     * sent at once with the `shape` its caller names, its answer read by the envelope's shape
     * and returned, then checked against the contract when it comes; a mismatch (the shape or
     * the body) is logged and `onLateMismatch` runs, so the caller can ask again, now checked.
     * Once the contracts are in, this is `apiCall`.
     */
    async beforeContracts<P extends keyof Routes & string>(
      path: P,
      input: CallInput<Routes[P]>,
      shape: CallShape,
      options: EarlyCallOptions = {},
    ): Promise<ResponseOf<Routes[P]>> {
      if (loaded) return apiCall(path, input, options);
      const coming = (config.checkLater ? Promise.race([config.checkLater(), whenArrived]) : Promise.resolve()).then(
        contracts,
      );
      return withRetries(options, async () => {
        const { response, value, target, onUnauthorized } = await exchange(
          shape,
          at(`/${path}`),
          input,
          options,
          () => credentials(shape.auth),
          config.send ?? ((url, init) => fetch(url, init)),
          readJson,
        );
        const data = outcome(envelopeShape(value), response, target, onUnauthorized);
        void coming.then(
          ({ routes, check }) => {
            const contract = routes[path];
            const sameShape = contract?.method === shape.method && contract.auth === shape.auth;
            const answer = sameShape ? check(contract, value) : { kind: 'bad' as const, issues: 'shape' };
            if (answer.kind !== 'bad') return;
            console.error(`Response of ${target} did not match its contract`, answer.issues);
            options.onLateMismatch?.();
          },
          () => undefined,
        );
        return data as ResponseOf<Routes[P]>;
      });
    },
    /** The file a contract call answers with (`produces`: a CSV export), for `downloadFile`. */
    file<P extends keyof Routes & string>(path: P, input?: CallInput<Routes[P]>, options: CallOptions = {}) {
      return withContract(path, (reader, contract, url, creds) =>
        callForFileWith(reader, contract, url, input, options, creds, config.send),
      );
    },
    /** A file GET below the API base outside the route table (a team-only session's .ics), with the app's token. */
    async fileAt(pathBelowBase: string, options: CallOptions = {}) {
      const reader = loaded ?? (await contracts());
      const get = { method: 'GET' } as const;
      return callForFileWith(
        reader,
        get,
        at(pathBelowBase),
        undefined,
        options,
        () => credentials(config.auth),
        config.send,
      );
    },
  });
}
