import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type LoginInput = RequestOf<AdminRoutes['login']>;

/** Email and password; wrong passwords never lock the account, they space the next tries out (429 with Retry-After). */
export const login = (input: LoginInput) => apiCall('login', input);
