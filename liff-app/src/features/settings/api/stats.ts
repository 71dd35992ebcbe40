import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** Query-cache key of the player's own games and rating (docs/ON-COURT.md, "Players see their own"). */
export const statsKey = 'settings:stats';

export const useMyStats = () => useQuery(statsKey, () => apiCall('checkState/stats/get', {}));
export const setRatingsOn = (on: boolean) => apiCall('checkState/setting/ratings', { on });
export const acceptSuggestedLevel = () => apiCall('checkState/stats/acceptSuggestedLevel', {});
