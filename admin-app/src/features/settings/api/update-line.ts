import { apiCall } from '@/lib/api-client';

/** The LINE community link shown to players and the LINE group the bot pushes to. */
export const updateLine = (defaultLine: string, lineGroupId: string) =>
  apiCall('setting/updateLine', { default_line: defaultLine, line_group_id: lineGroupId });
