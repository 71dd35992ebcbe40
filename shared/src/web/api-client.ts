import { envelope, failureEnvelope } from '../envelope.ts';
import { ERRORS, type ErrorCode } from '../errors.ts';
import type { ResponseOf, RouteAuth, RouteContract } from '../schemas/routes.ts';
import {
  type AnswerReader,
  type CallOptions,
  type Credentials,
  callContractWith,
  callForFileWith,
  createApiTransport,
  type Send,
} from './api-transport.ts';

export type { CallInput, CallOptions, Credentials, Send } from './api-transport.ts';
export { queryString } from './api-transport.ts';

const envelopes = new WeakMap<RouteContract, ReturnType<typeof envelope>>();

/**
 * Reads an answer by its contract: the envelope (docs/ARCHITECTURE.md, "Overview": Contracts)
 * with the contract's zod schema as its data; anything else is `bad`, with zod's issues.
 */
export const contractReader: AnswerReader = {
  check(contract, body) {
    let schema = envelopes.get(contract);
    if (!schema) {
      schema = envelope(contract.response);
      envelopes.set(contract, schema);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { kind: 'bad', issues: parsed.error.issues };
    const result = parsed.data;
    return result.success
      ? { kind: 'data', data: (result as { data: unknown }).data }
      : { kind: 'failure', failure: result };
  },
  failure(body) {
    const parsed = failureEnvelope.safeParse(body);
    return parsed.success ? parsed.data : null;
  },
};

/**
 * One call to a route contract: method from the contract, bearer token, time-out
 * (REQUEST_TIMEOUT_MS unless told), envelope checked with the contract's zod schema. A call
 * with an idempotency key is retried after a network failure, with the same key.
 * `url` and `credentials` are asked again on every attempt; `credentials` may throw to refuse
 * the call without reaching the server.
 */
export function callContract<C extends RouteContract>(
  contract: C,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send?: Send,
): Promise<ResponseOf<C>> {
  return callContractWith(contractReader, contract, url, input, options, credentials, send);
}

/**
 * The raw body of a call that answers with a file (a CSV, an .ics) rather than an envelope: the
 * same token, time-out and abort as `callContract`; a failed answer throws `ApiError` with the
 * code and message of its error envelope, and a 401 runs the credentials' `onUnauthorized`.
 */
export function callForFile(
  contract: Pick<RouteContract, 'method' | 'idempotent'>,
  url: () => string | Promise<string>,
  input: unknown,
  options: CallOptions,
  credentials: () => Credentials,
  send?: Send,
): Promise<Blob> {
  return callForFileWith(contractReader, contract, url, input, options, credentials, send);
}

/**
 * An app's `apiCall` over its route table, with the contracts at hand (api-transport.ts,
 * `createApiTransport`): contracts whose auth is `auth` carry the app's token; without one the
 * call is refused with `noToken` (and the login cleared) before it reaches the server, and a 401
 * to such a call clears the login too. Other calls go without a token.
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
  const { routes, noToken, ...rest } = config;
  const contracts = { routes, ...contractReader };
  return createApiTransport({ ...rest, noToken: { code: noToken, ...ERRORS[noToken] }, contracts: () => contracts });
}
