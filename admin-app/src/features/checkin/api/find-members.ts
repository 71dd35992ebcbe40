import { apiCall } from '@/lib/api-client';

/** Team members matching a name, to add a known player as a walk-in. */
export const findMembers = (search: string) =>
  apiCall('members/getMembers', { search, blocked: false, page: 1, pageSize: 8 });
