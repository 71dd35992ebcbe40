import { apiCall } from '@/lib/api-client';

/** Rules players see on every session of the team. */
export const updatePrivateRules = (privateRules: string) =>
  apiCall('setting/updatePrivateRules', { private_rules: privateRules });
