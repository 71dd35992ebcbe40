import { type AdminLoginResult, STORAGE_KEYS } from '@shuttle/shared';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { sameOriginPath } from '@shuttle/shared/web/same-origin-path.ts';
import { storage } from '@shuttle/shared/web/storage.ts';
import { acceptLogin, acceptProfile } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';
import { acceptInvite } from '../api/accept-invite';
import { checkAuth } from '../api/check-auth';

export interface LoginOutcome {
  ok: boolean;
  joinedTeam?: string;
  inviteError?: unknown;
}

/**
 * After login, sign-up or 'become team leader': keep the token (only for an isAdmin account),
 * adopt the account's language when this browser has none, and accept a pending invitation.
 */
export async function completeLogin(result: AdminLoginResult, inviteToken: string | null): Promise<LoginOutcome> {
  if (!acceptLogin(result)) return { ok: false };
  const language = result.admin.language;
  if (!storage.get(STORAGE_KEYS.language) && isLanguage(language)) await changeLanguage(language);
  if (!inviteToken) return { ok: true };
  try {
    const team = await acceptInvite(inviteToken);
    // Joining may have made the invited team the current one.
    acceptProfile(await checkAuth());
    return { ok: true, joinedTeam: team.team_name };
  } catch (inviteError) {
    return { ok: true, inviteError };
  }
}

/** A `next` parameter only ever leads inside the admin app (`/.//x`, `/\\x`, `/%2F%2Fx`, tabs: `/`). */
export function safeNext(next: string | null): string {
  const url = sameOriginPath(next);
  return url ? `${url.pathname}${url.search}${url.hash}` : '/';
}
