/** Business constants of SPEC §9; everything here is shared by the apps and the server. */

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

/** Home category tabs for session status (全部場次, 進行中, 報名中, 尚未開放, 已結束). */
export const STATUS_FILTERS = ['all', 'inProgress', 'open', 'notYetOpen', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const MEMBER_HOME_CATEGORIES = ['sessionList', 'reserved', 'reservationHistory'] as const;
export type MemberHomeCategory = (typeof MEMBER_HOME_CATEGORIES)[number];

export const LANGUAGES = ['zh-TW', 'en', 'es', 'ja', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-TW';
export const FALLBACK_LANGUAGE: Language = 'en';

export const NOTIFICATION_KINDS = ['news', 'waitlist', 'bookingReminder', 'sessionChange'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const STORAGE_KEYS = { memberToken: 'token', adminToken: 'admin-token', language: 'language' } as const;

export const REQUEST_TIMEOUT_MS = 300_000;
export const COPIED_STATE_MS = 5_000;
export const LOADING_ANIMATION_MS = 3_000;
export const MODAL_CONFIRM_LABEL = '確認';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_MAX_WRONG_TRIES = 5;
export const VERIFICATION_RESEND_COOLDOWN_SECONDS = 60;

export const STATISTICS_WINDOW_DAYS = 30;
export const MINIMUM_AGE = 16;
export const POLICIES_EFFECTIVE_DATE = '2025-02-01';

/**
 * Minutes before the start when a booking turns 'Starting Soon' and can no longer be cancelled.
 * Teams may override it; two hours is what most Taiwanese pickup groups ask of their players.
 */
export const DEFAULT_CANCEL_WINDOW_MINUTES = 120;

/** Largest party one player may book for (the player plus guests); the API accepts 1 today. */
export const MAX_PARTY_SIZE = 3;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

/** Taiwan has no daylight saving time: local time is always UTC+8. */
export const TAIPEI_UTC_OFFSET_MINUTES = 8 * 60;
