import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository, NewMember } from '#teams/membership-repository.ts';
import type { BookingEngine } from './engine.ts';

export interface BlockPlayerDeps {
  memberships: Pick<MembershipRepository, 'setBlocked'>;
  sessions: Pick<SessionRepository, 'teamSessions' | 'bookingsIn'>;
  engine: Pick<BookingEngine, 'cancel'>;
  clock: Clock;
}

/** Cancelling these is skipped: the booking went meanwhile, or the player is checked in (attendance is kept). */
const SKIPPED = new Set(['BOOKING_NOT_FOUND', 'SESSION_NOT_FOUND', 'ALREADY_CHECKED_IN']);

/**
 * Blocks or unblocks a player in a team. Blocking takes effect for new bookings at once (the
 * engine's join checks the flag in its transaction); then the player's places in the team's
 * sessions that have not started are cancelled through the engine, which promotes the
 * waitlist. Answers how many bookings were cancelled.
 */
export async function setPlayerBlocked(
  deps: BlockPlayerDeps,
  teamId: string,
  player: NewMember,
  blocked: boolean,
): Promise<{ cancelledBookings: number }> {
  const now = deps.clock.now();
  await deps.memberships.setBlocked(teamId, player, blocked, now);
  let cancelledBookings = 0;
  if (!blocked) return { cancelledBookings };
  const upcoming = (await deps.sessions.teamSessions(teamId, now.toISOString(), '9999')).filter(
    (session) => Date.parse(session.startsAt) > now.getTime(),
  );
  const bookings = await deps.sessions.bookingsIn(
    upcoming.map((session) => session.id),
    player.userId,
  );
  for (const booking of bookings.filter((b) => b.status !== 'cancelled')) {
    try {
      await deps.engine.cancel({ sessionId: booking.sessionId, userId: player.userId, byAdmin: true });
      cancelledBookings += 1;
    } catch (error) {
      if (error instanceof DomainError && SKIPPED.has(error.code)) continue;
      throw error;
    }
  }
  return { cancelledBookings };
}
