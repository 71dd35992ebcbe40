import type { z } from 'zod';
import type { RefMap } from './references.ts';

export type HttpMethod = 'GET' | 'POST';
export type RouteAuth = 'none' | 'member' | 'optionalMember' | 'admin';

/** One API call: the single source of truth for its method, auth, body and response shape. */
export interface RouteContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends RouteAuth = RouteAuth,
  Refs extends RefMap = RefMap,
> {
  method: HttpMethod;
  /** Who may call; the server hands the handler a caller typed by it (see functions/src/platform/http.ts). */
  auth: Auth;
  summary: string;
  /** Validated JSON body for POST, query string for GET; `null` when the call takes none. */
  request: Req | null;
  response: Res;
  /**
   * Every id field of the request and what it must be relative to the caller (./references.ts);
   * resolved and checked before the handler runs, which receives what each id names.
   */
  refs?: Refs;
  /** Accepts `Idempotency-Key` so a retried call returns the first result and writes nothing new. */
  idempotent?: boolean;
  /** Answers this media type (the handler's text, sent as is) instead of the JSON envelope. */
  produces?: 'text/csv';
}

export function route<
  Req extends z.ZodType,
  Res extends z.ZodType,
  Auth extends RouteAuth,
  const Refs extends RefMap = Record<never, never>,
>(contract: RouteContract<Req, Res, Auth, Refs> & { request: Req }): RouteContract<Req, Res, Auth, Refs>;
export function route<Res extends z.ZodType, Auth extends RouteAuth>(
  contract: RouteContract<z.ZodNever, Res, Auth, Record<never, never>> & { request: null },
): RouteContract<z.ZodNever, Res, Auth, Record<never, never>>;
export function route(contract: RouteContract): RouteContract {
  return contract;
}

export type RequestOf<C> = C extends RouteContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends RouteContract<z.ZodType, infer Res> ? z.infer<Res> : never;
