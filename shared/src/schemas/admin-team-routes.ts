import { ADMIN_LIMITS } from '../constants.ts';
import * as a from './admin-api.ts';
import { route } from './routes.ts';

// Figures in summaries come from the constants the code uses (functions/test/route-summaries.test.ts).

/**
 * The admin calls of team settings, venues, the LINE group, news and co-admins (`adminRoutes`): its
 * own module, so the Lambda serving them (functions/src/app/route-groups.ts) carries only these
 * schemas (docs/DEPLOY.md, "Bundles").
 */
export const adminTeamRoutes = {
  'get-default-data': route({
    method: 'GET',
    auth: 'admin',
    summary: "The team's default data (query teamId, default the current team)",
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/defaultData': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's default data and settings",
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/updateDefault': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Change team name, default venue, price, region, LINE link, cancellation window or join rule',
    request: a.updateDefaultRequest,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/updatePrivateRules': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Team rules shown to players on session detail',
    request: a.updatePrivateRulesRequest,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/updateLine': route({
    method: 'POST',
    auth: 'admin',
    summary: 'LINE community link shown to players',
    request: a.updateLineRequest,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/updateGroupAnnouncements': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Which announcements the bot posts to the bound LINE group (new sessions, sign-up opening, freed places, changes)',
    request: a.updateGroupAnnouncementsRequest,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'team/postNews': route({
    method: 'POST',
    auth: 'admin',
    summary: "Post the team's news to its bound LINE group and to members who want news (LINE or email)",
    request: a.postNewsRequest,
    refs: { teamId: 'team' },
    response: a.postNewsResult,
  }),
  'setting/lineBindCode': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'A one-time code (30 minutes; replaces the previous one) that binds the LINE group it is sent in to the team',
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.lineBindCodeResult,
  }),
  'setting/lineUnbind': route({
    method: 'POST',
    auth: 'admin',
    summary: "Unbind the team's LINE group",
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.defaultData,
  }),
  'setting/getCourts': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's venues and their courts",
    request: a.teamScope,
    refs: { teamId: 'team' },
    response: a.venueList,
  }),
  'setting/saveVenue': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Add a venue, or change one when venue_id is given',
    request: a.saveVenueRequest,
    refs: { teamId: 'team', venue_id: 'teamVenue' },
    response: a.venue,
  }),
  'setting/deleteVenue': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Remove a venue from the list (sessions keep their venue)',
    request: a.deleteVenueRequest,
    refs: { teamId: 'team', venue_id: 'teamVenue' },
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
    refs: { teamId: 'team' },
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
    refs: { teamId: 'team' },
    response: a.teamAdmins,
  }),
  'setting/inviteAdmin': route({
    method: 'POST',
    auth: 'admin',
    summary: `Email a co-admin invitation (owners with a verified email; valid ${ADMIN_LIMITS.inviteDays} days; a daily cap per team)`,
    request: a.inviteAdminRequest,
    refs: { teamId: 'ownedTeam' },
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
    refs: { teamId: 'team', adminId: 'teamAdmin' },
    response: a.teamAdmins,
  }),
};
