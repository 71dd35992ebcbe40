import { index, key, ttlAt } from '#db/keys.ts';
import type { Transaction } from '#db/transaction.ts';
import { OUTBOX_TTL_SECONDS } from '#outbox/model.ts';
import type { IdGenerator } from '#platform/clock.ts';
import { noticeFieldsChanged, noticeSnapshot } from '#sessions/changes.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';

/**
 * Coalesced change notices (functions/src/app/LIMITS.md, "Fan-out"): the changes an admin makes to one
 * session within `NOTICE_WINDOW_MINUTES` share one notice per player and one group
 * announcement, sent once when the window ends with the session's final state and the state
 * before the window's first change (old -> new). The window lives on the session item
 * (`noticeWindow`), written in the change's own transaction, so concurrent changes agree on it.
 */
export const NOTICE_WINDOW_MINUTES = 10;
/** A window never delays a notice past this long before the (old or new) start. */
export const NOTICE_LEAD_MINUTES = 30;
/**
 * A window this close to its end takes no more changes: its notices may be claimed by a
 * dispatcher whose clock runs slightly ahead (the upsert's condition would refuse anyway).
 */
const CLOSING_MS = 5_000;

/** The open window (`id`: part of every outbox id of the window; `until`: when its notices are due; `previous`: the session before its first change). */
export type NoticeWindow = NonNullable<SessionRecord['noticeWindow']>;

/** The window this change joins (the session's, while it is open), or a new one starting now. */
export function noticeWindowFor(session: SessionRecord, target: SessionRecord, now: Date, ids: IdGenerator) {
  const open = session.noticeWindow;
  if (open && Date.parse(open.until) - CLOSING_MS > now.getTime()) return open;
  const earliestStart = Math.min(Date.parse(session.startsAt), Date.parse(target.startsAt));
  const until = Math.max(
    now.getTime(),
    Math.min(now.getTime() + NOTICE_WINDOW_MINUTES * 60_000, earliestStart - NOTICE_LEAD_MINUTES * 60_000),
  );
  return { id: ids(), until: new Date(until).toISOString(), previous: noticeSnapshot(session) } satisfies NoticeWindow;
}

/** The outbox id of a window's notice to one player (`group` for the team's group). */
export const windowNoticeId = (window: Pick<NoticeWindow, 'id'>, recipient: string) => `${window.id}.${recipient}`;

/**
 * One upsert per player holding a place and one for the group: the record is created at the
 * window's first change, and later changes only move its facts to the final state. It waits
 * in the pending index until the window ends (its `leaseUntil` keeps the stream consumer from
 * claiming it early); a record already claimed refuses the upsert, so the transaction fails
 * and the change is retried in a new window. At most 98 players + the session + the group.
 */
export function addChangeNotices(
  tx: Transaction,
  input: { session: SessionRecord; target: SessionRecord; active: BookingRecord[]; window: NoticeWindow; now: Date },
): void {
  const { session, target, window, now } = input;
  const facts = {
    teamId: session.teamId,
    changes: noticeFieldsChanged(window.previous, target),
    session: noticeSnapshot(target),
    previous: window.previous,
  };
  const upsert = (name: string, id: string, fields: Record<string, unknown>) => {
    const values: Record<string, unknown> = {
      ':type': 'outbox',
      ':id': id,
      ':createdAt': now.toISOString(),
      ':ttl': ttlAt(now, OUTBOX_TTL_SECONDS),
      ':pk': index.pendingOutbox(window.until, id).GSI1PK,
      ':sk': index.pendingOutbox(window.until, id).GSI1SK,
      ':until': window.until,
      ':updatedAt': now.toISOString(),
    };
    const sets = [
      '#type = if_not_exists(#type, :type)',
      'id = if_not_exists(id, :id)',
      'createdAt = if_not_exists(createdAt, :createdAt)',
      '#ttl = if_not_exists(#ttl, :ttl)',
      'GSI1PK = :pk',
      'GSI1SK = :sk',
      'leaseUntil = :until',
      'updatedAt = :updatedAt',
    ];
    const names: Record<string, string> = { '#type': 'type', '#ttl': 'ttl' };
    for (const [field, value] of Object.entries(fields)) {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      sets.push(`#${field} = :${field}`);
    }
    tx.update(name, {
      Key: key.outbox(id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_not_exists(PK) OR (attribute_exists(GSI1PK) AND attribute_not_exists(attempts))',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  };
  for (const booking of input.active) {
    upsert(`notice:${booking.userId}`, windowNoticeId(window, booking.userId), {
      ...facts,
      kind: 'sessionChanged',
      userId: booking.userId,
      sessionId: session.id,
    });
  }
  upsert('groupNotice', windowNoticeId(window, 'group'), {
    ...facts,
    kind: 'groupSessionChanged',
    userId: '',
    sessionId: '',
    sessionIds: [session.id],
  });
}
