import { apiCall } from '@/lib/api-client';
import { setLogin } from '@/lib/auth';

/** `POST loginLine`: a LINE ID token (liff.getIDToken) for a member token. */
export async function loginLine(idToken: string) {
  const result = await apiCall('loginLine', { idToken });
  setLogin(result.token, result.user);
  return result;
}
