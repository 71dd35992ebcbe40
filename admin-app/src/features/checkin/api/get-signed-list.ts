import { taipeiDate } from '@shuttle/shared';
import { fetchQuery, invalidateQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { firstCall } from '@/lib/first-calls';
import { checkinKeys } from './keys';

/** A Taipei day's sessions (today when no date) with attendance counts: a first call (lib/first-calls.ts). */
const getSignedList = (date: string | null) =>
  firstCall('signed/getSignedList', date ? { date } : {}, () => void invalidateQueries(checkinKeys.day(date)));

export const useSignedList = (date: string | null) => useQuery(checkinKeys.day(date), () => getSignedList(date));

/** The day check-in's list shows for `?date=`: that date when it is one, else today in Taipei. */
export function signlistDate(params: URLSearchParams, today = taipeiDate(new Date())): string {
  const asked = params.get('date') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today;
}

/** Starts the day list of `?date=` before the screen renders (app/router.tsx, `preloadScreen`). */
export function prefetchSignedList(params: URLSearchParams): void {
  const date = signlistDate(params);
  fetchQuery(checkinKeys.day(date), () => getSignedList(date)).catch(() => undefined);
}
