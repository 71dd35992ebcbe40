import { randomBytes } from 'node:crypto';
import type { MiniAppChannel } from '#line/notifier.ts';
import {
  DETAIL_HARD_LIMIT,
  graphemeCount,
  SERVICE_TEMPLATES,
  TEMPLATE_NAME_MAX,
} from '#notifications/service-templates.ts';

/**
 * LINE's side of LINE MINI App service messages for the local capture (captures.ts), answering
 * with LINE's documented shapes and rules (docs/LINE.md, "Service messages"): a stateless channel
 * access token from the MINI App channel's id and secret; whose a LIFF access token is
 * (`/v2/profile`); one notification token per LIFF access token, five sends, a year; every send
 * replaces the token, and the fifth answers without one. The LIFF access tokens are the ones
 * `POST /dev/liff-access-token` hands out. Templates are the local names of
 * service-templates.json; an unknown one answers 403 as LINE does for a template not added.
 */

export const NOTIFIER_TOKEN_SENDS = 5;
export const NOTIFIER_TOKEN_SECONDS = 31_536_000;
const STATELESS_SECONDS = 900;

export interface SentServiceMessage {
  /** The LINE user id the token was issued for. */
  to: string;
  templateName: string;
  params: Record<string, string>;
  sentAt: string;
}

interface IssuedToken {
  sub: string;
  remaining: number;
  expiresAt: number;
  sessionId: string;
}

type Answer = { json: unknown; status: 200 | 400 | 401 | 403 };

const opaque = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const TEMPLATE_NAMES = new Map(SERVICE_TEMPLATES.map((t) => [t.name, t]));

export function createNotifierCapture(channel: MiniAppChannel, now: () => Date = () => new Date()) {
  /** LIFF access token -> the LINE user it belongs to, and whether a notification token was issued from it. */
  const liffTokens = new Map<string, { sub: string; used: boolean }>();
  const channelTokens = new Map<string, number>();
  const notifierTokens = new Map<string, IssuedToken>();
  const sent: SentServiceMessage[] = [];

  const channelAuthorised = (authorization: string | undefined) => {
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const until = channelTokens.get(token);
    return until !== undefined && until > now().getTime();
  };
  const answerOf = (token: string, issued: IssuedToken) => ({
    notificationToken: token,
    expiresIn: Math.max(0, Math.floor((issued.expiresAt - now().getTime()) / 1000)),
    remainingCount: issued.remaining,
    sessionId: issued.sessionId,
  });

  /** `POST /oauth2/v3/token` (form): a stateless channel access token for the MINI App channel. */
  function statelessToken(form: URLSearchParams): Answer {
    if (form.get('grant_type') !== 'client_credentials')
      return { json: { error: 'unsupported_grant_type' }, status: 400 };
    if (form.get('client_id') !== channel.channelId || form.get('client_secret') !== channel.channelSecret) {
      return { json: { error: 'invalid_client', error_description: 'invalid client' }, status: 400 };
    }
    const token = opaque('stateless-');
    channelTokens.set(token, now().getTime() + STATELESS_SECONDS * 1000);
    return { json: { token_type: 'Bearer', access_token: token, expires_in: STATELESS_SECONDS }, status: 200 };
  }

  function issue(authorization: string | undefined, body: unknown): Answer {
    if (!channelAuthorised(authorization)) return { json: { message: 'Authentication failed' }, status: 401 };
    const liffAccessToken = (body as { liffAccessToken?: unknown } | null)?.liffAccessToken;
    if (typeof liffAccessToken !== 'string' || !liffAccessToken) {
      return { json: { message: '[liffAccessToken] must not be blank' }, status: 400 };
    }
    const liff = liffTokens.get(liffAccessToken);
    if (!liff) return { json: { message: 'invalid liff access token' }, status: 401 };
    if (liff.used) return { json: { message: 'The liff access token was already used' }, status: 400 };
    liff.used = true;
    const token = opaque('ntok-');
    const issued = {
      sub: liff.sub,
      remaining: NOTIFIER_TOKEN_SENDS,
      expiresAt: now().getTime() + NOTIFIER_TOKEN_SECONDS * 1000,
      sessionId: opaque('sess-'),
    };
    notifierTokens.set(token, issued);
    return { json: answerOf(token, issued), status: 200 };
  }

  function send(authorization: string | undefined, query: string, body: unknown): Answer {
    if (new URLSearchParams(query).get('target') !== 'service') {
      return { json: { message: 'The target parameter must be service' }, status: 400 };
    }
    if (!channelAuthorised(authorization)) return { json: { message: 'Authentication failed' }, status: 401 };
    const { templateName, params, notificationToken } = (body ?? {}) as Record<string, unknown>;
    if (
      typeof templateName !== 'string' ||
      templateName.length > TEMPLATE_NAME_MAX ||
      !params ||
      typeof params !== 'object'
    ) {
      return { json: { message: 'Invalid request body' }, status: 400 };
    }
    const issued = typeof notificationToken === 'string' ? notifierTokens.get(notificationToken) : undefined;
    if (!issued || issued.expiresAt <= now().getTime() || issued.remaining <= 0) {
      return { json: { message: 'Invalid notifier token' }, status: 401 };
    }
    const template = TEMPLATE_NAMES.get(templateName);
    if (!template) return { json: { message: 'Template not found' }, status: 403 };
    const values = params as Record<string, unknown>;
    const known = new Set(template.params.map((p) => p.key));
    for (const [name, value] of Object.entries(values)) {
      const limit = name === 'btn1_url' ? 1000 : DETAIL_HARD_LIMIT;
      if (!known.has(name) || typeof value !== 'string' || graphemeCount(value) > limit) {
        return { json: { message: `Invalid parameter: ${name}` }, status: 400 };
      }
    }
    if (typeof values.btn1_url !== 'string') return { json: { message: 'Invalid parameter: btn1_url' }, status: 400 };
    notifierTokens.delete(notificationToken as string);
    sent.push({
      to: issued.sub,
      templateName,
      params: values as Record<string, string>,
      sentAt: now().toISOString(),
    });
    const left = { ...issued, remaining: issued.remaining - 1 };
    // The last send: LINE sends the message but has no token to give back.
    if (left.remaining <= 0) return { json: { expiresIn: 0, remainingCount: 0 }, status: 200 };
    const renewed = opaque('ntok-');
    notifierTokens.set(renewed, left);
    return { json: answerOf(renewed, left), status: 200 };
  }

  return {
    sent,
    /** `POST /dev/liff-access-token {sub}`: a LIFF access token of that LINE user, as the app gets from `liff.getAccessToken()`. */
    liffAccessToken(sub: string): string {
      const token = opaque('liff-');
      liffTokens.set(token, { sub, used: false });
      return token;
    },
    /**
     * The calls of LINE's notifier, token and profile APIs; null when `path` is none of them.
     * `form` is the body of a form post (the stateless token).
     */
    answer(request: {
      method: string;
      path: string;
      query: string;
      authorization?: string;
      body: unknown;
      form?: URLSearchParams;
    }): Answer | null {
      const { method, path } = request;
      if (method === 'POST' && path === '/oauth2/v3/token')
        return statelessToken(request.form ?? new URLSearchParams());
      if (method === 'GET' && path === '/v2/profile') {
        const liff = liffTokens.get(request.authorization?.replace(/^Bearer /, '') ?? '');
        if (!liff) return { json: { message: 'invalid token' }, status: 401 };
        return { json: { userId: liff.sub, displayName: `LINE ${liff.sub.slice(-4)}`, pictureUrl: '' }, status: 200 };
      }
      if (method === 'POST' && path === '/message/v3/notifier/token') return issue(request.authorization, request.body);
      if (method === 'POST' && path === '/message/v3/notifier/send')
        return send(request.authorization, request.query, request.body);
      return null;
    },
  };
}

export type NotifierCapture = ReturnType<typeof createNotifierCapture>;
