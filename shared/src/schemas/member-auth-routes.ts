import { accountMemberRoutes } from './account.ts';
import { becomeLeaderRequest, becomeLeaderResult } from './admin-api.ts';
import { memberProfile } from './entities.ts';
import * as m from './member-api.ts';
import { route } from './routes.ts';

/**
 * The member calls of one's own account: sign-in, profile and language, e-mail and its
 * preferences, nickname, data export and deletion, becoming a leader. Spread into `memberRoutes`;
 * its own table so the route group serving them (`member-auth-api`, functions/src/app/route-groups.ts)
 * carries no other call's schemas (docs/DEPLOY.md, "Bundles").
 */
export const memberAuthRoutes = {
  loginLine: route({
    method: 'POST',
    auth: 'none',
    summary: 'Exchange a LINE ID token (from liff.getIDToken) for a member token',
    request: m.idTokenLogin,
    response: m.loginResult,
  }),
  loginGoogle: route({
    method: 'POST',
    auth: 'none',
    summary: 'Exchange a Google ID token for a member token',
    request: m.idTokenLogin,
    response: m.loginResult,
  }),
  'checkState/checkAuth': route({
    method: 'GET',
    auth: 'member',
    summary: 'Login status check; returns the profile',
    request: null,
    response: memberProfile,
  }),
  'checkState/setting/updateProfile': route({
    method: 'POST',
    auth: 'member',
    summary: 'Save the preferred language (used for LINE pushes and emails)',
    request: m.updateProfileRequest,
    response: memberProfile,
  }),
  'checkState/email/emailStatus': route({
    method: 'GET',
    auth: 'member',
    summary: 'Email, verification state and notification preferences',
    request: null,
    response: m.emailStatus,
  }),
  'checkState/email/sendCode': route({
    method: 'POST',
    auth: 'member',
    summary: 'Send a 6-digit verification code (expires in 10 minutes, resend after 60 s)',
    request: m.sendEmailCodeRequest,
    response: m.sendEmailCodeResult,
  }),
  'checkState/email/verifyCode': route({
    method: 'POST',
    auth: 'member',
    summary: 'Verify the code (at most 5 wrong tries)',
    request: m.verifyEmailCodeRequest,
    response: m.verifyEmailCodeResult,
  }),
  'checkState/email/updatePreferences': route({
    method: 'POST',
    auth: 'member',
    summary: 'Choose which of the four notification kinds to receive',
    request: m.updatePreferencesRequest,
    response: m.emailStatus,
  }),
  'checkState/setting/becomeLeader': route({
    method: 'POST',
    auth: 'member',
    summary: 'Become a team leader: opens (or reopens) an admin account linked to the player; returns an admin token',
    request: becomeLeaderRequest,
    response: becomeLeaderResult,
  }),
  ...accountMemberRoutes,
} as const;
