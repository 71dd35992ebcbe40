import { useQuery } from '@shuttle/shared/web/query.ts';
import { apiCall } from '@/lib/api-client';
import { createSessionKeys } from './keys';

/** The new-session form prefilled from the team's defaults, with its venues. */
const getDefaultSetting = () => apiCall('createSession/getDefaultSetting', {});
export type SessionDefaults = Awaited<ReturnType<typeof getDefaultSetting>>;

export const useDefaultSetting = () => useQuery(createSessionKeys.defaults, getDefaultSetting);
