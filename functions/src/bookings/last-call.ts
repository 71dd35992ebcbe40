import { createHash } from 'node:crypto';
import { FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type SignupJob, signupJobCodec } from '#db/codecs/jobs.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { newGroupOutboxItem, newOutboxItem } from '#outbox/model.ts';
import { putOutboxIfAbsent } from '#outbox/repository.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { CONTENDED_RETRY, ContentionError } from './contention.ts';
import { putSignupJob, removeSignupJob } from './sign-up-job-repository.ts';
import { decodeEntry, waitlistIndex } from './waitlist.ts';

/**
 * Last call (docs/FAIR-SIGNUP.md, "Last call"): with waitlist offers on, a place freed inside the
 * final `LAST_CALL_MINUTES` before the start is not held for the head (there is no time left
 * for an offer to run) but opened to everyone waiting at once. The session's `lastCallSeats`
 * hold the open seats (in neither `remaining` nor `acceptedCount`); each waiting player is told
 * by push in the releasing transaction; the first waiting player whose party fits claims them
 * (`checkState/booked/acceptOffer`) in one transaction conditioned on `lastCallSeats >= party`,
 * so a seat is given once and every later claim is refused with 409 `PLACE_TAKEN`.
 *
 * Invariants kept here: open seats exist only while someone waits (the claim or leave that
 * empties the waitlist gives them back to `remaining`), and while seats are open `remaining` is 0
 * (a release opens every free seat), so nobody waits while a seat they fit is free for all.
 */

/**
 * N of "within the last N minutes places go first come to everyone waiting" (issue 10): the same
 * instant offers stop at (`offerCutoffMinutes`), so a release either offers to the head with at
 * least a moment left, or opens the place to everyone; never both, never neither.
 */
export const LAST_CALL_MINUTES = FAIR_SIGNUP_LIMITS.offerCutoffMinutes;

/**
 * Players told in the releasing transaction (DynamoDB takes 100 items a transaction; the release
 * itself uses at most 7, the marker of the rest and the group call one each). Players further down the list are told by the sign-up job
 * (`tellRestOfLastCall`), from a marker written in the same transaction.
 */
export const LAST_CALL_NOTICES = 90;

/** Notices the sign-up job writes for one marker in one run; the rest wait for the next run. */
export const LAST_CALL_NOTICES_PER_RUN = 200;

/** Whether `now` is inside the session's final window (and the session has not started). */
export function inLastCall(session: Pick<SessionRecord, 'startsAt'>, now: Date): boolean {
  const start = Date.parse(session.startsAt);
  return now.getTime() >= start - LAST_CALL_MINUTES * 60_000 && now.getTime() < start;
}

/** What a release frees (see seat-items.ts `releaseSeats`). */
export interface LastCallRelease {
  freedSeats: number;
  newCapacity?: number;
  reason: string;
  fromOffer?: { at: number; entry: string };
  headLeaves?: boolean;
}

/**
 * Whether a release opens its seats to everyone waiting instead of promoting or offering: offers
 * are on, the final window has begun, someone (other than a leaving head) waits, and seats come
 * free (a lowered capacity opens nothing).
 */
export function opensLastCall(session: SessionRecord, change: LastCallRelease, now: Date): boolean {
  const skip = change.headLeaves ? 1 : 0;
  return (
    (session.waitlistOfferMinutes ?? 0) > 0 &&
    inLastCall(session, now) &&
    session.waitlist.length > skip &&
    (change.freedSeats > 0 || skip === 1) &&
    session.remaining + change.freedSeats > 0
  );
}

/**
 * The release's session update when it opens a last call: every free seat (those `remaining` held
 * and those freed) joins `lastCallSeats`, nobody is promoted, and each waiting player gets a
 * `lastCall` notice in the same transaction. Pinned to the seats and capacity read, the leaving
 * head, the first player still waiting (so the list is not empty when the seats open) and, for an
 * ending offer, the offers list read.
 */
export function openLastCall(
  tx: Transaction,
  session: SessionRecord,
  change: LastCallRelease,
  now: Date,
  ids: IdGenerator,
): void {
  const skip = change.headLeaves ? 1 : 0;
  const opened = session.remaining + change.freedSeats;
  const capacityChange = change.newCapacity !== undefined;
  const { fromOffer } = change;
  const nowIso = now.toISOString();
  tx.update('session', {
    Key: key.session(session.id),
    UpdateExpression: [
      'SET remaining = :zero, acceptedCount = acceptedCount + :acceptedDelta,',
      'lastCallSeats = if_not_exists(lastCallSeats, :zero) + :opened,',
      'lastCallOpened = if_not_exists(lastCallOpened, :zero) + :opened,',
      'waitingCount = waitingCount - :skip, updatedAt = :now',
      capacityChange ? ', #capacity = :capacity' : '',
      fromOffer ? ', offers = :offersAfter' : '',
      skip ? ' REMOVE waitlist[0]' : '',
    ].join(' '),
    ConditionExpression: [
      'remaining = :remainingBefore',
      '#capacity = :capacityBefore',
      `waitlist[${skip}] = :first`,
      ...(skip ? ['waitlist[0] = :head'] : []),
      ...(fromOffer ? [`offers[${fromOffer.at}] = :endedOffer`, 'offers = :offersBefore'] : []),
    ].join(' AND '),
    ExpressionAttributeNames: { '#capacity': 'capacity' },
    ExpressionAttributeValues: {
      ':zero': 0,
      ':opened': opened,
      // Freed accepted seats leave `acceptedCount`; a capacity change or an ending offer freed none.
      ':acceptedDelta': capacityChange || fromOffer ? 0 : -change.freedSeats,
      ':skip': skip,
      ':now': nowIso,
      ':remainingBefore': session.remaining,
      ':capacityBefore': session.capacity,
      ':first': session.waitlist[skip],
      ...(skip ? { ':head': session.waitlist[0] } : {}),
      ...(capacityChange ? { ':capacity': change.newCapacity } : {}),
      ...(fromOffer
        ? {
            ':endedOffer': fromOffer.entry,
            ':offersBefore': session.offers ?? [],
            ':offersAfter': (session.offers ?? []).filter((_, i) => i !== fromOffer.at),
          }
        : {}),
    },
  });
  const waiting = session.waitlist.slice(skip).map((raw) => decodeEntry(raw).userId);
  if (waiting.length > LAST_CALL_NOTICES) {
    const rest = waiting.slice(LAST_CALL_NOTICES);
    tx.put('lastCallJob', { Item: lastCallJobItem(session.id, ids(), nowIso, rest, change.reason) });
  }
  const called = waiting.slice(0, LAST_CALL_NOTICES);
  // More than one to call: one message in the team's bound group mentions them all, in place of
  // their 1:1 pushes, when that costs less (decided at delivery: a group is bound and has no more
  // members than players called, as LINE bills a group push per member; docs/FAIR-SIGNUP.md).
  const groupCallId = called.length > 1 ? ids() : undefined;
  if (groupCallId) {
    const item = newGroupOutboxItem({
      id: groupCallId,
      kind: 'groupLastCall',
      teamId: session.teamId,
      sessionIds: [session.id],
      now,
      details: { userIds: called, lastCallSeats: opened },
    });
    tx.put('groupLastCall', { Item: item, ConditionExpression: 'attribute_not_exists(PK)' });
  }
  for (const userId of called) {
    const notice = newOutboxItem({
      id: ids(),
      kind: 'lastCall',
      reason: change.reason,
      userId,
      sessionId: session.id,
      now,
      details: { lastCallSeats: opened, ...(groupCallId ? { groupCallId, groupCallSize: called.length } : {}) },
    });
    tx.put(`notice:${userId}`, { Item: notice, ConditionExpression: 'attribute_not_exists(PK)' });
  }
}

/**
 * The last waiting player leaves while seats are open: the open seats go back to `remaining`
 * (nobody is left to claim them), pinned to the one-entry list and the open seats read.
 */
export function lastWaiterLeaves(tx: Transaction, session: SessionRecord, nowIso: string): Transaction {
  return tx.update('session', {
    Key: key.session(session.id),
    UpdateExpression:
      'REMOVE waitlist[0] SET waitingCount = waitingCount - :one, remaining = remaining + :open, lastCallSeats = :zero, updatedAt = :now',
    ConditionExpression: 'waitlist = :list AND lastCallSeats = :open',
    ExpressionAttributeValues: {
      ':list': session.waitlist,
      ':open': session.lastCallSeats ?? 0,
      ':one': 1,
      ':zero': 0,
      ':now': nowIso,
    },
  });
}

/** Condition a plain waitlist leave keeps: the list stays non-empty while seats are open. */
export const KEEPS_LAST_CALL_WAITER =
  '(size(waitlist) > :one OR attribute_not_exists(lastCallSeats) OR lastCallSeats = :zero)';

export interface LastCallDeps {
  store: Store;
  clock: Clock;
  retry?: RetryPolicy;
}

/** Whether this (accepted) booking got its place by a last-call claim: a retried claim answers the same. */
export const claimedLastCall = (booking: BookingRecord | null | undefined) =>
  booking?.status === 'accepted' && Boolean(booking.lastCallAt);

/**
 * One attempt of a waiting player's claim on the open seats, from the session and booking just
 * read (the caller, `acceptOffer`, retries on `ContentionError` from a fresh read). The session
 * update removes the player from the waitlist and moves `party` seats from `lastCallSeats` to
 * `acceptedCount` only while at least that many are open, so concurrent claims on one seat
 * commit once; the loser re-reads and is refused: `PLACE_TAKEN` (none open) or
 * `PARTY_TOO_LARGE` (too few for the party), and stays waiting where it was.
 */
export async function claimLastCall(deps: LastCallDeps, session: SessionRecord, booking: BookingRecord) {
  const now = deps.clock.now();
  if (now.getTime() >= Date.parse(session.startsAt)) throw new DomainError('SESSION_STARTED');
  const open = session.lastCallSeats ?? 0;
  // Nothing open now: taken by someone faster, or (no last call ever) simply nothing to take.
  if (open <= 0) throw new DomainError((session.lastCallOpened ?? 0) > 0 ? 'PLACE_TAKEN' : 'OFFER_NOT_FOUND');
  const party = booking.partySize;
  if (party > open) throw new DomainError('PARTY_TOO_LARGE');
  const at = waitlistIndex(session.waitlist, booking.userId);
  if (at < 0) throw new ContentionError();
  // The last one waiting: what the party leaves of the open seats becomes free for anyone.
  const last = session.waitlist.length === 1;
  const nowIso = now.toISOString();
  const tx = new Transaction(deps.store.tableName)
    .update('session', {
      Key: key.session(session.id),
      UpdateExpression: [
        `REMOVE waitlist[${at}]`,
        'SET waitingCount = waitingCount - :one, acceptedCount = acceptedCount + :party, updatedAt = :now,',
        last ? 'lastCallSeats = :zero, remaining = remaining + :left' : 'lastCallSeats = lastCallSeats - :party',
      ].join(' '),
      ConditionExpression: [
        `waitlist[${at}] = :entry`,
        last ? 'lastCallSeats = :open AND size(waitlist) = :one' : 'lastCallSeats >= :party AND size(waitlist) > :one',
      ].join(' AND '),
      ExpressionAttributeValues: {
        ':entry': session.waitlist[at],
        ':one': 1,
        ':party': party,
        ':now': nowIso,
        ...(last ? { ':zero': 0, ':left': open - party, ':open': open } : {}),
      },
    })
    .update('booking', {
      Key: key.booking(session.id, booking.userId),
      UpdateExpression: 'SET #status = :accepted, acceptedAt = :now, promotedAt = :now, lastCallAt = :now',
      // `entered`: drawn onto the waitlist by the lottery, row not settled yet (draw.ts).
      ConditionExpression: '#status IN (:waiting, :entered)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':accepted': 'accepted',
        ':waiting': 'waiting',
        ':entered': 'entered',
        ':now': nowIso,
      },
    });
  try {
    await runTransaction(deps.store, tx, deps.retry ?? CONTENDED_RETRY);
  } catch (error) {
    if (!(error instanceof TransactionRefusedError)) throw error;
    throw new ContentionError();
  }
  return { sessionId: session.id, status: 'accepted' as const };
}

/** The sign-up job's marker: tell `userIds` (the waiting players past the first LAST_CALL_NOTICES) of a last call. */
export function lastCallJobItem(
  sessionId: string,
  openingId: string,
  dueAt: string,
  userIds: string[],
  reason: string,
) {
  return signupJobCodec.encode({ type: 'signupJob', kind: 'lastCall', sessionId, openingId, dueAt, userIds, reason });
}

/**
 * The sign-up job's part of a last call: the players past the first LAST_CALL_NOTICES who still
 * wait, while seats are still open, get their `lastCall` notice, at most LAST_CALL_NOTICES_PER_RUN
 * a run. Each notice's id derives from the opening and the player and is put only if absent, so
 * a retried or concurrent run tells nobody twice. Once the seats are gone nobody more is told.
 * Answers how many it told; the marker is rewritten with those left, or deleted when none are.
 */
export async function tellRestOfLastCall(
  deps: { store: Store; clock: Clock },
  marker: Extract<SignupJob, { kind: 'lastCall' }>,
  session: SessionRecord | null,
): Promise<number> {
  const open = (session?.lastCallSeats ?? 0) > 0;
  const waiting = new Set((session?.waitlist ?? []).map((raw) => decodeEntry(raw).userId));
  const batch = open ? marker.userIds.slice(0, LAST_CALL_NOTICES_PER_RUN) : [];
  const now = deps.clock.now();
  let told = 0;
  for (const userId of batch.filter((u) => waiting.has(u))) {
    const id = createHash('sha256')
      .update(`${marker.sessionId}:${marker.openingId}:${userId}`)
      .digest('hex')
      .slice(0, 32);
    const notice = newOutboxItem({
      id,
      kind: 'lastCall',
      reason: marker.reason,
      userId,
      sessionId: marker.sessionId,
      now,
    });
    if (await putOutboxIfAbsent(deps.store, notice)) told += 1;
  }
  const left = open ? marker.userIds.slice(batch.length) : [];
  if (left.length > 0) await putSignupJob(deps.store, { ...marker, userIds: left });
  else await removeSignupJob(deps.store, marker);
  return told;
}
