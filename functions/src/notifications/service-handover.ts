import { classifyNotifierFailure, NotifierError } from '#line/notifier.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { Sealer } from '#platform/sealed.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { MiniAppSource } from './mini-app.ts';
import { liffTokenHash, type ServiceTokenRepository } from './service-token-repository.ts';

/**
 * A player hands over a LIFF access token for one of their bookings (LINE MINI App mode,
 * `checkState/notify/serviceToken` or `liffAccessToken` on the booking call; docs/LINE.md,
 * "Service messages"): LINE tells whose token it is (`GET /v2/profile`, so nobody hands over
 * another player's), issues a notification token from it (one per LIFF access token, LINE's
 * rule), and the booking keeps it sealed. Handing the same LIFF token over again answers what is
 * kept without asking LINE (a retried call).
 */
export interface ServiceHandoverDeps {
  /** The tokens' repository under the MINI App's sealing key (app/service-messaging.ts). */
  tokens: (sealer: Sealer) => ServiceTokenRepository;
  clock: Clock;
  /** Absent: MINI App mode is off, and every hand-over answers 409 MINI_APP_OFF. */
  miniApp?: MiniAppSource;
  log?: Pick<Console, 'warn'>;
}

/** The LINE user id of a LINE player (`line_<id>`, or `line_<id>.<n>` after a deleted account), else null. */
export function lineUserIdOf(userId: string): string | null {
  const match = /^line_([^.]+)(?:\.\d+)?$/.exec(userId);
  return match?.[1] ?? null;
}

export class ServiceHandover {
  constructor(private readonly deps: ServiceHandoverDeps) {}

  async handOver(input: {
    userId: string;
    session: SessionRecord;
    booking: Pick<BookingRecord, 'status'>;
    liffAccessToken: string;
  }): Promise<{ sessionId: string; remainingCount: number }> {
    const { userId, session, booking } = input;
    const setup = this.deps.miniApp ? await this.deps.miniApp() : null;
    if (!setup) throw new DomainError('MINI_APP_OFF');
    const now = this.deps.clock.now();
    if (booking.status === 'cancelled' || Date.parse(session.endsAt) <= now.getTime()) {
      throw new DomainError('BOOKING_NOT_FOUND');
    }
    const lineUserId = lineUserIdOf(userId);
    if (!lineUserId) throw new DomainError('LIFF_TOKEN_REFUSED');
    const tokens = this.deps.tokens(setup.sealer);
    const hash = liffTokenHash(input.liffAccessToken);
    const kept = await tokens.get(userId, session.id);
    if (kept && kept.liffTokenHash === hash) return { sessionId: session.id, remainingCount: kept.remaining };

    try {
      if ((await setup.notifier.lineUserOf(input.liffAccessToken)) !== lineUserId) {
        throw new DomainError('LIFF_TOKEN_REFUSED');
      }
      const token = await setup.notifier.issueToken(input.liffAccessToken);
      const record = await tokens.issued({
        userId,
        sessionId: session.id,
        token,
        liffTokenHash: hash,
        sessionEndsAt: session.endsAt,
        now,
      });
      return { sessionId: session.id, remainingCount: record.remaining };
    } catch (error) {
      if (!(error instanceof NotifierError)) throw error;
      const failure = classifyNotifierFailure(error);
      if (failure === 'transient') throw new DomainError('SERVICE_BUSY');
      // 403: this channel may not issue tokens (not a verified MINI App, or not yet approved).
      throw new DomainError(failure === 'channel' ? 'MINI_APP_OFF' : 'LIFF_TOKEN_REFUSED');
    }
  }

  /**
   * The hand-over that rides on a booking call (`liffAccessToken` on `joinSession`): the booking
   * stands whatever LINE answers, so a refusal is logged, not thrown; the notices then push.
   */
  async handOverWithBooking(input: Parameters<ServiceHandover['handOver']>[0]): Promise<void> {
    if (!this.deps.miniApp) return;
    try {
      await this.handOver(input);
    } catch (error) {
      (this.deps.log ?? console).warn(
        `Service token for ${input.session.id} not kept: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
