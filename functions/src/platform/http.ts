import {
  type DefaultedRelation,
  idFieldsOf,
  type RefMap,
  type Relation,
  type RouteAuth,
  type RouteContract,
} from '@shuttle/shared';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { HonoBase } from 'hono/hono-base';
import { TrieRouter } from 'hono/router/trie-router';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { busyRetryAfterSeconds, DomainError, ValidationError } from './errors.ts';
import { type RateBucket, RateLimitedError, type RateLimiter } from './rate-limit.ts';
import { isStoreUnavailable } from './retry.ts';

export interface MemberCaller {
  userId: string;
  name: string;
  pictureUrl: string;
}

export interface AdminCaller {
  adminId: string;
  email: string;
  name: string;
  teamIds: string[];
  currentTeamId: string | null;
  /** Epoch seconds the token was issued; tokens older than a password change are refused. */
  issuedAt: number;
}

export type ApiEnv = {
  Variables: {
    member: MemberCaller | null;
    admin: AdminCaller | null;
  };
};

/** Turns a bearer token into a caller, or throws a DomainError (401). */
export interface Authenticator {
  member(token: string): Promise<MemberCaller>;
  admin?(token: string): Promise<AdminCaller>;
}

/**
 * What each relation of a contract's `refs` resolves to. Empty here: the module that resolves
 * references (access/references.ts) declares it, as Hono's `ContextVariableMap` is declared.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface ResolvedRelations {}

/**
 * Resolves a call's referenced ids against its caller before the handler runs
 * (docs/ARCHITECTURE.md, "References"): answers what each names, or throws a DomainError
 * (403 not the caller's, 404 no such thing) before anything is written.
 */
export interface ReferenceResolver {
  /** The relations this app can resolve (a route group's resolver serves only its own calls). */
  relations: ReadonlySet<Relation>;
  resolve(
    refs: RefMap,
    input: Readonly<Record<string, unknown>>,
    caller: { member: MemberCaller | null; admin: AdminCaller | null },
  ): Promise<Record<string, unknown>>;
}

type ResolvedOf<R> = R extends keyof ResolvedRelations ? ResolvedRelations[R] : never;

/** What a field that may be absent or null resolves to besides its record; a defaulted relation is always there. */
type AbsentOf<In, F, R> = F extends keyof In
  ?
      | (undefined extends In[F] ? (R extends DefaultedRelation ? never : undefined) : never)
      | (null extends In[F] ? null : never)
  : never;

/** The handler's `refs`: for each referenced field, the record its id names. */
type RefsOf<C> =
  C extends RouteContract<z.ZodType, z.ZodType, RouteAuth, infer M>
    ? { readonly [F in keyof M]: ResolvedOf<M[F]> | AbsentOf<InputOf<C>, F, M[F]> }
    : Record<never, never>;

/** The caller a route's `auth` guarantees: a handler of an `auth: 'member'` route always has a member. */
type CallerOf<A extends RouteAuth> = A extends 'member'
  ? { member: MemberCaller; admin: null }
  : A extends 'optionalMember'
    ? { member: MemberCaller | null; admin: null }
    : A extends 'admin'
      ? { member: null; admin: AdminCaller }
      : { member: null; admin: null };

export type CallContext<A extends RouteAuth = RouteAuth, Refs = Record<string, unknown>> = CallerOf<A> & {
  c: Context<ApiEnv>;
  idempotencyKey: string | undefined;
  /** What the request's ids name, resolved against the caller before the handler runs. */
  refs: Refs;
};

type InputOf<C> =
  C extends RouteContract<infer Req, z.ZodType> ? ([Req] extends [z.ZodNever] ? undefined : z.infer<Req>) : never;

export type ContractHandler<C extends RouteContract> = (
  input: InputOf<C>,
  ctx: CallContext<C['auth'], RefsOf<C>>,
) => Promise<z.input<C['response']>>;

export type ContractHandlers<R extends Record<string, RouteContract>> = { [P in keyof R]?: ContractHandler<R[P]> };

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

export function success(c: Context, data: unknown, message = 'OK') {
  return c.json({ success: true, message, timestamp: new Date().toISOString(), data });
}

export function failure(c: Context, error: DomainError) {
  if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
  if (error.status === 503) c.header('Retry-After', String(busyRetryAfterSeconds()));
  return c.json(
    {
      success: false,
      message: error.message,
      error: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.data !== undefined ? { data: error.data } : {}),
      timestamp: new Date().toISOString(),
    },
    error.status as ContentfulStatusCode,
  );
}

function zodIssues(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function bearer(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? '';
}

async function readInput(c: Context, contract: RouteContract): Promise<unknown> {
  if (!contract.request) return undefined;
  if (contract.method === 'GET') return c.req.query();
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError([{ path: '', message: 'Body is not valid JSON' }]);
  }
}

/** Largest body any call accepts; larger ones get 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads the body into memory and refuses it (413) as soon as it passes `maxBytes`: at once when
 * Content-Length says so, else while reading, so a chunked body is never read past the limit.
 * Later reads see the buffered copy.
 */
export async function bufferBody(c: Context, maxBytes: number): Promise<void> {
  const raw = c.req.raw;
  if (!raw.body) return;
  if (Number(raw.headers.get('content-length') ?? 0) > maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE');
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE');
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(raw, { body });
}

/** `bufferBody` for every request of an app (or path). */
export const limitBody =
  (maxBytes: number): MiddlewareHandler =>
  async (c, next) => {
    await bufferBody(c, maxBytes);
    await next();
  };

/** What the contract router enforces on one call before its handler runs. */
export interface CallLimits {
  /** Below `MAX_BODY_BYTES`, for calls whose bodies are known to be small. */
  maxBodyBytes?: number;
  /** Counters the call must pass; by address before authentication, by account or email after parsing. */
  rate?: readonly RateBucket[];
}

export interface ContractAppOptions {
  auth: Authenticator;
  /** Parse every response with its schema before sending (on in tests and locally). */
  validateResponses: boolean;
  /** By path relative to the API's base (the app's limits table). */
  limits?: Readonly<Record<string, CallLimits | undefined>>;
  /** Null or absent: rate limits off. */
  rateLimiter?: RateLimiter | null;
  /** The client's address (entry-specific: API Gateway event or socket). */
  clientAddress?: (c: Context) => string;
  /** Resolves the ids a contract's `refs` declares; a route table with references needs one. */
  references?: ReferenceResolver;
}

/**
 * A Hono app routed by the trie router alone. `new Hono()` puts the RegExp router in front of it
 * (a smart router keeps the RegExp one when it takes every route); both match the same paths,
 * and the pair is ~4 KB more in each API's Lambda bundle (docs/DEPLOY.md, "Bundles").
 */
export const newApiApp = (): Hono<ApiEnv> => new HonoBase<ApiEnv>({ router: new TrieRouter() });

/**
 * A Hono sub-app for a slice of a route table: each handler is written right after its path
 * and receives its body already parsed by the contract's zod schema.
 */
export function contractRoutes<R extends Record<string, RouteContract>>(
  routes: R,
  handlers: ContractHandlers<R>,
  options: ContractAppOptions,
): Hono<ApiEnv> {
  const app = newApiApp();
  for (const [path, handler] of Object.entries(handlers) as [string, ContractHandler<RouteContract> | undefined][]) {
    const contract = routes[path];
    if (!contract || !handler) continue;
    const refs = contract.refs && Object.keys(contract.refs).length > 0 ? contract.refs : null;
    const references = options.references;
    // No handler may run on an unchecked id: every id field declares its relation, and an app
    // without a resolver cannot mount a call that has one (docs/ARCHITECTURE.md, "References").
    const unchecked = idFieldsOf(contract.request).filter((field) => !refs?.[field]);
    if (unchecked.length > 0) throw new Error(`${path}: id fields without a relation: ${unchecked.join(', ')}`);
    const unresolved = Object.values(refs ?? {}).filter((relation) => !references?.relations.has(relation));
    if (unresolved.length > 0) throw new Error(`${path}: its app cannot resolve ${unresolved.join(', ')}`);
    const register = contract.method === 'GET' ? app.get.bind(app) : app.post.bind(app);
    const limits = options.limits?.[path];
    const limiter = limits?.rate?.length ? (options.rateLimiter ?? null) : null;
    const byAddress = limits?.rate?.filter((b) => b.by === 'address') ?? [];
    const byAccount = limits?.rate?.filter((b) => b.by !== 'address') ?? [];
    register(`/${path}`, async (c) => {
      if (limits?.maxBodyBytes !== undefined) await bufferBody(c, limits.maxBodyBytes);
      const address = limiter ? (options.clientAddress?.(c) ?? 'unknown') : 'unknown';
      if (limiter && byAddress.length) await limiter.check(byAddress, { address, account: null, email: null });
      const { member, admin } = await authenticate(c, contract, options.auth);
      const raw = await readInput(c, contract);
      let input: unknown;
      if (contract.request) {
        const parsed = contract.request.safeParse(raw);
        if (!parsed.success) throw new ValidationError(zodIssues(parsed.error));
        input = parsed.data;
      }
      if (limiter && byAccount.length) {
        const account = member ? `member:${member.userId}` : admin ? `admin:${admin.adminId}` : null;
        const email = (input as { email?: unknown } | undefined)?.email;
        await limiter.check(byAccount, { address, account, email: typeof email === 'string' ? email : null });
      }
      let idempotencyKey: string | undefined;
      if (contract.idempotent) {
        idempotencyKey = c.req.header('idempotency-key');
        if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
          throw new ValidationError([{ path: 'Idempotency-Key', message: 'must be 8-128 letters, digits, - or _' }]);
        }
      }
      const resolved = refs
        ? await references!.resolve(refs, (input ?? {}) as Record<string, unknown>, { member, admin })
        : {};
      const data = await handler(input as never, { c, member, admin, idempotencyKey, refs: resolved } as never);
      if (options.validateResponses) {
        const checked = contract.response.safeParse(data);
        if (!checked.success) {
          console.error(`Response of ${path} broke its contract`, checked.error.issues);
          throw new DomainError('INTERNAL');
        }
      }
      // A file answer (CSV exports) is sent as is, not in the envelope.
      if (contract.produces)
        return c.body(String(data), 200, { 'content-type': `${contract.produces}; charset=utf-8` });
      return success(c, data);
    });
  }
  return app;
}

async function authenticate(c: Context<ApiEnv>, contract: RouteContract, auth: Authenticator) {
  const token = bearer(c);
  let member: MemberCaller | null = null;
  let admin: AdminCaller | null = null;
  if (contract.auth === 'member') {
    if (token === null) throw new DomainError('NO_TOKEN');
    member = await auth.member(token);
  } else if (contract.auth === 'optionalMember' && token) {
    member = await auth.member(token);
  } else if (contract.auth === 'admin') {
    if (token === null) throw new DomainError('NO_ADMIN_TOKEN');
    if (!auth.admin) throw new DomainError('FORBIDDEN');
    admin = await auth.admin(token);
  }
  c.set('member', member);
  c.set('admin', admin);
  return { member, admin };
}

/** The one place where errors become envelopes; nothing internal reaches the client. */
export function installErrorHandling(app: Hono<ApiEnv>): void {
  app.onError((error, c) => {
    if (error instanceof DomainError) return failure(c, error);
    // A store throttled, stalled or unreachable past the retries: the client may try again (LIMITS.md, "Stalls").
    if (isStoreUnavailable(error)) {
      console.warn('Store busy', error.name, (error as { code?: unknown }).code ?? '');
      return failure(c, new DomainError('SERVICE_BUSY'));
    }
    console.error('Unhandled error', error);
    return failure(c, new DomainError('INTERNAL'));
  });
  app.notFound((c) => failure(c, new DomainError('NOT_FOUND', `No such call: ${c.req.method} ${c.req.path}`)));
}
