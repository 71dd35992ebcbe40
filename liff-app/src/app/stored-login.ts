import type { MemberProfile } from '@shuttle/shared';
import { ApiError } from '@shuttle/shared/web/api-error.ts';

/**
 * The start-up check of a stored login (docs/PLAYER-EXPERIENCE.md, "Login at start-up"): only
 * a 401 means the login is gone; a network error, a timeout or a 5xx keeps it and is retried,
 * so a blip on a train never signs the player out.
 */
export type StoredLogin = { state: 'valid'; profile: MemberProfile } | { state: 'invalid' } | { state: 'unreachable' };

/** Waits between the attempts: three tries within about five seconds. */
export const RETRY_DELAYS_MS = [1_000, 4_000] as const;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function checkStoredLogin(
  check: () => Promise<MemberProfile>,
  sleep: (ms: number) => Promise<void> = sleepFor,
): Promise<StoredLogin> {
  for (let attempt = 0; ; attempt++) {
    try {
      return { state: 'valid', profile: await check() };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { state: 'invalid' };
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return { state: 'unreachable' };
      await sleep(delay);
    }
  }
}
