import type { Store } from '#db/client.ts';
import type { Clock } from '#platform/clock.ts';
import type { BookingRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import { NoShowSettings } from '#teams/no-show-settings.ts';

const DAY_MS = 86_400_000;
/**
 * A cancellation this close to the start is late. Players cannot cancel inside the team's cancel
 * window at all, so "late" is the day before the start: the places freed then rarely refill.
 */
export const LATE_CANCEL_HOURS = 24;

/**
 * How many no-shows these booking rows of one team hold (docs/MONEY.md, "No-show rule"): each
 * accepted booking marked absent after its start counts 1; with `lateCancelCountsHalf`, each
 * cancellation of an accepted place in the last {@link LATE_CANCEL_HOURS} before the start counts ½. Sessions that started before `resetAt` (the
 * last suspension or lift) do not count.
 */
export function countNoShows(
  bookings: readonly BookingRecord[],
  rule: { lateCancelCountsHalf: boolean },
  resetAt: string | undefined,
): number {
  let count = 0;
  for (const b of bookings) {
    if (resetAt && b.startsAt < resetAt) continue;
    if (b.status === 'accepted' && b.attendance === 'absent') count += 1;
    else if (rule.lateCancelCountsHalf && b.status === 'cancelled' && b.cancelledAt && b.acceptedAt) {
      const lateFrom = Date.parse(b.startsAt) - LATE_CANCEL_HOURS * 3_600_000;
      if (Date.parse(b.cancelledAt) >= lateFrom) count += 0.5;
    }
  }
  return count;
}

/**
 * The no-show rule, applied when an admin marks a player absent after the session started:
 * reaching `noShowLimit` inside the last `noShowWindowDays` suspends the member's bookings of
 * the team for `noShowPenaltyDays` (stored on the membership item; the join transaction's
 * membership check refuses them with MEMBER_SUSPENDED). Reads: the team, the membership and the
 * player's bookings of the window (one Query of GSI1 `USER#id#BOOKINGS`).
 */
export class NoShowRule {
  private readonly clock: Clock;
  private readonly settings: NoShowSettings;
  private readonly members: MembershipRepository;
  private readonly sessions: SessionRepository;

  constructor(deps: { store: Store; clock: Clock; members: MembershipRepository; sessions: SessionRepository }) {
    this.clock = deps.clock;
    this.settings = new NoShowSettings(deps.store);
    this.members = deps.members;
    this.sessions = deps.sessions;
  }

  /**
   * Null when nothing changed; else the end of the new suspension, which records `sessionId`
   * as its cause (so unmarking this absent can undo it: {@link afterAbsentUndone}).
   */
  async afterAbsent(
    teamId: string,
    userId: string,
    sessionStartsAt: string,
    sessionId: string,
  ): Promise<string | null> {
    const now = this.clock.now();
    if (Date.parse(sessionStartsAt) > now.getTime()) return null;
    const rule = await this.settings.get(teamId);
    if (rule.noShowLimit <= 0) return null;
    const member = await this.members.get(teamId, userId);
    if (!member || member.blocked) return null;
    if (member.suspendedUntil && member.suspendedUntil > now.toISOString()) return null;
    const from = new Date(now.getTime() - rule.noShowWindowDays * DAY_MS).toISOString();
    const bookings = (
      await this.sessions.bookingsOfUser(
        userId,
        from,
        new Date(now.getTime() + LATE_CANCEL_HOURS * 3_600_000).toISOString(),
      )
    ).filter((b) => b.teamId === teamId);
    const count = countNoShows(bookings, rule, member.noShowResetAt);
    if (count < rule.noShowLimit) return null;
    const until = new Date(now.getTime() + rule.noShowPenaltyDays * DAY_MS).toISOString();
    await this.members.suspend(teamId, userId, until, count, now.toISOString(), {
      sessionId,
      previousResetAt: member.noShowResetAt,
    });
    return until;
  }

  /**
   * An absent mark of `sessionId` was taken back (docs/ON-COURT.md, "At the door"). The count
   * follows by itself (it is read from the bookings); a suspension that mark caused is undone,
   * with the count's reset as it was, unless the player's other no-shows still reach the limit.
   * Answers whether a suspension was undone. Reads: the member, and only when that mark
   * suspended them, the team's rule and the player's bookings of the window.
   */
  async afterAbsentUndone(teamId: string, userId: string, sessionId: string): Promise<boolean> {
    const now = this.clock.now();
    const member = await this.members.get(teamId, userId);
    if (!member?.suspendedUntil || member.suspendedBySession !== sessionId) return false;
    if (member.suspendedUntil <= now.toISOString()) return false;
    const rule = await this.settings.get(teamId);
    if (rule.noShowLimit > 0) {
      const from = new Date(now.getTime() - rule.noShowWindowDays * DAY_MS).toISOString();
      const to = new Date(now.getTime() + LATE_CANCEL_HOURS * 3_600_000).toISOString();
      // The index may still show the mark just taken back: this session's row no longer counts.
      const others = (await this.sessions.bookingsOfUser(userId, from, to)).filter(
        (b) => b.teamId === teamId && b.sessionId !== sessionId,
      );
      if (countNoShows(others, rule, member.previousNoShowResetAt) >= rule.noShowLimit) return false;
    }
    return this.members.undoSuspension(teamId, userId, {
      sessionId,
      until: member.suspendedUntil,
      previousResetAt: member.previousNoShowResetAt,
    });
  }
}
