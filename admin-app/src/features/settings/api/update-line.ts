import { apiCall } from '@/lib/api-client';

/** The LINE community link shown to players (the bot's group is bound by a code, never typed). */
export const updateLine = (defaultLine: string) => apiCall('setting/updateLine', { default_line: defaultLine });
