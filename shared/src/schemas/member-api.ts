import * as z from 'zod';
import {
  CATEGORIES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  REGIONS,
  SORT_ORDERS,
  STATUS_FILTERS,
  TEXT_LIMITS,
  VERIFICATION_CODE_LENGTH,
} from '../constants.ts';
import {
  bookingStatus,
  category,
  historyItem,
  historyStatistics,
  id,
  isoDate,
  isoInstant,
  language,
  memberProfile,
  myBooking,
  notificationPreferences,
  partySize,
  region,
  sessionSummary,
  teamMembershipState,
  teamNameItem,
} from './entities.ts';
import { singleLineText } from './text.ts';

/** Request and response bodies of every member call (member-routes.ts pairs them with paths under `/api/`). */

export const sessionListQuery = z.object({
  status: z.enum(STATUS_FILTERS).default('all'),
  regions: z.array(region).max(REGIONS.length).default([]),
  date: isoDate.nullable().default(null),
  categories: z.array(category).max(CATEGORIES.length).default([]),
  sort: z.enum(SORT_ORDERS).default('none'),
  teamId: id.nullable().default(null),
  teamName: singleLineText(TEXT_LIMITS.nameSearch).default(''),
  /** Only sessions whose level range holds this level (sessions without a range always match). */
  level: z.number().int().min(1).max(18).nullable().default(null),
  cursor: z.string().max(512).nullable().default(null),
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type SessionListQuery = z.infer<typeof sessionListQuery>;
export type SessionListQueryInput = z.input<typeof sessionListQuery>;

export const sessionListPage = z.object({
  items: z.array(sessionSummary),
  nextCursor: z.string().nullable(),
});
export type SessionListPage = z.infer<typeof sessionListPage>;

export const sessionRef = z.object({ sessionId: id });
export type SessionRef = z.infer<typeof sessionRef>;

export const idTokenLogin = z.object({ idToken: z.string().min(10).max(8192) });

export const loginResult = z.object({
  token: z.string(),
  expiresAt: isoInstant,
  user: memberProfile,
});
export type LoginResult = z.infer<typeof loginResult>;

/** A LIFF access token (`liff.getAccessToken()`), handed over in LINE MINI App mode (docs/LINE.md, "Service messages"). */
export const liffAccessToken = z.string().min(16).max(2048);

export const joinSessionRequest = z.object({
  sessionId: id,
  partySize: partySize.default(1),
  /** LINE MINI App mode: the booking's notices then go as free service messages. */
  liffAccessToken: liffAccessToken.optional(),
});
export type JoinSessionRequest = z.infer<typeof joinSessionRequest>;

export const joinSessionResult = z.object({
  sessionId: id,
  status: bookingStatus,
  /** 1-based waitlist place, when the answer is `waiting`. */
  position: z.number().int().positive().optional(),
});
export type JoinSessionResult = z.infer<typeof joinSessionResult>;

/** `checkState/notify/serviceToken`: a LIFF access token for the caller's booking of `sessionId`. */
export const serviceTokenRequest = z.object({ sessionId: id, liffAccessToken });
/** How many of the booking's notices can still go as service messages (the token itself stays on the server). */
export const serviceTokenResult = z.object({ sessionId: id, remainingCount: z.number().int().min(0) });

export const cancelBookedRequest = z.object({ sessionId: id });
export const cancelBookedResult = z.object({
  sessionId: id,
  cancelled: z.literal(true),
  /** Whether a waiting player was promoted into the freed place. */
  promoted: z.boolean(),
});
export type CancelBookedResult = z.infer<typeof cancelBookedResult>;

/**
 * Self check-in by the QR shown at the venue (docs/ON-COURT.md, "Self check-in"): `code` is the
 * session's secret from the QR's link (base64url), never an id.
 */
export const selfCheckInRequest = z.strictObject({
  sessionId: id,
  code: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
export const selfCheckInResult = z.object({
  sessionId: id,
  attendance: z.literal('attended'),
  checkedInAt: isoInstant,
  /** Already checked in before this scan (nothing changed). */
  alreadyCheckedIn: z.boolean(),
});
export type SelfCheckInResult = z.infer<typeof selfCheckInResult>;

export const bookedList = z.array(sessionSummary.extend({ myBooking }));
export type BookedList = z.infer<typeof bookedList>;

export const historyResult = z.object({
  items: z.array(historyItem),
  statistics: historyStatistics,
});
export type HistoryResult = z.infer<typeof historyResult>;

export const joinTeamRequest = z.object({ teamId: id });
/** The team after a join: `membership` is `pending` when the team approves new members. */
export const joinTeamResult = teamNameItem.extend({ membership: teamMembershipState });
export type JoinTeamResult = z.infer<typeof joinTeamResult>;

export const amountOfAttend = z.object({
  attended: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export const emailStatus = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  pendingEmail: z.string().nullable(),
  /** When another code may be requested; null when allowed now. */
  resendAvailableAt: isoInstant.nullable(),
  preferences: notificationPreferences,
});
export type EmailStatus = z.infer<typeof emailStatus>;

export const sendEmailCodeRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter email address')
    .max(TEXT_LIMITS.email)
    .pipe(z.email('Please enter a valid email address')),
});
export const sendEmailCodeResult = z.object({
  pendingEmail: z.string(),
  expiresAt: isoInstant,
  resendAvailableAt: isoInstant,
});
export type SendEmailCodeResult = z.infer<typeof sendEmailCodeResult>;

export const verifyEmailCodeRequest = z.object({
  code: z
    .string()
    .length(VERIFICATION_CODE_LENGTH, 'Please enter the complete verification code')
    .regex(/^\d+$/, 'Please enter the complete verification code'),
});
export const verifyEmailCodeResult = z.object({ email: z.string(), verified: z.literal(true) });

export const updatePreferencesRequest = notificationPreferences.partial();
export const updateProfileRequest = z.object({ language });

export const teamNameList = z.array(teamNameItem);
