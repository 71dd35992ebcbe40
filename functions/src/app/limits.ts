import type { AdminRoutePath, MemberRoutePath } from '@shuttle/shared';
import type { CallLimits } from '#platform/http.ts';
import type { RateBucket, RateLimiter } from '#platform/rate-limit.ts';

/**
 * The one table of request limits: each rate bucket with its production default, and which
 * calls of each API count against which buckets and accept how large a body. functions/src/app/LIMITS.md
 * lists the same defaults (a unit test compares them).
 */

export const RATE_BUCKETS = {
  /** Anonymous browsing: session list, detail, participants, team names. */
  browse: { by: 'address', limit: 120, windowSeconds: 60 },
  /** Signed-in reads of one player: sessions, their players, bookings, history, settings. */
  memberRead: { by: 'account', limit: 120, windowSeconds: 60 },
  /** Joins, cancellations and team joins of one player. */
  memberWrite: { by: 'account', limit: 30, windowSeconds: 60 },
  /** Member (LINE, Google) and admin logins from one address. */
  loginByAddress: { by: 'address', limit: 60, windowSeconds: 600 },
  /**
   * Admin logins to one email from one address (/64): a lock for that pair only. Tries to one
   * email from everywhere are slowed down, never locked (admin-accounts/sign-in.ts).
   */
  loginByEmailAndAddress: { by: 'emailAndAddress', limit: 10, windowSeconds: 900 },
  /** Verification codes a player asks for. */
  codeSendByAccount: { by: 'account', limit: 10, windowSeconds: 3600 },
  /** Verification codes sent to one address, whoever asks. */
  codeSendByEmail: { by: 'email', limit: 5, windowSeconds: 3600 },
  /** Verification code checks of one player. */
  codeCheck: { by: 'account', limit: 20, windowSeconds: 600 },
  resetRequestByAddress: { by: 'address', limit: 10, windowSeconds: 3600 },
  resetRequestByEmail: { by: 'email', limit: 3, windowSeconds: 3600 },
  resetCheckByAddress: { by: 'address', limit: 30, windowSeconds: 900 },
  resetCheckByEmail: { by: 'email', limit: 10, windowSeconds: 900 },
  /** Admin accounts opened from one address (sign-up, or a player becoming team leader). */
  signup: { by: 'address', limit: 10, windowSeconds: 3600 },
  /** Co-admin invitations one admin sends. */
  invite: { by: 'account', limit: 20, windowSeconds: 3600 },
  /** Session creation calls of one admin (each may publish up to 52 sessions). */
  sessionCreate: { by: 'account', limit: 30, windowSeconds: 3600 },
  /** Team news one admin posts (each reaches every member who wants news). */
  news: { by: 'account', limit: 10, windowSeconds: 3600 },
  /**
   * Notice-producing admin calls of one team, whichever of its admins makes them (venue/time
   * changes, deletions, capacity, removals, news): functions/src/app/LIMITS.md, "Fan-out". Counted by the
   * handler once the team is known (`teamLimit`).
   */
  teamNotices: { by: 'team', limit: 60, windowSeconds: 3600 },
  /** CSV downloads (a month of a team's sessions, or a player's year): docs/MONEY.md. */
  csvExport: { by: 'account', limit: 30, windowSeconds: 3600 },
  /**
   * Live board socket upgrades from one address, refused or not (docs/ON-COURT.md, "Live"):
   * locally in `local/rotation-live.ts`, on AWS in the `$connect` function. Open sockets are
   * bounded apart from this (rotation/socket-limits.ts).
   */
  liveConnect: { by: 'address', limit: 60, windowSeconds: 60 },
  /**
   * Self check-in scans of one player (docs/ON-COURT.md, "Self check-in"), counted before the
   * code is compared: a scan or two an evening is normal, guessing codes is not.
   */
  selfCheckIn: { by: 'account', limit: 10, windowSeconds: 600 },
} as const satisfies Record<string, Omit<RateBucket, 'name'>>;

export type RateBucketName = keyof typeof RATE_BUCKETS;

interface Limits {
  maxBodyBytes?: number;
  rate?: readonly RateBucketName[];
}

/** Bodies of anonymous reads are a few hundred bytes; of logins at most an 8 KB ID token. */
const SMALL_BODY = 8 * 1024;
const LOGIN_BODY = 16 * 1024;

const browse: Limits = { maxBodyBytes: SMALL_BODY, rate: ['browse'] };
const login: Limits = { maxBodyBytes: LOGIN_BODY, rate: ['loginByAddress', 'loginByEmailAndAddress'] };
/** Signed-in reads count by account (the anonymous ones by address, `browse`). */
const read: Limits = { rate: ['memberRead'] };

export const CALL_LIMITS = {
  member: {
    'withoutAuth/getSessionList': browse,
    'withoutAuth/getDetail': browse,
    'withoutAuth/getMemberList': browse,
    'withoutAuth/getTeamName': browse,
    loginLine: login,
    loginGoogle: login,
    'checkState/checkAuth': read,
    'checkState/sessionList/getSessionList': read,
    'checkState/sessionList/getDetail': read,
    'checkState/sessionList/getMemberList': read,
    'checkState/booked/getBooked': read,
    'checkState/history/getHistory': read,
    'checkState/setting/getAmountOfAttend': read,
    'checkState/static/getTeamName': read,
    'checkState/email/emailStatus': read,
    'checkState/calendar/getFeed': read,
    'checkState/passes/mine': read,
    'checkState/noShow/mySuspension': read,
    'checkState/setting/getLevel': read,
    'checkState/sessionList/joinSession': { rate: ['memberWrite'] },
    'checkState/booked/cancelBooked': { rate: ['memberWrite'] },
    'checkState/booked/acceptOffer': { rate: ['memberWrite'] },
    'checkState/booked/declineOffer': { rate: ['memberWrite'] },
    'checkState/booked/selfCheckIn': { maxBodyBytes: SMALL_BODY, rate: ['selfCheckIn'] },
    'checkState/notify/serviceToken': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/member/joinTeam': { rate: ['memberWrite'] },
    'checkState/setting/updateProfile': { rate: ['memberWrite'] },
    'checkState/email/updatePreferences': { rate: ['memberWrite'] },
    'checkState/calendar/resetFeed': { rate: ['memberWrite'] },
    'checkState/calendar/deleteFeed': { rate: ['memberWrite'] },
    'checkState/email/sendCode': { rate: ['codeSendByAccount', 'codeSendByEmail'] },
    'checkState/email/verifyCode': { rate: ['codeCheck'] },
    'checkState/setting/becomeLeader': { rate: ['signup'] },
    'checkState/payments/reportTransfer': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/setting/level': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/history/exportCsv': { maxBodyBytes: SMALL_BODY, rate: ['csvExport'] },
    'checkState/setting/nickname': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/account/exportData': { maxBodyBytes: SMALL_BODY, rate: ['csvExport'] },
    'checkState/account/delete': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    // The rotation board (docs/ON-COURT.md): players read it, the session's helper changes it, the venue screen polls it.
    'checkState/rotation/getBoard': { maxBodyBytes: SMALL_BODY, rate: ['memberRead'] },
    'checkState/rotation/startNext': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/rotation/finish': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/rotation/setPlayer': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/rotation/swapNext': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/rotation/moveUp': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/rotation/notifyMe': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/stats/get': { maxBodyBytes: SMALL_BODY, rate: ['memberRead'] },
    'checkState/setting/ratings': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'checkState/stats/acceptSuggestedLevel': { maxBodyBytes: SMALL_BODY, rate: ['memberWrite'] },
    'withoutAuth/rotation/screen': { maxBodyBytes: SMALL_BODY, rate: ['browse'] },
  } satisfies Partial<Record<MemberRoutePath, Limits>>,
  admin: {
    signup: { maxBodyBytes: LOGIN_BODY, rate: ['signup'] },
    login,
    'password/requestReset': { maxBodyBytes: LOGIN_BODY, rate: ['resetRequestByAddress', 'resetRequestByEmail'] },
    'password/reset': { maxBodyBytes: LOGIN_BODY, rate: ['resetCheckByAddress', 'resetCheckByEmail'] },
    'setting/inviteAdmin': { rate: ['invite'] },
    'createSession/createSession': { rate: ['sessionCreate'] },
    'createSession/copySession': { rate: ['sessionCreate'] },
    'team/postNews': { rate: ['news'] },
    'payments/markPaid': { maxBodyBytes: SMALL_BODY },
    'payments/markUnpaid': { maxBodyBytes: SMALL_BODY },
    'payments/usePass': { maxBodyBytes: SMALL_BODY },
    'passes/sell': { maxBodyBytes: SMALL_BODY },
    'noShow/updateRule': { maxBodyBytes: SMALL_BODY },
    'reports/exportCsv': { maxBodyBytes: SMALL_BODY, rate: ['csvExport'] },
    'signed/signed': { maxBodyBytes: SMALL_BODY },
    'signed/addWalkIn': { maxBodyBytes: SMALL_BODY },
    'signed/promote': { maxBodyBytes: SMALL_BODY },
    'signed/getSelfCheckIn': { maxBodyBytes: SMALL_BODY },
    'signed/rotateSelfCheckIn': { maxBodyBytes: SMALL_BODY },
    'rotation/setup': { maxBodyBytes: SMALL_BODY },
    'rotation/startNext': { maxBodyBytes: SMALL_BODY },
    'rotation/finish': { maxBodyBytes: SMALL_BODY },
    'rotation/setPlayer': { maxBodyBytes: SMALL_BODY },
    'rotation/swapNext': { maxBodyBytes: SMALL_BODY },
    'rotation/lockPair': { maxBodyBytes: SMALL_BODY },
    'rotation/moveUp': { maxBodyBytes: SMALL_BODY },
    'rotation/setHelper': { maxBodyBytes: SMALL_BODY },
    'rotation/exportCsv': { maxBodyBytes: SMALL_BODY, rate: ['csvExport'] },
  } satisfies Partial<Record<AdminRoutePath, Limits>>,
} as const;

export interface RateLimitSettings {
  enabled: boolean;
  /** Replaces the limit or window of some buckets (tests use small ones). */
  buckets?: Partial<Record<RateBucketName, { limit?: number; windowSeconds?: number }>>;
}

/** `SHUTTLE_RATE_LIMITS`: unset or `on` for the production defaults, `off` for none (benches, load tests). */
export function rateLimitSettings(value: string | undefined): RateLimitSettings {
  if (value === undefined || value === '' || value === 'on') return { enabled: true };
  if (value === 'off') return { enabled: false };
  throw new Error(`SHUTTLE_RATE_LIMITS must be on or off, not ${value}`);
}

/** An API's row of the table, with the buckets resolved (body limits apply even with rate limits off). */
export function callLimits(api: keyof typeof CALL_LIMITS, settings: RateLimitSettings): Record<string, CallLimits> {
  const bucket = (name: RateBucketName): RateBucket => ({
    name,
    ...RATE_BUCKETS[name],
    ...settings.buckets?.[name],
  });
  return Object.fromEntries(
    Object.entries(CALL_LIMITS[api] as Record<string, Limits>).map(([path, limits]) => [
      path,
      { maxBodyBytes: limits.maxBodyBytes, rate: settings.enabled ? limits.rate?.map(bucket) : undefined },
    ]),
  );
}

/** Buckets for calls outside the contract tables (the calendar's .ics downloads); none while limits are off. */
export function rateBuckets(names: readonly RateBucketName[], settings: RateLimitSettings): RateBucket[] {
  if (!settings.enabled) return [];
  return names.map((name) => ({ name, ...RATE_BUCKETS[name], ...settings.buckets?.[name] }));
}

/**
 * The per-team check of notice-producing admin calls (`teamNotices`), a no-op while limits are
 * off. Called after the team scope check, so only a team's own admins spend its bucket.
 */
export function teamLimit(
  limiter: Pick<RateLimiter, 'check'> | null,
  settings: RateLimitSettings,
): (teamId: string) => Promise<void> {
  const buckets = rateBuckets(['teamNotices'], settings);
  return async (teamId) => {
    if (!limiter || buckets.length === 0) return;
    await limiter.check(buckets, { address: 'unknown', account: null, email: null, team: teamId });
  };
}
