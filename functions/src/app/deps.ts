import type { Context } from 'hono';
import type { Passwords } from '#admin-accounts/password.ts';
import type { IdTokenVerify } from '#auth/id-token.ts';
import type { TokenService } from '#auth/tokens.ts';
import type { Store } from '#db/client.ts';
import type { MiniAppSource } from '#notifications/mini-app.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import type { RotationPublisher } from '#rotation/service.ts';
import type { RateLimitSettings } from './limits.ts';

/** What the API apps are built from: chosen by the Lambda handler, the local server or a test. */
export interface AppDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  tokens: TokenService;
  verifyLineIdToken: IdTokenVerify;
  verifyGoogleIdToken: IdTokenVerify;
  mailer: EmailSender;
  /** Secret mixed into stored verification codes. */
  pepper: string;
  validateResponses: boolean;
  retry?: RetryPolicy;
  /** Per-client limits (`limits.ts`). Absent: off; the Lambda handlers and `npm start` turn them on. */
  rateLimits?: RateLimitSettings;
  /** The client's address for per-address limits (from the API Gateway event or the socket). */
  clientAddress?: (c: Context) => string;
  /**
   * LINE MINI App mode (`SHUTTLE_MINI_APP=on`, the stage's `miniApp`): where the MINI App
   * channel's notifier and sealing key come from. Absent: the mode is off (docs/LINE.md).
   */
  miniApp?: MiniAppSource;
  /** Told of every rotation board written (the local WebSocket hub; on AWS the table's stream does it). */
  rotationPublisher?: RotationPublisher;
  /** Admin password hashing. Absent: production's work factor; only the API tests lower it. */
  passwords?: Passwords;
}

/** Per-client limits as the app applies them: absent means off. The one place that default is written. */
export const rateLimitsOf = (deps: Pick<AppDeps, 'rateLimits'>): RateLimitSettings =>
  deps.rateLimits ?? { enabled: false };

/** The web app links in e-mails and feeds point to, without a trailing slash; the local app by default. */
export const appBaseUrlOf = (options: { appBaseUrl?: string }): string =>
  (options.appBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
