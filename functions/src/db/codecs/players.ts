import { LANGUAGES } from '@shuttle/shared';
import { counterCodec, itemCodec, type RecordOf } from '../codec.ts';
import { key } from '../keys.ts';
import * as z from '../schema.ts';

/**
 * A player's partition `USER#<id>` (profile, pending email code, code tries, calendar feed
 * pointer), the login's deletion count, the e-mail claim and the calendar feed lookup
 * (TABLE.md, "Items", "Accounts", "Calendar feeds").
 */

const flag = /* @__PURE__ */ z.lazy(() => z.boolean().optional());

export const userSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('user'),
    userId: z.string(),
    provider: z.enum(['line', 'google']),
    providerSub: z.string(),
    name: z.string(),
    pictureUrl: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    language: z.enum(LANGUAGES).nullable(),
    /**
     * Kinds and channels stored before they existed are missing: read them through
     * `preferencesOf` (players/repository.ts), which fills them with their defaults.
     */
    preferences: z
      .object({
        news: flag,
        newsDirect: flag,
        waitlist: flag,
        bookingReminder: flag,
        sessionChange: flag,
        line: flag,
        email: flag,
      })
      .optional(),
    isAdmin: z.boolean(),
    isTeamLeader: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string(),
    /** Self-assessed level 1-18 (docs/MONEY.md, "Player levels"); unset until the player picks one. */
    level: z.number().nullable().optional(),
    /** The name session lists show instead of `name` (docs/PRIVACY.md); unset or null: none. */
    nickname: z.string().nullable().optional(),
    /** When the player blocked the LINE official account (`unfollow`); unset after `follow` (line/followers.ts). */
    lineBlockedAt: z.string().optional(),
    /** The webhook time of the last follow or unfollow applied, so an older redelivery changes nothing. */
    lineFollowChangedAt: z.string().optional(),
  }),
);

/** A player as stored (key `USER#id / PROFILE`). */
export type UserRecord = z.output<typeof userSchema>;

export const userCodec = /* @__PURE__ */ itemCodec({
  name: 'user',
  schema: userSchema,
  keys: (u) => key.user(u.userId),
});

/** A player's pending email verification code (`USER#id / EMAILCODE`, TTL); the code is kept as an HMAC. */
export const emailCodeCodec = /* @__PURE__ */ itemCodec({
  name: 'emailCode',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('emailCode'),
      email: z.string(),
      codeHash: z.string(),
      expiresAt: z.string(),
      sentAt: z.string(),
      wrongTries: z.number(),
      ttl: z.number().optional(),
    }),
  ),
  keys: (_code, userId: string) => key.emailCode(userId),
});
export type EmailCodeRecord = RecordOf<typeof emailCodeCodec>;

/** One owner per verified address (`EMAIL#<email> / EMAIL`). */
export const emailClaimCodec = /* @__PURE__ */ itemCodec({
  name: 'emailClaim',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ type: z.literal('emailClaim'), userId: z.string(), claimedAt: z.string().optional() }),
  ),
  keys: (_claim, email: string) => key.emailClaim(email),
});

/** How often the account of a login was deleted (`USER#<provider>_<sub> / DELETED`; players/player-accounts.ts). */
export const deletedLoginCodec = /* @__PURE__ */ counterCodec({
  name: 'deletedLogin',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('deletedLogin').optional(),
      deletions: z.number().optional(),
      lastDeletedAt: z.string().optional(),
    }),
  ),
  skPrefix: 'DELETED',
});

/** Wrong code tries of a player or admin in one Taipei day (`…/ CODETRIES#date`, TTL 2 d; db/one-time-code.ts). */
export const codeTriesCodec = /* @__PURE__ */ counterCodec({
  name: 'codeTries',
  schema: /* @__PURE__ */ z.lazy(() => z.object({ tries: z.number().optional(), ttl: z.number().optional() })),
  skPrefix: 'CODETRIES#',
});

/** A personal calendar feed, keyed by the SHA-256 of its URL token (`calendar/feeds.ts`). */
export const calendarFeedCodec = /* @__PURE__ */ itemCodec({
  name: 'calendarFeed',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('calendarFeed'),
      userId: z.string(),
      createdAt: z.string(),
    }),
  ),
  keys: (_feed, tokenHash: string) => key.calendarFeed(tokenHash),
});

/** The player's current calendar feed token (`USER#id / CALFEED`): a new one replaces the feed it names. */
export const calendarFeedPointerCodec = /* @__PURE__ */ itemCodec({
  name: 'calendarFeedPointer',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('calendarFeedPointer'),
      token: z.string(),
      tokenHash: z.string(),
      createdAt: z.string(),
    }),
  ),
  keys: (_pointer, userId: string) => key.userCalendarFeed(userId),
});
