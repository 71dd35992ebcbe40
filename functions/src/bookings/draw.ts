import { FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type SignupJob, signupJobCodec } from '#db/codecs/jobs.ts';
import { key } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { newOutboxItem } from '#outbox/model.ts';
import type { RetryPolicy } from '#platform/retry.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { drawAtOf, effectiveStatus, isLottery, planDraw, ticketOf } from './lottery.ts';
import { ITEM } from './seat-items.ts';
import { putSignupJob, removeSignupJob } from './sign-up-job-repository.ts';
import { encodeEntry, type WaitlistEntry, waitlistIndex } from './waitlist.ts';

/**
 * The opening lottery's writes (docs/FAIR-SIGNUP.md): an entry, leaving before the draw, the
 * draw itself (one conditional write of the session item, so it happens exactly once whoever
 * runs it and however often), and settling the booking rows afterwards.
 */

type DrawJob = Extract<SignupJob, { kind: 'draw' }>;
type LotteriesJob = Extract<SignupJob, { kind: 'lotteries' }>;

/** The sign-up job's marker for a session's draw, written with every entry (TABLE.md, "Fair sign-up"). */
export const drawJob = (session: SessionRecord): DrawJob => drawMarker(session.id, drawAtOf(session));

/** `drawJob` as the item a transaction puts. */
export const drawJobItem = (session: SessionRecord) => signupJobCodec.encode(drawJob(session));

const drawMarker = (sessionId: string, dueAt: string): DrawJob => ({
  type: 'signupJob',
  kind: 'draw',
  sessionId,
  dueAt,
});

/**
 * The one sign-up job marker of a create call's lottery sessions, written with them (so a lottery
 * nobody enters is drawn, and its seed revealed, when its window closes): `draws` lists
 * `<drawAt>|<sessionId>` in draw order, the marker is due at the first. Null without lotteries.
 * One item per create call, not per session, keeps the create transaction within 100 items.
 */
export function lotteryDrawsItem(sessions: readonly SessionRecord[], id: string) {
  const draws = sessions
    .filter(isLottery)
    .map((s) => `${drawAtOf(s)}|${s.id}`)
    .sort();
  return draws.length > 0 ? signupJobCodec.encode(lotteryDrawsMarker(id, draws)) : null;
}

const lotteryDrawsMarker = (id: string, draws: string[]): LotteriesJob => {
  const dueAt = draws[0]!.split('|')[0]!;
  return { type: 'signupJob', kind: 'lotteries', id, dueAt, draws };
};

/**
 * The sign-up job's part of a `lotteries` marker: every listed draw that is due gets its own draw
 * marker (the item an entry writes, so a Put that finds it changes nothing), which the job then
 * runs like any other; the marker moves on to the next draw, or goes once none is left. A crash
 * in between repeats Puts of the same items. Answers the draw markers it put, for the job to run.
 */
export async function scheduleDueDraws(store: Store, marker: LotteriesJob, now: Date): Promise<DrawJob[]> {
  const nowIso = now.toISOString();
  const due = marker.draws.filter((d) => d.split('|')[0]! <= nowIso);
  const markers = due.map((d) => {
    const [dueAt, sessionId] = d.split('|') as [string, string];
    return drawMarker(sessionId, dueAt);
  });
  await Promise.all(markers.map((job) => putSignupJob(store, job)));
  const rest = marker.draws.filter((d) => !due.includes(d));
  if (rest.length > 0) await putSignupJob(store, lotteryDrawsMarker(marker.id, rest));
  await removeSignupJob(store, marker);
  return markers;
}

/** Appends an entry while the window is open and the draw has not run; puts the draw's job marker. */
export function addEntry(tx: Transaction, session: SessionRecord, entry: WaitlistEntry, nowIso: string): Transaction {
  tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: 'SET lotteryEntries = list_append(lotteryEntries, :entry), updatedAt = :now',
    ConditionExpression:
      'attribute_not_exists(lotteryDrawnAt) AND size(lotteryEntries) < :max AND bookingClosed = :false AND startsAt = :startsAt AND signupOpensAt = :opensAt',
    ExpressionAttributeValues: {
      ':entry': [encodeEntry(entry)],
      ':max': FAIR_SIGNUP_LIMITS.maxLotteryEntries,
      ':false': false,
      ':now': nowIso,
      ':startsAt': session.startsAt,
      ':opensAt': session.signupOpensAt,
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
  return tx.put('drawJob', { Item: drawJobItem(session) });
}

/** Takes an entry out before the draw, at the position that was read. */
export function leaveLottery(tx: Transaction, session: SessionRecord, at: number, nowIso: string): Transaction {
  return tx.update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: `REMOVE lotteryEntries[${at}] SET updatedAt = :now`,
    ConditionExpression: `attribute_not_exists(lotteryDrawnAt) AND lotteryEntries[${at}] = :entry`,
    ExpressionAttributeValues: { ':entry': (session.lotteryEntries ?? [])[at], ':now': nowIso },
  });
}

/**
 * Runs the draw from the session as read: the drawn order's fitting prefix takes seats, the
 * rest joins the waitlist in that order. Pinned to the entries, seats and waitlist that were
 * read and to "not drawn yet", so of any number of concurrent runners exactly one succeeds.
 * Answers false when the condition failed (drawn by another runner, or the state moved).
 */
export async function drawLottery(store: Store, session: SessionRecord, now: Date, retry?: RetryPolicy) {
  const plan = planDraw(session);
  const seats = plan.seated.reduce((sum, e) => sum + e.partySize, 0);
  const tx = new Transaction(store.tableName).update(ITEM.session, {
    Key: key.session(session.id),
    UpdateExpression: [
      'SET lotteryDrawnAt = :now, updatedAt = :now, remaining = remaining - :seats,',
      'acceptedCount = acceptedCount + :seats, waitlist = list_append(waitlist, :waiting),',
      'waitingCount = waitingCount + :waitingCount',
    ].join(' '),
    ConditionExpression: [
      'attribute_not_exists(lotteryDrawnAt)',
      'lotteryEntries = :entries',
      'remaining = :remainingBefore',
      'waitlist = :waitlistBefore',
    ].join(' AND '),
    ExpressionAttributeValues: {
      ':now': now.toISOString(),
      ':seats': seats,
      ':waiting': plan.waiting.map(encodeEntry),
      ':waitingCount': plan.waiting.length,
      ':entries': session.lotteryEntries ?? [],
      ':remainingBefore': session.remaining,
      ':waitlistBefore': session.waitlist,
    },
  });
  try {
    await runTransaction(store, tx, retry);
    return true;
  } catch (error) {
    if (error instanceof TransactionRefusedError) return false;
    throw error;
  }
}

/**
 * The one notice of a player's draw result, written with the row it settles: "you got a place"
 * (outbox `promoted`, reason `lotteryDrawn`) or "you are #N on the waitlist" (outbox
 * `lotteryWaitlisted`, N as the settling read sees it: the place the player holds now). Its id
 * derives from the session and the player's ticket, so the result is told once whoever settles.
 */
export function drawNotice(session: SessionRecord, booking: BookingRecord, status: 'accepted' | 'waiting', now: Date) {
  const id = `lottery_${session.id}_${ticketOf(session.id, booking.userId)}`;
  const base = { id, userId: booking.userId, sessionId: session.id, now };
  if (status === 'accepted') return newOutboxItem({ ...base, kind: 'promoted', reason: 'lotteryDrawn' });
  const position = waitlistIndex(session.waitlist, booking.userId) + 1;
  return newOutboxItem({ ...base, kind: 'lotteryWaitlisted', details: { position } });
}

/** Parallel row updates while settling a draw: bounded, so a big lottery never floods the table. */
const SETTLE_PARALLELISM = 8;

/**
 * After the draw: every row still `entered` becomes what the session item says (seated:
 * `accepted`, on the waitlist: `waiting`), each in its own small transaction conditioned on
 * `entered`, so a rerun or a second runner changes nothing twice. Each player's result notice
 * (`drawNotice`: a place, or their place on the waitlist) is written with their row, so it is
 * recorded exactly once. Answers how many rows it settled.
 */
export async function settleDraw(
  store: Store,
  session: SessionRecord,
  bookings: readonly BookingRecord[],
  now: Date,
  retry?: RetryPolicy,
): Promise<number> {
  const nowIso = now.toISOString();
  const pending = bookings.filter((b) => b.status === 'entered');
  let settled = 0;
  const settle = async (booking: BookingRecord) => {
    const status = effectiveStatus(session, booking);
    if (status !== 'accepted' && status !== 'waiting') return;
    const tx = new Transaction(store.tableName).update(ITEM.booking, {
      Key: key.booking(session.id, booking.userId),
      UpdateExpression:
        status === 'accepted'
          ? 'SET #status = :to, acceptedAt = :drawnAt, drawnAt = :drawnAt'
          : 'SET #status = :to, drawnAt = :drawnAt',
      ConditionExpression: '#status = :entered',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':to': status, ':entered': 'entered', ':drawnAt': session.lotteryDrawnAt ?? nowIso },
    });
    tx.put('notice', {
      Item: drawNotice(session, booking, status, now),
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    try {
      await runTransaction(store, tx, retry);
      settled += 1;
    } catch (error) {
      // Settled by another runner, or cancelled meanwhile: nothing to do.
      if (!(error instanceof TransactionRefusedError)) throw error;
    }
  };
  for (let i = 0; i < pending.length; i += SETTLE_PARALLELISM) {
    await Promise.all(pending.slice(i, i + SETTLE_PARALLELISM).map(settle));
  }
  return settled;
}
