import type { AdminRoutePath, MemberRoutePath } from '@shuttle/shared';

/**
 * A valid request for every call that names something, aimed at one team's world, so a test can
 * change one field (a foreign id, another caller) and know that field is the reason for a refusal.
 */
export interface SampleWorld {
  /** The caller's team. */
  teamId: string;
  /** A session of the team, starting within the hour (walk-ins are open), with a rotation board. */
  sessionId: string;
  venueId: string;
  /** A member of the team, booked into the session, checked in and on its board. */
  playerId: string;
  /** A second player of the session on its board. */
  otherPlayerId: string;
  /** `playerId` and `otherPlayerId` by their ids on the session's board, as players and helpers name them. */
  boardIds: [string, string];
  /** A player waiting for the team's approval to join. */
  joinRequesterId: string;
  /** An admin of the team (removeAdmin). */
  adminId: string;
  /** A season pass of the team, sold to `playerId`. */
  passId: string;
  sessionBody: () => Record<string, unknown>;
}

/** A valid admin request for every guarded call. */
export function adminSample(path: AdminRoutePath, w: SampleWorld): unknown {
  const team = { teamId: w.teamId };
  const session = { sessionId: w.sessionId };
  const samples: Partial<Record<AdminRoutePath, unknown>> = {
    'check-auth': undefined,
    checkAuth: undefined,
    'email/sendCode': {},
    'email/verifyCode': { code: '123456' },
    'get-default-data': team,
    'setting/defaultData': team,
    'setting/updateDefault': { ...team, default_price: 999 },
    'setting/updatePrivateRules': { ...team, private_rules: 'taken over' },
    'setting/updateLine': { ...team, default_line: '' },
    'setting/updateGroupAnnouncements': { ...team, placeFreed: false },
    'team/postNews': { ...team, text: '本週停打' },
    'setting/lineBindCode': team,
    'setting/lineUnbind': team,
    'setting/getCourts': team,
    'setting/saveVenue': { ...team, name: '外隊場地', region: '台北市' },
    'setting/deleteVenue': { ...team, venue_id: w.venueId },
    'setting/createTeam': { team_name: '新隊' },
    'setting/getTeamListByUser': {},
    'setting/updateCurrentTeam': team,
    'setting/getTeamNameList': {},
    'setting/getAdmins': team,
    'setting/inviteAdmin': { ...team, email: 'intruder@example.com' },
    'setting/acceptInvite': { token: 'A'.repeat(43) },
    'setting/removeAdmin': { ...team, adminId: w.adminId },
    'createSession/getDefaultSetting': team,
    'createSession/createSession': { ...w.sessionBody(), ...team },
    'createSession/copySession': { ...session, startsAt: w.sessionBody().startsAt },
    'courtSession/upcommingSessions': team,
    'courtSession/getDetail': session,
    'courtSession/getSessionMember': session,
    'courtSession/getBooks': session,
    'courtSession/signedMembers': session,
    'courtSession/switchPublic': { ...session, isPublic: false },
    'courtSession/switchOpening': { ...session, open: false },
    'courtSession/updateCapacity': { ...session, capacity: 30 },
    'courtSession/removePlayer': { ...session, userId: w.playerId },
    'courtSession/updateVenue': { ...session, venue: '別的場地' },
    'courtSession/delete': session,
    'members/getMembers': team,
    'members/switchBlock': { ...team, userId: w.playerId, blocked: true },
    'members/updateMembership': { ...team, userId: w.playerId, membership: 'vip' },
    'members/getJoinRequests': team,
    'members/approveJoin': { ...team, userId: w.joinRequesterId },
    'members/rejectJoin': { ...team, userId: w.joinRequesterId },
    'signed/signed': { ...session, userId: w.playerId, attendance: 'attended' },
    'signed/getSignedList': team,
    'signed/addWalkIn': { ...session, userId: w.playerId },
    'signed/promote': { ...session, userId: w.playerId, checkIn: true },
    'signed/getSelfCheckIn': session,
    'signed/rotateSelfCheckIn': session,
    'board/getBoard': team,
    'reports/revenueByMonth': { ...team, from: '2026-12', to: '2026-12' },
    'reports/revenueBySession': { ...team, month: '2026-12' },
    'payments/markPaid': { ...session, userId: w.playerId, method: 'cash', amount: 250 },
    'payments/markUnpaid': { ...session, userId: w.playerId },
    'payments/waive': { ...session, userId: w.playerId },
    'payments/getOutstanding': team,
    'payments/usePass': { ...session, userId: w.playerId, passId: w.passId },
    'payments/settleRefund': { ...session, userId: w.playerId, as: 'credit' },
    'payments/credits': team,
    'passes/sell': {
      ...team,
      userId: w.playerId,
      name: '季打',
      credits: 10,
      validFrom: '2026-12-01',
      validUntil: '2027-02-28',
      price: 2000,
      method: 'cash',
    },
    'passes/list': team,
    'passes/update': { ...team, passId: w.passId, validFrom: '2026-12-01' },
    'noShow/getRule': team,
    'noShow/updateRule': {
      ...team,
      noShowLimit: 2,
      noShowWindowDays: 30,
      noShowPenaltyDays: 14,
      lateCancelCountsHalf: true,
    },
    'noShow/suspensions': team,
    'noShow/liftSuspension': { ...team, userId: w.playerId },
    'reports/payments': { ...team, month: '2026-12' },
    'reports/exportCsv': { ...team, month: '2026-12', kind: 'revenue' },
    'rotation/setup': { ...session, courts: [1, 2], mode: 'doubles', rule: 'balanced' },
    'rotation/getBoard': session,
    'rotation/startNext': { ...session, court: 1 },
    'rotation/finish': { ...session, court: 1 },
    'rotation/correctResult': { ...session, gameNo: 1, winner: 0 },
    'rotation/setPlayer': { ...session, userId: w.playerId, state: 'resting' },
    'rotation/swapNext': { ...session, nextIndex: 0, outUserId: w.playerId, inUserId: w.otherPlayerId },
    'rotation/lockPair': { ...session, userId: w.playerId, partnerUserId: null },
    'rotation/moveUp': { ...session, userId: w.playerId },
    'rotation/setHelper': { ...session, userId: w.playerId },
    'rotation/rotateScreenToken': session,
    'rotation/exportCsv': session,
    'settlement/get': session,
    'settlement/update': { ...session, courtFeePerHour: 400, shuttlesUsed: 6, split: 'perHead' },
    'settlement/close': { ...session, early: true },
    'settlement/reopen': session,
    'settlement/month': { ...team, month: '2026-12' },
    'shuttles/get': team,
    'shuttles/addPurchase': { ...team, tubes: 2, pricePerTube: 480 },
    'shuttles/updateThreshold': { ...team, lowStockTubes: 3 },
    'setting/getPaymentDetails': team,
    'setting/updatePaymentDetails': {
      ...team,
      bankCode: '812',
      bankAccount: '12345678901234',
      linePayUrl: '',
      jkoPayUrl: '',
    },
  };
  if (!(path in samples)) throw new Error(`No sample request for ${path}: add one`);
  return samples[path];
}

/** A valid member request for every call that names something, by the session's player (its board's helper). */
export function memberSample(path: MemberRoutePath, w: SampleWorld): unknown {
  const session = { sessionId: w.sessionId };
  const samples: Partial<Record<MemberRoutePath, unknown>> = {
    'withoutAuth/getSessionList': { teamId: w.teamId },
    'withoutAuth/getDetail': session,
    'withoutAuth/getMemberList': session,
    'checkState/sessionList/joinSession': session,
    'checkState/sessionList/getSessionList': { teamId: w.teamId },
    'checkState/sessionList/getDetail': session,
    'checkState/sessionList/getMemberList': session,
    'checkState/booked/cancelBooked': session,
    'checkState/booked/acceptOffer': session,
    'checkState/booked/declineOffer': session,
    'checkState/booked/selfCheckIn': { ...session, code: 'A'.repeat(22) },
    'checkState/notify/serviceToken': { ...session, liffAccessToken: 'liff-sample-token-0000' },
    'checkState/member/joinTeam': { teamId: w.teamId },
    'checkState/payments/reportTransfer': { ...session, reference: '12345' },
    'checkState/noShow/mySuspension': { teamId: w.teamId },
    'checkState/rotation/getBoard': session,
    'checkState/rotation/notifyMe': { ...session, on: true },
    'checkState/stats/get': session,
    'checkState/setting/ratings': { on: true },
    'checkState/stats/acceptSuggestedLevel': {},
    'checkState/rotation/startNext': { ...session, court: 1 },
    'checkState/rotation/finish': { ...session, court: 1 },
    'checkState/rotation/setPlayer': { ...session, playerId: w.boardIds[0], state: 'resting' },
    'checkState/rotation/swapNext': { ...session, nextIndex: 0, outPlayerId: w.boardIds[0], inPlayerId: w.boardIds[1] },
    'checkState/rotation/moveUp': { ...session, playerId: w.boardIds[0] },
  };
  if (!(path in samples)) throw new Error(`No sample request for ${path}: add one`);
  return samples[path];
}
