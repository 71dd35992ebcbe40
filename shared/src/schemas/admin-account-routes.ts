import {
  ADMIN_LIMITS,
  SIGN_IN_LIMITS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_WRONG_TRIES,
  VERIFICATION_MAX_WRONG_TRIES_PER_DAY,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
} from '../constants.ts';
import * as a from './admin-api.ts';
import { route } from './routes.ts';

// Figures in summaries come from the constants the code uses (functions/test/route-summaries.test.ts).

/**
 * The admin calls of accounts, the first part of `adminRoutes`: its own module
 * (not only its own table: a module's top-level calls stay in a bundle) so the Lambda serving them (functions/src/app/route-groups.ts) carries only these schemas
 * (docs/DEPLOY.md, "Bundles").
 */
export const adminAccountRoutes = {
  signup: route({
    method: 'POST',
    auth: 'none',
    summary: 'Open an admin account with email and password; returns an admin token',
    request: a.adminSignupRequest,
    response: a.adminLoginResult,
  }),
  login: route({
    method: 'POST',
    auth: 'none',
    summary: `Admin login. Wrong passwords never lock the account: after ${SIGN_IN_LIMITS.freeTries} tries to one email within ${SIGN_IN_LIMITS.windowMinutes} minutes, further tries are spaced out, at most ${SIGN_IN_LIMITS.maxSpacingSeconds} s apart (429 RATE_LIMITED with Retry-After), and the right password gets in when its turn comes`,
    request: a.adminLoginRequest,
    response: a.adminLoginResult,
  }),
  'password/requestReset': route({
    method: 'POST',
    auth: 'none',
    summary: `Email a one-time reset code and link (valid ${ADMIN_LIMITS.resetCodeMinutes} minutes); answers the same for unknown emails`,
    request: a.requestResetRequest,
    response: a.requestResetResult,
  }),
  'password/reset': route({
    method: 'POST',
    auth: 'none',
    summary: 'Set a new password with the emailed code or link token; signs out every earlier login',
    request: a.resetPasswordRequest,
    response: a.resetPasswordResult,
  }),
  'email/sendCode': route({
    method: 'POST',
    auth: 'admin',
    summary: `Email a ${VERIFICATION_CODE_LENGTH}-digit code to the account's address (valid ${VERIFICATION_CODE_TTL_SECONDS / 60} minutes, resend after ${VERIFICATION_RESEND_COOLDOWN_SECONDS} s)`,
    request: a.emptyAdminRequest,
    response: a.sendAdminEmailCodeResult,
  }),
  'email/verifyCode': route({
    method: 'POST',
    auth: 'admin',
    summary: `Verify the account's email with the code; ${VERIFICATION_MAX_WRONG_TRIES} wrong tries a code, ${VERIFICATION_MAX_WRONG_TRIES_PER_DAY} a day per account at most`,
    request: a.verifyAdminEmailRequest,
    response: a.adminProfile,
  }),
  'check-auth': route({
    method: 'GET',
    auth: 'admin',
    summary: 'Admin login check: displayName, pictureUrl and the isAdmin flag',
    request: null,
    response: a.adminProfile,
  }),
  checkAuth: route({
    method: 'GET',
    auth: 'admin',
    summary: 'Admin login check (same as check-auth)',
    request: null,
    response: a.adminProfile,
  }),
};
