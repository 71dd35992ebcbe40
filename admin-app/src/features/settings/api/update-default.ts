import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type DefaultChange = RequestOf<AdminRoutes['setting/updateDefault']>;

/** Team name, default venue, price, region, LINE link or cancellation window. */
export const updateDefault = (change: DefaultChange) => apiCall('setting/updateDefault', change);
