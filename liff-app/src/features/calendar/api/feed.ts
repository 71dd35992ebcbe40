import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Query-cache keys of the calendar feed. */
export const calendarKeys = { feed: 'calendar:feed' } as const;

/** `GET checkState/calendar/getFeed`: the player's feed token, or null. */
const getFeed = () => apiCall('checkState/calendar/getFeed');
export const useFeed = (enabled: boolean) => useQuery(enabled ? calendarKeys.feed : null, getFeed);

/** `POST checkState/calendar/resetFeed`: a new URL; the old one stops working. */
export const resetFeed = () => apiCall('checkState/calendar/resetFeed');

/** `POST checkState/calendar/deleteFeed`: the feed is off. */
export const deleteFeed = () => apiCall('checkState/calendar/deleteFeed');
