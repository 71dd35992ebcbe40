import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type Membership = RequestOf<AdminRoutes['members/updateMembership']>['membership'];

export const updateMembership = (userId: string, membership: Membership) =>
  apiCall('members/updateMembership', { userId, membership });
