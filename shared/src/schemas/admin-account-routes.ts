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
 * The admin calls of accounts and team settings, the first part of `adminRoutes`: its own module
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
  'get-default-data': route({
    method: 'GET',
    auth: 'admin',
    summary: "The team's default data (query teamId, default the current team)",
    request: a.teamScope,
    response: a.defaultData,
  }),
  'setting/defaultData': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's default data and settings",
    request: a.teamScope,
    response: a.defaultData,
  }),
  'setting/updateDefault': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Change team name, default venue, price, region, LINE link, cancellation window or join rule',
    request: a.updateDefaultRequest,
    response: a.defaultData,
  }),
  'setting/updatePrivateRules': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Team rules shown to players on session detail',
    request: a.updatePrivateRulesRequest,
    response: a.defaultData,
  }),
  'setting/updateLine': route({
    method: 'POST',
    auth: 'admin',
    summary: 'LINE community link shown to players',
    request: a.updateLineRequest,
    response: a.defaultData,
  }),
  'setting/updateGroupAnnouncements': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Which announcements the bot posts to the bound LINE group (new sessions, sign-up opening, freed places, changes)',
    request: a.updateGroupAnnouncementsRequest,
    response: a.defaultData,
  }),
  'team/postNews': route({
    method: 'POST',
    auth: 'admin',
    summary: "Post the team's news to its bound LINE group and to members who want news (LINE or email)",
    request: a.postNewsRequest,
    response: a.postNewsResult,
  }),
  'setting/lineBindCode': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'A one-time code (30 minutes; replaces the previous one) that binds the LINE group it is sent in to the team',
    request: a.teamScope,
    response: a.lineBindCodeResult,
  }),
  'setting/lineUnbind': route({
    method: 'POST',
    auth: 'admin',
    summary: "Unbind the team's LINE group",
    request: a.teamScope,
    response: a.defaultData,
  }),
  'setting/getCourts': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's venues and their courts",
    request: a.teamScope,
    response: a.venueList,
  }),
  'setting/saveVenue': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Add a venue, or change one when venue_id is given',
    request: a.saveVenueRequest,
    response: a.venue,
  }),
  'setting/deleteVenue': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Remove a venue from the list (sessions keep their venue)',
    request: a.deleteVenueRequest,
    response: a.venueList,
  }),
  'setting/createTeam': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Create a team owned by the caller; it becomes the current team',
    request: a.createTeamRequest,
    response: a.createTeamResult,
  }),
  'setting/getTeamListByUser': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Teams the caller administers, with role and the current one marked',
    request: a.emptyAdminRequest,
    response: a.adminTeamItem.array(),
  }),
  'setting/updateCurrentTeam': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Switch the current team; returns a fresh token',
    request: a.updateCurrentTeamRequest,
    response: a.adminLoginResult,
  }),
  'setting/getTeamNameList': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Names of all teams (to pick a team name that is not taken)',
    request: a.emptyAdminRequest,
    response: a.teamNameEntry.array(),
  }),
  'setting/getAdmins': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's admins and pending invitations",
    request: a.teamScope,
    response: a.teamAdmins,
  }),
  'setting/inviteAdmin': route({
    method: 'POST',
    auth: 'admin',
    summary: `Email a co-admin invitation (owners with a verified email; valid ${ADMIN_LIMITS.inviteDays} days; a daily cap per team)`,
    request: a.inviteAdminRequest,
    response: a.inviteAdminResult,
  }),
  'setting/acceptInvite': route({
    method: 'POST',
    auth: 'admin',
    summary: "Join a team with the token from an invitation email; the account's email must be the invited one",
    request: a.acceptInviteRequest,
    response: a.adminTeamItem,
  }),
  'setting/removeAdmin': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Remove an admin (owners, or anyone removing themselves); the last owner stays',
    request: a.removeAdminRequest,
    response: a.teamAdmins,
  }),
};
