import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type GroupAnnouncementChanges = Omit<RequestOf<AdminRoutes['setting/updateGroupAnnouncements']>, 'teamId'>;

/** Which announcements the bot posts to the team's bound LINE group; answers the team's data. */
export const updateGroupAnnouncements = (changes: GroupAnnouncementChanges) =>
  apiCall('setting/updateGroupAnnouncements', changes);
