import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';
export type RouteAuth = 'none' | 'member' | 'optionalMember' | 'admin';

/** One API call: the single source of truth for its method, auth, body and response shape. */
export interface RouteContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Auth extends RouteAuth = RouteAuth,
> {
  method: HttpMethod;
  /** Who may call; the server hands the handler a caller typed by it (see functions/src/platform/http.ts). */
  auth: Auth;
  summary: string;
  /** Validated JSON body for POST, query string for GET; `null` when the call takes none. */
  request: Req | null;
  response: Res;
  /** Accepts `Idempotency-Key` so a retried call returns the first result and writes nothing new. */
  idempotent?: boolean;
  /** Answers this media type (the handler's text, sent as is) instead of the JSON envelope. */
  produces?: 'text/csv';
}

export function route<Req extends z.ZodType, Res extends z.ZodType, Auth extends RouteAuth>(
  contract: RouteContract<Req, Res, Auth> & { request: Req },
): RouteContract<Req, Res, Auth>;
export function route<Res extends z.ZodType, Auth extends RouteAuth>(
  contract: RouteContract<z.ZodNever, Res, Auth> & { request: null },
): RouteContract<z.ZodNever, Res, Auth>;
export function route(contract: RouteContract): RouteContract {
  return contract;
}

export type RequestOf<C> = C extends RouteContract<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends RouteContract<z.ZodType, infer Res> ? z.infer<Res> : never;
