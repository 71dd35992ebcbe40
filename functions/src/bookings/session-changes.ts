import { taipeiDate, taipeiMonth } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { key, sessionIndexKeys } from '#db/keys.ts';
import { runTransaction, Transaction } from '#db/transaction.ts';
import { newGroupOutboxItem, newOutboxItem } from '#outbox/model.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import {
  assertChangeable,
  MAX_NOTICES_PER_CHANGE,
  mergeChanges,
  noticeFieldsChanged,
  noticeSnapshot,
  type SessionChanges,
} from '#sessions/changes.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { asContention, CONTENDED_RETRY, ContentionError, contended } from './contention.ts';
import { drawJob } from './draw.ts';
import { isLottery } from './lottery.ts';
import { addChangeNotices, noticeWindowFor } from './notice-window.ts';
import { ITEM, pinnedSeatState } from './seat-items.ts';
import { putSignupJob } from './sign-up-job-repository.ts';

export interface SessionChangeDeps {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  retry?: RetryPolicy;
  /** Read with the same retry (app/factories.ts `sessionChangeEngine`). */
  sessions: SessionRepository;
}

interface ChangePlan<T> {
  tx: Transaction;
  result: T;
  /** Work after the commit that nothing else can race (rows of a deleted or moved session). */
  after?: () => Promise<void>;
}

/**
 * An admin's change to a whole session (venue, times, deletion) with a notice to every booked
 * and waiting player written in the same transaction. It runs under closed sign-up so the
 * players it tells are exactly the ones holding a place (docs/ARCHITECTURE.md, "Booking
 * invariants"); the rules of what may change are pure (`#sessions/changes.ts`).
 */
export class SessionChangeEngine {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly retry: RetryPolicy;
  private readonly sessions: SessionRepository;

  constructor(deps: SessionChangeDeps) {
    this.store = deps.store;
    this.clock = deps.clock;
    this.ids = deps.ids;
    this.retry = deps.retry ?? CONTENDED_RETRY;
    this.sessions = deps.sessions;
  }

  /**
   * Delete a session that has not started. Every booked and waiting player gets one
   * 'sessionCancelled' outbox record in the transaction that deletes the session item; their
   * booking rows are marked cancelled after it (the session is gone, so nothing else touches them).
   */
  async deleteSession(sessionId: string): Promise<{ notified: number }> {
    return this.underClosedBooking(sessionId, (session, active, now) => {
      assertChangeable(session, now);
      const nowIso = now.toISOString();
      const tx = new Transaction(this.store.tableName).delete(ITEM.session, {
        Key: key.session(session.id),
        ...pinnedSeatState(session),
      });
      this.addNotices(tx, 'sessionCancelled', session, active, now, { session: noticeSnapshot(session) });
      return {
        tx,
        result: { notified: active.length },
        after: async () => {
          await Promise.all(active.map((b) => this.sessions.cancelRowOfDeleted(session.id, b, nowIso)));
        },
      };
    });
  }

  /**
   * Change a session's venue, courts or times before it starts. A change of venue, address,
   * region, start or end records (or updates) one 'sessionChanged' outbox record per booked and
   * waiting player in the transaction that changes the session; changes within one notice window
   * share those records, so a burst sends each player one notice (`notice-window.ts`). Courts and
   * sign-up opening change quietly.
   */
  async changeSession(
    sessionId: string,
    changes: SessionChanges,
  ): Promise<{ session: SessionRecord; notified: number }> {
    const quiet = await contended(async () => {
      const current = await this.sessions.require(sessionId, { consistent: true });
      const now = this.clock.now();
      const next = mergeChanges(current, changes, now);
      if (noticeFieldsChanged(current, next).length > 0) return null;
      const session = await this.sessions.setQuietFields(sessionId, next, current.startsAt, now);
      if (!session) throw new ContentionError();
      return { session, notified: 0 };
    }, this.retry);
    if (quiet) return this.keepDrawDue(quiet);

    let updated: SessionRecord | undefined;
    const outcome = await this.underClosedBooking(sessionId, (session, active, at, wasClosed) => {
      const target = mergeChanges(session, changes, at);
      const nowIso = at.toISOString();
      // Sign-up reopens with the change: a join that read the old start time fails its
      // startsAt condition and reads again, so booking rows never copy a stale time.
      updated = { ...target, bookingClosed: wasClosed, updatedAt: nowIso };
      const indexKeys = sessionIndexKeys({
        ...target,
        month: taipeiMonth(target.startsAt),
        day: taipeiDate(target.startsAt),
      });
      const pinned = pinnedSeatState(session);
      const window = noticeWindowFor(session, target, at, this.ids);
      const tx = new Transaction(this.store.tableName).update(ITEM.session, {
        Key: key.session(session.id),
        UpdateExpression: [
          'SET venue = :venue, address = :address, #region = :region, courts = :courts,',
          'startsAt = :startsAt, endsAt = :endsAt, signupOpensAt = :opens, updatedAt = :now, bookingClosed = :reopen,',
          'GSI1PK = :g1pk, GSI1SK = :g1sk, GSI2PK = :g2pk, GSI2SK = :g2sk, GSI3PK = :g3pk, GSI3SK = :g3sk,',
          'GSI4PK = :g4pk, GSI4SK = :g4sk, noticeWindow = :window',
        ].join(' '),
        ConditionExpression: pinned.ConditionExpression,
        ExpressionAttributeNames: { ...pinned.ExpressionAttributeNames },
        ExpressionAttributeValues: {
          ...pinned.ExpressionAttributeValues,
          ':venue': target.venue,
          ':address': target.address,
          ':region': target.region,
          ':courts': target.courts,
          ':startsAt': target.startsAt,
          ':endsAt': target.endsAt,
          ':opens': target.signupOpensAt,
          ':now': nowIso,
          ':reopen': wasClosed,
          ':g1pk': indexKeys.GSI1PK,
          ':g1sk': indexKeys.GSI1SK,
          ':g2pk': indexKeys.GSI2PK,
          ':g2sk': indexKeys.GSI2SK,
          ':g3pk': indexKeys.GSI3PK,
          ':g3sk': indexKeys.GSI3SK,
          ':g4pk': indexKeys.GSI4PK,
          ':g4sk': indexKeys.GSI4SK,
          ':window': window,
        },
      });
      addChangeNotices(tx, { session, target, active, window, now: at });
      return {
        tx,
        result: { notified: active.length },
        after: async () => {
          if (target.startsAt === session.startsAt) return;
          await Promise.all(active.map((b) => this.sessions.moveRowStart(session.id, b.userId, target.startsAt)));
        },
      };
    });
    if (!updated) throw new Error('Session change committed without a result');
    return this.keepDrawDue({ session: updated, notified: outcome.notified });
  }

  /**
   * A lottery not drawn yet whose sign-up moved: its draw marker at the new time (a Put of the
   * item entries write), so the draw runs when the moved window closes, not at the old time.
   */
  private async keepDrawDue<T extends { session: SessionRecord }>(result: T): Promise<T> {
    const { session } = result;
    if (!isLottery(session) || session.lotteryDrawnAt) return result;
    await putSignupJob(this.store, drawJob(session));
    return result;
  }

  /**
   * A cancellation: one notice per player holding a place, built by the one outbox item builder,
   * and one to the team's group, due at once (changes coalesce instead: `notice-window.ts`).
   */
  private addNotices(
    tx: Transaction,
    kind: 'sessionCancelled',
    session: SessionRecord,
    active: BookingRecord[],
    now: Date,
    details: Record<string, unknown>,
  ): void {
    for (const booking of active) {
      const item = newOutboxItem({
        id: this.ids(),
        kind,
        userId: booking.userId,
        sessionId: session.id,
        now,
        // The team is kept for a deleted session too: its LINE budget pays for the push.
        details: { ...details, teamId: session.teamId },
      });
      tx.put(`notice:${booking.userId}`, { Item: item, ConditionExpression: 'attribute_not_exists(PK)' });
    }
    const group = newGroupOutboxItem({
      id: this.ids(),
      kind: 'groupSessionCancelled',
      teamId: session.teamId,
      sessionIds: [session.id],
      now,
      details,
    });
    tx.put('groupNotice', { Item: group, ConditionExpression: 'attribute_not_exists(PK)' });
  }

  /**
   * Runs a session-wide change with sign-up closed, so no player can join between the read of
   * who holds a place and the transaction that notifies them: the transaction pins the seat
   * state that was read, and only cancellations (which change it) can still happen. If the
   * change fails, sign-up is reopened when it was open.
   */
  private async underClosedBooking<T>(
    sessionId: string,
    plan: (session: SessionRecord, active: BookingRecord[], now: Date, wasClosed: boolean) => ChangePlan<T>,
  ): Promise<T> {
    let wasClosed: boolean | undefined;
    let committed = false;
    try {
      const decided = await contended(async () => {
        const closedBefore = await this.sessions.setBookingClosed(sessionId, true);
        wasClosed ??= closedBefore;
        const session = await this.sessions.require(sessionId, { consistent: true });
        const active = (await this.sessions.bookings(sessionId)).filter((b) => b.status !== 'cancelled');
        if (active.length > MAX_NOTICES_PER_CHANGE) throw new DomainError('TOO_MANY_PLAYERS');
        const planned = plan(session, active, this.clock.now(), wasClosed);
        await runTransaction(this.store, planned.tx, this.retry).catch(asContention);
        committed = true;
        return planned;
      }, this.retry);
      await decided.after?.();
      return decided.result;
    } catch (error) {
      if (wasClosed === false && !committed)
        await this.sessions.setBookingClosed(sessionId, false).catch(() => undefined);
      throw error;
    }
  }
}
