import {
  envelope,
  type MemberRoutePath,
  type MemberRoutes,
  memberRoutes,
  REQUEST_TIMEOUT_MS,
  type RequestOf,
  type ResponseOf,
} from '@shuttle/shared';
import { runtimeConfig } from '@/config/config-loader';
import { ApiError } from './api-error';
import { clearLogin, currentToken } from './auth';

export interface CallOptions {
  /** Sent as `Idempotency-Key`; the same key is reused for automatic retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const RETRYABLE = new Set(['NETWORK']);
const envelopes = new Map<string, ReturnType<typeof envelope>>();

type Input<P extends MemberRoutePath> = [RequestOf<MemberRoutes[P]>] extends [never]
  ? undefined
  : RequestOf<MemberRoutes[P]>;

/**
 * The one way the app talks to the member API: method and auth from the shared contract,
 * bearer token, 300000 ms time-out, envelope checked with the contract's zod schema.
 */
export async function apiCall<P extends MemberRoutePath>(
  path: P,
  input?: Input<P>,
  options: CallOptions = {},
): Promise<ResponseOf<MemberRoutes[P]>> {
  const attempts = options.idempotencyKey ? 3 : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await callOnce(path, input, options);
    } catch (error) {
      if (!(error instanceof ApiError) || !RETRYABLE.has(error.code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
    }
  }
}

async function callOnce<P extends MemberRoutePath>(
  path: P,
  input: unknown,
  options: CallOptions,
): Promise<ResponseOf<MemberRoutes[P]>> {
  const contract = memberRoutes[path];
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = currentToken();
  if (contract.auth === 'member') {
    if (!token) {
      clearLogin();
      throw new ApiError('NO_TOKEN', 'No token found', 401);
    }
    headers.authorization = `Bearer ${token}`;
  }
  if (options.idempotencyKey && contract.idempotent) headers['idempotency-key'] = options.idempotencyKey;

  const config = await runtimeConfig().catch((error: unknown) => {
    console.error('Loading app-config.json failed', error);
    throw new ApiError('NETWORK', 'Configuration unavailable', 0);
  });
  let url = `${config.apiBase}/${path}`;
  let body: string | undefined;
  if (contract.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  } else if (input && typeof input === 'object') {
    const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
    url += `?${query}`;
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

  let schema = envelopes.get(path);
  if (!schema) {
    schema = envelope(contract.response);
    envelopes.set(path, schema);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    console.error(`Response of ${path} did not match its contract`, parsed.error.issues);
    throw new ApiError('BAD_RESPONSE', 'Unexpected response', response.status);
  }
  const result = parsed.data;
  if (result.success) return (result as { data: unknown }).data as ResponseOf<MemberRoutes[P]>;

  const code = result.error ?? (response.status === 401 ? 'INVALID_TOKEN' : 'INTERNAL');
  if (response.status === 401 && contract.auth === 'member') clearLogin();
  throw new ApiError(code, result.message, response.status);
}
