import {
  type AdminRoutePath,
  type AdminRoutes,
  adminRoutes,
  envelope,
  REQUEST_TIMEOUT_MS,
  type RequestOf,
  type ResponseOf,
  type RouteContract,
} from '@shuttle/shared';
import { env } from '@/config/env';
import { ApiError } from './api-error';
import { clearLogin, currentToken } from './auth';

export interface CallOptions {
  /** Sent as `Idempotency-Key`; the same key is reused for automatic retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const RETRYABLE = new Set(['NETWORK']);
const envelopes = new WeakMap<RouteContract, ReturnType<typeof envelope>>();

type Input<P extends AdminRoutePath> = [RequestOf<AdminRoutes[P]>] extends [never]
  ? undefined
  : RequestOf<AdminRoutes[P]>;

/**
 * The one way the app talks to the admin API: method and auth from the shared contract,
 * bearer admin token, 300000 ms time-out, envelope checked with the contract's zod schema.
 * 'No admin token found' and any 401 log the admin out.
 */
export function apiCall<P extends AdminRoutePath>(
  path: P,
  input?: Input<P>,
  options: CallOptions = {},
): Promise<ResponseOf<AdminRoutes[P]>> {
  const contract: RouteContract = adminRoutes[path];
  return withRetries(options, () =>
    callContract(contract, `${env.adminApiBase}/${path}`, input, options, () => {
      if (contract.auth !== 'admin') return null;
      const token = currentToken();
      if (!token) {
        clearLogin();
        throw new ApiError('NO_ADMIN_TOKEN', 'No admin token found', 401);
      }
      return token;
    }),
  ) as Promise<ResponseOf<AdminRoutes[P]>>;
}

/**
 * A call to the member API with the member app's token (same origin, shared localStorage).
 * Only 'become team leader' needs it; a 401 there says nothing about the admin login.
 */
export function memberApiCall<C extends RouteContract>(
  path: string,
  contract: C,
  memberToken: string,
  input: RequestOf<C>,
  options: CallOptions = {},
): Promise<ResponseOf<C>> {
  return withRetries(options, () =>
    callContract(contract, `${env.memberApiBase}/${path}`, input, options, () => memberToken, false),
  ) as Promise<ResponseOf<C>>;
}

async function withRetries<T>(options: CallOptions, once: () => Promise<T>): Promise<T> {
  const attempts = options.idempotencyKey ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.has(error.code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

async function callContract(
  contract: RouteContract,
  url: string,
  input: unknown,
  options: CallOptions,
  bearer: () => string | null,
  adminAuth = true,
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = bearer();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey && contract.idempotent) headers['idempotency-key'] = options.idempotencyKey;

  let body: string | undefined;
  if (contract.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  } else if (input && typeof input === 'object') {
    const entries = Object.entries(input).filter(([, v]) => v !== undefined && v !== null);
    if (entries.length > 0) url += `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let response: Response;
  let raw: unknown;
  try {
    response = await fetch(url, { method: contract.method, headers, body, signal: controller.signal });
    raw = await response.json().catch(() => undefined);
  } catch (error) {
    if (timedOut) throw new ApiError('TIMEOUT', 'The request timed out', 0);
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 'Network error', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let schema = envelopes.get(contract);
  if (!schema) {
    schema = envelope(contract.response);
    envelopes.set(contract, schema);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`Response of ${url} did not match its contract`, parsed.error.issues);
    throw new ApiError('BAD_RESPONSE', 'Unexpected response', response.status);
  }
  const result = parsed.data;
  if (result.success) return (result as { data: unknown }).data;

  const code = result.error ?? (response.status === 401 ? 'INVALID_TOKEN' : 'INTERNAL');
  if (response.status === 401 && adminAuth && contract.auth === 'admin') clearLogin();
  throw new ApiError(code, result.message, response.status, result.issues);
}
