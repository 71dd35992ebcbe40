import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { bookedKeys } from '@/features/booked/api/keys';
import { sessionKeys } from '@/features/sessions/api/keys';
import { bookingsChanged } from '@/lib/changes';

/** What each announced change makes stale, across features. Call once at start. */
export function linkQueries(): void {
  bookingsChanged.on(() => Promise.all([invalidateQueries(sessionKeys.all), invalidateQueries(bookedKeys.all)]));
}
