import type { RuntimeConfig } from '@/config/config-loader';
import { devIdentity, fetchDevIdToken } from '@/lib/dev-login';
import { initLiff } from '@/lib/liff';

const GOOGLE_CREDENTIAL_KEY = 'shuttle:google-credential';

/** The LINE ID token to send to the server: from LIFF, or from the local identity provider. */
export async function lineIdToken(config: RuntimeConfig): Promise<string> {
  if (config.devLogin) return fetchDevIdToken('line', devIdentity());
  const liff = await initLiff();
  const token = liff.getIDToken();
  if (!token) throw new Error('LIFF gave no ID token');
  return token;
}

/** Google's credential is handed from the login page to /callback through sessionStorage. */
export function keepGoogleCredential(credential: string): void {
  window.sessionStorage.setItem(GOOGLE_CREDENTIAL_KEY, credential);
}

export async function googleIdToken(config: RuntimeConfig): Promise<string> {
  if (config.devLogin) return fetchDevIdToken('google', devIdentity());
  const credential = window.sessionStorage.getItem(GOOGLE_CREDENTIAL_KEY);
  window.sessionStorage.removeItem(GOOGLE_CREDENTIAL_KEY);
  if (!credential) throw new Error('No Google credential to exchange');
  return credential;
}
