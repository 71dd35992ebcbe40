/** Business constants shared by the apps and the server. */

export const REGIONS = [
  '台北市',
  '新北市',
  '桃園市',
  '台中市',
  '台南市',
  '高雄市',
  '新竹市',
  '新竹縣',
  '苗栗縣',
  '彰化縣',
  '南投縣',
  '雲林縣',
  '嘉義市',
  '嘉義縣',
  '屏東縣',
  '宜蘭縣',
  '花蓮縣',
  '台東縣',
  '澎湖縣',
  '金門縣',
  '連江縣',
] as const;
export type Region = (typeof REGIONS)[number];

export const CATEGORIES = ['casual', 'competitive', 'social', 'training', 'beginner'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SORT_ORDERS = ['none', 'latestFirst', 'oldestFirst', 'priceHighToLow', 'priceLowToHigh'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Status tabs of the member list; `upcoming` (open and not yet open: not started) is the app's default;
 * then 全部場次, 進行中, 報名中, 尚未開放, 已結束. */
export const STATUS_FILTERS = ['upcoming', 'all', 'inProgress', 'open', 'notYetOpen', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Whether a status tab keeps a session of this status. */
export function statusFilterKeeps(
  filter: StatusFilter,
  status: 'inProgress' | 'open' | 'notYetOpen' | 'ended',
): boolean {
  if (filter === 'all') return true;
  if (filter === 'upcoming') return status === 'open' || status === 'notYetOpen';
  return filter === status;
}

export const MEMBER_HOME_CATEGORIES = ['sessionList', 'reserved', 'reservationHistory'] as const;
export type MemberHomeCategory = (typeof MEMBER_HOME_CATEGORIES)[number];

export const LANGUAGES = ['zh-TW', 'en', 'es', 'ja', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';
export const FALLBACK_LANGUAGE: Language = 'en';

export const NOTIFICATION_KINDS = ['news', 'newsDirect', 'waitlist', 'bookingReminder', 'sessionChange'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const STORAGE_KEYS = { memberToken: 'token', adminToken: 'admin-token', language: 'language' } as const;

export const REQUEST_TIMEOUT_MS = 300_000;
export const COPIED_STATE_MS = 5_000;

export const VERIFICATION_CODE_LENGTH = 6;
/**
 * Digits of an admin password-reset code: long enough that guessing one code for each of many
 * accounts finds none (functions/src/app/LIMITS.md, "Admin sign-in").
 */
export const RESET_CODE_LENGTH = 10;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_MAX_WRONG_TRIES = 5;
/** Wrong codes an account may enter per Taipei day, across every code it asks for. */
export const VERIFICATION_MAX_WRONG_TRIES_PER_DAY = 10;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;

export const STATISTICS_WINDOW_DAYS = 30;
export const POLICIES_EFFECTIVE_DATE = '2025-02-01';

/**
 * Minutes before the start when a booking turns 'Starting Soon' and can no longer be cancelled.
 * Teams may override it; two hours is what most Taiwanese pickup groups ask of their players.
 */
export const DEFAULT_CANCEL_WINDOW_MINUTES = 120;

/** Largest party one player may book for: the player plus guests. */
export const MAX_PARTY_SIZE = 3;
/** Self check-in by the QR at the venue opens this long before a session's start (docs/ON-COURT.md). */
export const SELF_CHECK_IN_LEAD_MINUTES = 60;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

/** Taiwan has no daylight saving time: local time is always UTC+8. */
export const TAIPEI_UTC_OFFSET_MINUTES = 8 * 60;

// Limits of what people enter: the zod contracts enforce them on the server, and the forms check
// them in place and take their `maxLength`, `min` and `max` from here.

/** Longest text, in characters, of each field people type. */
export const TEXT_LIMITS = {
  displayName: 50,
  teamName: 50,
  /** A walk-in guest without an account. */
  playerName: 50,
  /** Searching members by name, or the member app's team filter. */
  nameSearch: 50,
  sessionTitle: 60,
  venueName: 100,
  address: 200,
  courtName: 30,
  notes: 1000,
  privateRules: 2000,
  lineLink: 300,
  email: 254,
} as const;

export const ADMIN_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  maxCourts: 12,
  maxCapacity: 60,
  maxPrice: 10_000,
  /** The create form repeats weekly for two weeks at least (one week is a single session); the API takes one. */
  minWeeks: 2,
  maxWeeks: 26,
  maxDates: 52,
  /**
   * Sessions one create call publishes at most (dates, or weeks times weekdays): one group
   * announcement and one transaction hold them (functions/src/db/TABLE.md, "Group announcements").
   */
  maxSessionsPerCreate: 52,
  maxSessionHours: 12,
  /** Sign-up opens at most this many days before a session (the create form's choice). */
  maxSignupDaysBefore: 60,
  /** Two days: how far before the start a team may stop cancellations. */
  maxCancelWindowMinutes: 2880,
  resetCodeMinutes: 30,
  inviteDays: 7,
  reportMonthsMax: 12,
} as const;

/**
 * Admin sign-in that strangers cannot take away: never a lock (functions/src/app/LIMITS.md, "Admin
 * sign-in"; functions/src/admin-accounts/sign-in.ts). The login summary of the admin API states them.
 */
export const SIGN_IN_LIMITS = {
  windowMinutes: 15,
  /** Tries to one email in a window before they are spaced out. */
  freeTries: 20,
  /** The longest wait between two tries to one email. */
  maxSpacingSeconds: 30,
  /** Failures in a window (from more than one address) that make an attack worth an email. */
  alertAfter: 10,
} as const;

/**
 * What one team may create per Taipei day, unless an operator raised it on the team item
 * (`dailySessionLimit`, `dailyInviteLimit`): a weekly series of half a year fits in a day's sessions.
 */
export const TEAM_DAILY_LIMITS = {
  sessions: 60,
  invites: 10,
} as const;

/** Points a game is played to (docs/ON-COURT.md, "Scores"): won by 2, capped at 30, 21 and 15. */
export const SCORING_POINTS = [21, 15, 11] as const;
export type ScoringPoints = (typeof SCORING_POINTS)[number];
export const DEFAULT_SCORING: ScoringPoints = 21;
/** A finished game's result can be changed or removed this long after its finish (`rotation/correctResult`, docs/ON-COURT.md). */
export const RESULT_CORRECTION_MINUTES = 30;

/** Stored enumerations the table's codecs check (functions/src/db/codecs) as well as the contracts. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'waived', 'refunded'] as const;
export const PAYMENT_METHODS = ['cash', 'transfer', 'linePay', 'jkoPay', 'other'] as const;
/** How a team takes new members: at once, or on an admin's approval (docs/DECISIONS.md). */
export const JOIN_RULES = ['open', 'approval'] as const;
export const REFUND_AS = ['refunded', 'credit'] as const;
export const SETTLEMENT_SPLITS = ['fixed', 'perHead'] as const;
export const SIGNUP_MODES = ['firstCome', 'lottery'] as const;
/** What a session's level range checks of a joining player (docs/ON-COURT.md, "Level filters"). */
export const LEVEL_CHECKS = ['declared', 'rating'] as const;
export const ADMIN_ROLES = ['owner', 'admin'] as const;
export const ROTATION_MODES = ['doubles', 'singles'] as const;
export const ROTATION_RULES = ['balanced', 'winnerStays'] as const;
export const ROTATION_PLAYER_STATES = ['ready', 'resting', 'gone'] as const;
