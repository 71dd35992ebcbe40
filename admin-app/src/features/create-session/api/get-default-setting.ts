import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';

/** The new-session form prefilled from the team's defaults, with its venues. */
export const getDefaultSetting = () => apiCall('createSession/getDefaultSetting', {});

export const useDefaultSetting = () => useQuery('create:defaults', getDefaultSetting);
