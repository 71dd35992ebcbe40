import { apiCall } from '@/lib/api-client';
import { setLogin } from '@/lib/auth';

/** `POST loginGoogle`: a Google Identity Services ID token for a member token. */
export async function loginGoogle(idToken: string) {
  const result = await apiCall('loginGoogle', { idToken });
  setLogin(result.token, result.user);
  return result;
}
