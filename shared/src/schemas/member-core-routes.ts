import { memberList, sessionDetail } from './entities.ts';
import * as m from './member-api.ts';
import { route } from './routes.ts';

/**
 * The member calls of the catch-all group (member-routes.ts): sessions, bookings, history,
 * teams and the MINI App's notification token. A table of their own, so the function that
 * serves them carries only their contracts (docs/DEPLOY.md, "Bundles").
 */
export const memberCoreRoutes = {
  'withoutAuth/getSessionList': route({
    method: 'POST',
    auth: 'none',
    summary: 'Browse sessions with filters, sort and cursor pagination (visitor form)',
    request: m.sessionListQuery,
    refs: { teamId: 'filter' },
    response: m.sessionListPage,
  }),
  'withoutAuth/getDetail': route({
    method: 'POST',
    auth: 'none',
    summary: 'Session detail (visitor form)',
    request: m.sessionRef,
    refs: { sessionId: 'session' },
    response: sessionDetail,
  }),
  'withoutAuth/getMemberList': route({
    method: 'POST',
    auth: 'none',
    summary: 'Accepted players and waitlist of a session (visitor form)',
    request: m.sessionRef,
    refs: { sessionId: 'session' },
    response: memberList,
  }),
  'withoutAuth/getTeamName': route({
    method: 'GET',
    auth: 'none',
    summary: 'Teams for the team filter (visitor form)',
    request: null,
    response: m.teamNameList,
  }),
  'checkState/sessionList/joinSession': route({
    method: 'POST',
    auth: 'member',
    summary: 'Reserve a place, or a place on the waitlist when the session is full',
    request: m.joinSessionRequest,
    refs: { sessionId: 'session' },
    response: m.joinSessionResult,
    idempotent: true,
  }),
  'checkState/sessionList/getSessionList': route({
    method: 'POST',
    auth: 'member',
    summary: "Browse sessions with the caller's booking state",
    request: m.sessionListQuery,
    refs: { teamId: 'filter' },
    response: m.sessionListPage,
  }),
  'checkState/sessionList/getDetail': route({
    method: 'POST',
    auth: 'member',
    summary: "Session detail with the caller's booking state",
    request: m.sessionRef,
    refs: { sessionId: 'session' },
    response: sessionDetail,
  }),
  'checkState/sessionList/getMemberList': route({
    method: 'POST',
    auth: 'member',
    summary: 'Participants, marking the caller',
    request: m.sessionRef,
    refs: { sessionId: 'session' },
    response: memberList,
  }),
  'checkState/booked/getBooked': route({
    method: 'GET',
    auth: 'member',
    summary: "The caller's upcoming bookings (accepted and waiting)",
    request: null,
    response: m.bookedList,
  }),
  'checkState/booked/cancelBooked': route({
    method: 'POST',
    auth: 'member',
    summary: 'Cancel a booking; promotes the waitlist head when a place frees',
    request: m.cancelBookedRequest,
    refs: { sessionId: 'ownBooking' },
    response: m.cancelBookedResult,
    idempotent: true,
  }),
  'checkState/booked/acceptOffer': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Take the waitlist place offered to the caller before offerExpiresAt, or, while waiting, a last-call place open to everyone waiting (lastCallSeats): the first claim wins, later ones get 409 PLACE_TAKEN; a retry answers the same',
    request: m.sessionRef,
    refs: { sessionId: 'ownBooking' },
    response: m.joinSessionResult,
  }),
  'checkState/booked/declineOffer': route({
    method: 'POST',
    auth: 'member',
    summary: 'Decline the place offered to the caller: it passes to the next in order; a retry answers the same',
    request: m.sessionRef,
    refs: { sessionId: 'ownBooking' },
    response: m.cancelBookedResult,
  }),
  'checkState/booked/selfCheckIn': route({
    method: 'POST',
    auth: 'member',
    summary:
      'Check in by the QR shown at the venue: a player with a place in the session, from 1 h before its start to its end, with the code of the QR; a second scan answers the same',
    request: m.selfCheckInRequest,
    refs: { sessionId: 'ownBooking' },
    response: m.selfCheckInResult,
  }),
  'checkState/notify/serviceToken': route({
    method: 'POST',
    auth: 'member',
    summary:
      "LINE MINI App mode: hand over a LIFF access token for the caller's booking (reserved, waiting or entered), so its later notices go as free service messages; 409 MINI_APP_OFF when the mode is off",
    request: m.serviceTokenRequest,
    refs: { sessionId: 'ownBooking' },
    response: m.serviceTokenResult,
  }),
  'checkState/history/getHistory': route({
    method: 'GET',
    auth: 'member',
    summary: 'Past sessions with attendance and statistics',
    request: null,
    response: m.historyResult,
  }),
  'checkState/member/joinTeam': route({
    method: 'POST',
    auth: 'member',
    summary: 'Join a team: a member at once, or a pending request when the team approves joins; idempotent',
    request: m.joinTeamRequest,
    refs: { teamId: 'existingTeam' },
    response: m.joinTeamResult,
  }),
  'checkState/setting/getAmountOfAttend': route({
    method: 'GET',
    auth: 'member',
    summary: 'How many sessions the caller attended',
    request: null,
    response: m.amountOfAttend,
  }),
  'checkState/static/getTeamName': route({
    method: 'GET',
    auth: 'member',
    summary: 'Teams for the team filter, with is_in for the caller',
    request: null,
    response: m.teamNameList,
  }),
} as const;
