import { clearLogin } from '@/lib/auth';
import { firstCall } from '@/lib/first-calls';

/**
 * The admin login check (`GET check-auth`): the profile with the isAdmin flag. At start it goes
 * out before the contracts have come (lib/first-calls.ts); an answer they later find wrong ends
 * the login, as a wrong answer checked at once would.
 */
export const checkAuth = () => firstCall('check-auth', undefined, clearLogin);
