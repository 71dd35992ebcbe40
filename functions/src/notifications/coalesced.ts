import type { OutboxRecord } from '#outbox/model.ts';
import { NOTICE_FIELDS } from '#sessions/changes.ts';
import type { SessionRecord } from '#sessions/model.ts';

type ChangeRecord = Pick<OutboxRecord, 'kind'> & { previous?: Partial<Record<(typeof NOTICE_FIELDS)[number], string>> };

/**
 * Why a coalesced change notice (`#bookings/notice-window.ts`) is not sent when its window
 * ends, or null: the session was deleted since (the cancellation notice, sent at once, tells
 * the player), or the burst of changes ended where it began.
 */
export function changeNoLongerNews(record: ChangeRecord, stored: SessionRecord | null): string | null {
  if (record.kind !== 'sessionChanged' && record.kind !== 'groupSessionChanged') return null;
  if (!stored) return 'session was deleted: its cancellation notice tells the player';
  const previous = record.previous;
  if (!previous) return null;
  const changed = NOTICE_FIELDS.some((field) => previous[field] !== undefined && previous[field] !== stored[field]);
  return changed ? null : 'the changes were undone before the notice was due';
}
