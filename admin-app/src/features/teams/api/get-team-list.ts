import { invalidateQueries, useQuery } from '@shuttle/shared/web/query.ts';
import { firstCall } from '@/lib/first-calls';
import { teamKeys } from './keys';

/** Teams the admin runs, with role and the current one marked (the top bar's team switcher: a first call). */
export const getTeamList = () =>
  firstCall('setting/getTeamListByUser', {}, () => void invalidateQueries(teamKeys.mine));

export const useTeamList = (enabled = true) => useQuery(enabled ? teamKeys.mine : null, getTeamList);
