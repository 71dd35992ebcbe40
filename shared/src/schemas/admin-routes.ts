import { adminAccountRoutes } from './admin-account-routes.ts';
import * as a from './admin-api.ts';
import { paymentAdminRoutes } from './payment-routes.ts';
import { rotationAdminRoutes } from './rotation.ts';
import { route } from './routes.ts';
import { settlementAdminRoutes } from './settlement.ts';

/**
 * Every admin call, keyed by its path under `/api/admin/`. Team calls take an
 * optional `teamId` (default: the admin's current team); session calls act on the session's
 * team. Either way the caller must be an admin of that team.
 */
export const adminRoutes = {
  ...adminAccountRoutes,
  'createSession/getDefaultSetting': route({
    method: 'POST',
    auth: 'admin',
    summary: 'A new session form prefilled from the team defaults',
    request: a.teamScope,
    response: a.sessionDefaults,
  }),
  'createSession/createSession': route({
    method: 'POST',
    auth: 'admin',
    summary:
      'Publish one session (publishState 0) or many (publishState 1: weekly or on dates), all or none; team-only until the email is verified; a daily cap per team',
    request: a.createSessionRequest,
    response: a.createSessionResult,
    idempotent: true,
  }),
  'courtSession/upcommingSessions': route({
    method: 'POST',
    auth: 'admin',
    summary: "The team's upcoming (or past) sessions with fill rate and waitlist length",
    request: a.upcomingSessionsRequest,
    response: a.adminSessionPage,
  }),
  'courtSession/getDetail': route({
    method: 'POST',
    auth: 'admin',
    summary: 'One session of the team',
    request: a.sessionScope,
    response: a.adminSession,
  }),
  'courtSession/getSessionMember': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Accepted players and the waitlist in order',
    request: a.sessionScope,
    response: a.sessionMembers,
  }),
  'courtSession/getBooks': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Every booking of the session, cancelled ones included, in booking order',
    request: a.sessionScope,
    response: a.sessionBooks,
  }),
  'courtSession/signedMembers': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Accepted players with their attendance, for check-in',
    request: a.sessionScope,
    response: a.signedMembers,
  }),
  'courtSession/switchPublic': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Make the session public (needs a verified email) or team-only',
    request: a.switchPublicRequest,
    response: a.adminSession,
  }),
  'courtSession/switchOpening': route({
    method: 'POST',
    auth: 'admin',
    summary: "Open or close sign-up ('Booking Closed'); opening before the scheduled opening opens it now",
    request: a.switchOpeningRequest,
    response: a.adminSession,
  }),
  'courtSession/updateCapacity': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Change capacity: raising promotes the waitlist in order; below the accepted count is refused',
    request: a.updateCapacityRequest,
    response: a.updateCapacityResult,
  }),
  'courtSession/removePlayer': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Remove a booked or waiting player; a freed place goes to the waitlist head in order',
    request: a.removePlayerRequest,
    response: a.removePlayerResult,
  }),
  'courtSession/updateVenue': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Change venue, courts or time; booked and waiting players get a change notice',
    request: a.updateVenueRequest,
    response: a.sessionChangeResult,
  }),
  'courtSession/delete': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Delete a session that has not started; booked and waiting players get a notice',
    request: a.sessionScope,
    response: a.deleteSessionResult,
  }),
  'members/getMembers': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Team members with search, paging and attendance over the last year',
    request: a.getMembersRequest,
    response: a.membersPage,
  }),
  'members/switchBlock': route({
    method: 'POST',
    auth: 'admin',
    summary: "Block or unblock a player; blocking cancels their bookings of the team's future sessions",
    request: a.switchBlockRequest,
    response: a.switchBlockResult,
  }),
  'members/updateMembership': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Set a member as member, regular or vip',
    request: a.updateMembershipRequest,
    response: a.updateMembershipResult,
  }),
  'members/getJoinRequests': route({
    method: 'POST',
    auth: 'admin',
    summary: "Players waiting for approval to join the team (when the team's join rule is approval)",
    request: a.teamScope,
    response: a.joinRequestList,
  }),
  'members/approveJoin': route({
    method: 'POST',
    auth: 'admin',
    summary: "Approve a player's join request: they become a member; approving again changes nothing",
    request: a.decideJoinRequest,
    response: a.decideJoinResult,
  }),
  'members/rejectJoin': route({
    method: 'POST',
    auth: 'admin',
    summary: "Reject a player's join request; they may ask again",
    request: a.decideJoinRequest,
    response: a.decideJoinResult,
  }),
  'signed/signed': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Mark an accepted player attended or absent (idempotent)',
    request: a.signRequest,
    response: a.signResult,
    idempotent: true,
  }),
  'signed/getSignedList': route({
    method: 'POST',
    auth: 'admin',
    summary: "A day's sessions (default today, Taipei) with attendance counts",
    request: a.signedListRequest,
    response: a.signedList,
  }),
  'signed/addWalkIn': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Add a walk-in player (known player or guest) as accepted and attended; takes a free place',
    request: a.addWalkInRequest,
    response: a.addWalkInResult,
    idempotent: true,
  }),
  'board/getBoard': route({
    method: 'POST',
    auth: 'admin',
    summary: "Today's and upcoming sessions, recent bookings and cancellations, this month's figures",
    request: a.teamScope,
    response: a.board,
  }),
  'reports/revenueByMonth': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Revenue (attended players x price) and attendance per Taipei month, at most 12 months',
    request: a.revenueByMonthRequest,
    response: a.revenueByMonth,
  }),
  'reports/revenueBySession': route({
    method: 'POST',
    auth: 'admin',
    summary: 'Revenue and attendance per session of a Taipei month',
    request: a.revenueBySessionRequest,
    response: a.revenueBySession,
  }),
  ...paymentAdminRoutes,
  ...rotationAdminRoutes,
  ...settlementAdminRoutes,
} as const;

export type AdminRoutes = typeof adminRoutes;
export type AdminRoutePath = keyof AdminRoutes;
