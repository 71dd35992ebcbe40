import type { AdminRoutes, RequestOf } from '@shuttle/shared';
import { apiCall } from '@/lib/api-client';

export type SignupInput = RequestOf<AdminRoutes['signup']>;

export const signup = (input: SignupInput) => apiCall('signup', input);
