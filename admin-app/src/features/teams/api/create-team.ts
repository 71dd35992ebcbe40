import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type CreateTeamInput = RequestOf<AdminRoutes['setting/createTeam']>;

/** A new team owned by the caller; it becomes the current team. */
export const createTeam = (input: CreateTeamInput) => apiCall('setting/createTeam', input);
