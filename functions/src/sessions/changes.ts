import { DomainError, ValidationError } from '#platform/errors.ts';
import type { SessionRecord } from './model.ts';

/**
 * Pure rules of an admin's change to a session that has not started (venue, courts, times).
 * The booking engine applies them under closed sign-up (`#bookings/session-changes.ts`).
 */
export type SessionChanges = Partial<
  Pick<SessionRecord, 'venue' | 'address' | 'region' | 'courts' | 'startsAt' | 'endsAt' | 'signupOpensAt'>
>;

/** Fields whose change booked and waiting players are told about. */
export const NOTICE_FIELDS = ['venue', 'address', 'region', 'startsAt', 'endsAt'] as const;

/** One transaction holds at most 100 items: the session item, the group notice and one notice per player. */
export const MAX_NOTICES_PER_CHANGE = 98;

/** Sessions can be changed or deleted only before they start. */
export function assertChangeable(session: SessionRecord, now: Date): void {
  if (Date.parse(session.startsAt) <= now.getTime()) throw new DomainError('SESSION_NOT_CHANGEABLE');
}

/** The session after `changes`, refused when it has started or the new times do not fit. */
export function mergeChanges(session: SessionRecord, changes: SessionChanges, now: Date): SessionRecord {
  assertChangeable(session, now);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const next: SessionRecord = { ...session, ...defined };
  const issues: { path: string; message: string }[] = [];
  if (Date.parse(next.endsAt) <= Date.parse(next.startsAt)) {
    issues.push({ path: 'endsAt', message: 'must be after startsAt' });
  }
  if (Date.parse(next.signupOpensAt) > Date.parse(next.startsAt)) {
    issues.push({ path: 'signupOpensAt', message: 'must not be after startsAt' });
  }
  if (next.startsAt !== session.startsAt && Date.parse(next.startsAt) <= now.getTime()) {
    issues.push({ path: 'startsAt', message: 'must be in the future' });
  }
  if (issues.length) throw new ValidationError(issues);
  return next;
}

/** The fields of `next` players must be told about, in a fixed order. */
type NoticeField = (typeof NOTICE_FIELDS)[number];

/** The fields a notice tells of that differ between two states of a session (or a window's first snapshot). */
export function noticeFieldsChanged(
  before: Record<NoticeField, string>,
  next: Record<NoticeField, string>,
): NoticeField[] {
  return NOTICE_FIELDS.filter((f) => next[f] !== before[f]);
}

/** What a notice tells the player, kept on the record since a deleted session cannot be read. */
export function noticeSnapshot(session: SessionRecord) {
  return {
    id: session.id,
    title: session.title,
    teamName: session.teamName,
    venue: session.venue,
    address: session.address,
    region: session.region,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
  };
}
