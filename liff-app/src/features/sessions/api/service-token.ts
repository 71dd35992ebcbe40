import { runtimeConfig } from '@/config/config-loader';
import { apiCall } from '@/lib/api-client';
import { liffAccessToken } from '@/lib/liff';

/**
 * LINE MINI App mode: right after a booking, a waitlist place or a lottery entry made inside
 * LINE, `POST checkState/notify/serviceToken` hands the server the LIFF access token, so the
 * booking's later notices come as free service messages (docs/LINE.md, "Service messages").
 * Never fails the booking: without it the notices come as before.
 */
export async function handOverServiceToken(sessionId: string): Promise<void> {
  try {
    const config = await runtimeConfig();
    if (!config.miniApp) return;
    const token = await liffAccessToken(config);
    if (token) await apiCall('checkState/notify/serviceToken', { sessionId, liffAccessToken: token });
  } catch {
    /* the notices push as before */
  }
}
