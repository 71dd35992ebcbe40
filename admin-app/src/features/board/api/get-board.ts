import { fetchQuery, invalidateQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { firstCall } from '@/lib/first-calls';
import { boardKeys } from './keys';

/**
 * Today's and the next week's sessions, recent bookings and cancellations, this month's figures
 * (the landing screen: a first call, lib/first-calls.ts).
 */
const getBoard = () => firstCall('board/getBoard', {}, () => void invalidateQueries(boardKeys.all));

export const useBoard = () => useQuery(boardKeys.all, getBoard);

/** Starts the board's call before the board renders (app/router.tsx, `preloadScreen`). */
export function prefetchBoard(): void {
  fetchQuery(boardKeys.all, getBoard).catch(() => undefined);
}
