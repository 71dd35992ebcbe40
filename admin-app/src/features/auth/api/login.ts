import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type LoginInput = RequestOf<AdminRoutes['login']>;

/** Email and password; five failures in a row lock the account for 15 minutes. */
export const login = (input: LoginInput) => apiCall('login', input);
