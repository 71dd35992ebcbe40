import { LINE_API_BASE_URL } from './client.ts';

/**
 * LINE MINI App service messages (docs/LINE.md, "Service messages"): a notification token issued
 * from a player's LIFF access token (`POST /message/v3/notifier/token`), then up to five
 * template messages sent with it (`POST /message/v3/notifier/send?target=service`), each answer
 * carrying the renewed token. The MINI App channel takes no long-lived channel access token, so
 * a stateless one is issued from the channel's id and secret (`POST /oauth2/v3/token`, valid 15
 * minutes) and kept until shortly before it ends. Plain `fetch`: @line/bot-sdk has no notifier
 * client.
 */

/** The LINE MINI App channel (a LINE Login channel of its own); its secret is a stage secret. */
export interface MiniAppChannel {
  channelId: string;
  channelSecret: string;
}

/** LINE's answer to an issue or a send: the (renewed) token, seconds to its expiry, sends left. */
export interface NotifierToken {
  /** Absent when LINE sent the message but could not renew the token (`expiresIn` and `remainingCount` 0). */
  notificationToken?: string;
  expiresIn: number;
  remainingCount: number;
  sessionId?: string;
}

export interface ServiceMessageRequest {
  templateName: string;
  params: Record<string, string>;
  notificationToken: string;
}

/** LINE answered with an error status (`status`), or the call did not reach it (`status` 0). */
export class NotifierError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(status ? `LINE notifier answered ${status}: ${body.slice(0, 200)}` : `LINE notifier unreachable: ${body}`);
    this.name = 'NotifierError';
  }
}

/**
 * What a refused send means for the token and the notice (docs/LINE.md, "Service messages"):
 * `transient` (network, 429, 5xx: try the same token again later), `token` (401: the token is not
 * valid, or no longer: used, expired, renewed), `gone` (400: the request or the recipient),
 * `channel` (403: the channel may not send, or the template is not registered; the token stays).
 */
export type NotifierFailure = 'transient' | 'token' | 'gone' | 'channel';

export function classifyNotifierFailure(error: unknown): NotifierFailure {
  if (!(error instanceof NotifierError) || error.status === 0) return 'transient';
  if (error.status === 401) return 'token';
  if (error.status === 403) return 'channel';
  if (error.status === 429 || error.status === 408 || error.status >= 500) return 'transient';
  return 'gone';
}

/** The part of the notifier the member API (issue) and the dispatcher (send) use. */
export interface ServiceNotifier {
  /** The LINE user id a LIFF access token belongs to (`GET /v2/profile`), null when LINE refuses it. */
  lineUserOf(liffAccessToken: string): Promise<string | null>;
  issueToken(liffAccessToken: string): Promise<NotifierToken>;
  send(request: ServiceMessageRequest): Promise<NotifierToken>;
}

const STATELESS_TOKEN_MARGIN_MS = 60_000;

export class LineNotifier implements ServiceNotifier {
  private readonly baseURL: string;
  private readonly now: () => number;
  private channelToken: { value: Promise<string>; until: number } | null = null;

  constructor(
    private readonly channel: MiniAppChannel,
    options: { baseURL?: string; now?: () => number } = {},
  ) {
    this.baseURL = (options.baseURL ?? LINE_API_BASE_URL).replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  async lineUserOf(liffAccessToken: string): Promise<string | null> {
    try {
      const profile = await this.request<{ userId?: unknown }>('GET', '/v2/profile', liffAccessToken);
      return typeof profile.userId === 'string' ? profile.userId : null;
    } catch (error) {
      if (error instanceof NotifierError && error.status >= 400 && error.status < 500) return null;
      throw error;
    }
  }

  async issueToken(liffAccessToken: string): Promise<NotifierToken> {
    return tokenOf(
      await this.request('POST', '/message/v3/notifier/token', await this.statelessToken(), { liffAccessToken }),
    );
  }

  async send(message: ServiceMessageRequest): Promise<NotifierToken> {
    return tokenOf(
      await this.request('POST', '/message/v3/notifier/send?target=service', await this.statelessToken(), message),
    );
  }

  /** A stateless channel access token, issued again a minute before the last one ends. */
  private statelessToken(): Promise<string> {
    const now = this.now();
    if (this.channelToken && now < this.channelToken.until) return this.channelToken.value;
    const value = this.form('/oauth2/v3/token', {
      grant_type: 'client_credentials',
      client_id: this.channel.channelId,
      client_secret: this.channel.channelSecret,
    }).then((answer) => {
      const token = (answer as { access_token?: unknown; expires_in?: unknown }).access_token;
      const expiresIn = Number((answer as { expires_in?: unknown }).expires_in);
      if (typeof token !== 'string' || !token) throw new NotifierError(502, 'no access_token in the answer');
      if (this.channelToken?.value === value && Number.isFinite(expiresIn)) {
        this.channelToken.until = now + expiresIn * 1000 - STATELESS_TOKEN_MARGIN_MS;
      }
      return token;
    });
    // Until LINE answers, concurrent sends share the pending issue; a failure is not kept.
    this.channelToken = { value, until: now + 10 * 60_000 };
    value.catch(() => {
      if (this.channelToken?.value === value) this.channelToken = null;
    });
    return value;
  }

  private async form(path: string, fields: Record<string, string>): Promise<unknown> {
    return this.fetchJson(`${this.baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  private async request<T = unknown>(method: 'GET' | 'POST', path: string, bearer: string, body?: unknown): Promise<T> {
    return (await this.fetchJson(`${this.baseURL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })) as T;
  }

  private async fetchJson(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new NotifierError(0, error instanceof Error ? error.message : String(error));
    }
    const text = await response.text();
    if (!response.ok) throw new NotifierError(response.status, text);
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      throw new NotifierError(502, 'the answer is not JSON');
    }
  }
}

function tokenOf(answer: unknown): NotifierToken {
  const fields = (answer ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    ...(typeof fields.notificationToken === 'string' && fields.notificationToken
      ? { notificationToken: fields.notificationToken }
      : {}),
    expiresIn: number(fields.expiresIn),
    remainingCount: number(fields.remainingCount),
    ...(typeof fields.sessionId === 'string' ? { sessionId: fields.sessionId } : {}),
  };
}
