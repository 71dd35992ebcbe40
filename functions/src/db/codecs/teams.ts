import { ADMIN_ROLES, JOIN_RULES, LANGUAGES, LEVEL_CHECKS, SCORING_POINTS, SIGNUP_MODES } from '@shuttle/shared';
import { counterCodec, itemCodec, type RecordOf, type StoredItem } from '../codec.ts';
import { adminIndex, adminKey, index, key } from '../keys.ts';
import * as z from '../schema.ts';
import { paymentDetailsSchema } from './payment-details.ts';

/**
 * A team's partition and the items that hang off it (TABLE.md, "Items", "Admin entities",
 * "LINE groups"): the team with its settings, memberships and join requests, venues, admin
 * links and invitations, the group binding items and the team's counters.
 */

const optionalFlag = /* @__PURE__ */ z.lazy(() => z.boolean().optional());

export const teamSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('team'),
    id: z.string(),
    name: z.string(),
    defaultRegion: z.string(),
    defaultPlaceName: z.string(),
    defaultLocation: z.string(),
    defaultPrice: z.number(),
    defaultLine: z.string(),
    privateRules: z.string(),
    cancelWindowMinutes: z.number(),
    /** Unset means `open` (docs/DECISIONS.md: join rules). */
    joinRule: z.enum(JOIN_RULES).optional(),
    /** Memberships of the team, counted when one is written (see membership-repository.ts). */
    memberCount: z.number(),
    createdAt: z.string(),
    lineGroupId: z.string().optional(),
    /** The bound group's name from LINE's group summary, read at binding (`LineBindings.saveGroupName`). */
    lineGroupName: z.string().optional(),
    /** Which announcements the bot posts to the bound group; unset fields are on (`groupAnnouncementsOf`). */
    groupAnnouncements: z
      .object({
        newSessions: optionalFlag,
        signupOpening: optionalFlag,
        placeFreed: optionalFlag,
        changes: optionalFlag,
      })
      .optional(),
    /** LINE messages the team may push in a Taipei month before free paths are preferred; 0 or unset: no limit. */
    lineMonthlyBudget: z.number().optional(),
    /** 1:1 LINE pushes a Taipei day, set by an operator (notifications/line-daily-cap.ts); unset: the default. */
    lineDailyPushLimit: z.number().optional(),
    /** The language of the bot's group announcements and replies in the bound group; unset: zh-TW. */
    language: z.enum(LANGUAGES).optional(),
    /** Owner links of the team; kept so the last owner can never be removed (see team-admin-repository.ts). */
    ownerCount: z.number().optional(),
    createdBy: z.string().optional(),
    /** Set by an operator to raise the team's daily caps (quota.ts); unset means the defaults. */
    dailySessionLimit: z.number().optional(),
    dailyInviteLimit: z.number().optional(),
    /** Fair sign-up (docs/FAIR-SIGNUP.md): new sessions' default mode and lottery window; unset: first come, 10 min. */
    signupMode: z.enum(SIGNUP_MODES).optional(),
    lotteryMinutes: z.number().optional(),
    /** Minutes a freed place is offered to the waitlist head; unset or 0: promoted at once. */
    waitlistOfferMinutes: z.number().optional(),
    /** No offer starts or ends inside these Taipei hours (docs/FAIR-SIGNUP.md); unset: 23:00-08:00, null: off. */
    quietHours: z.object({ start: z.string(), end: z.string() }).nullable().optional(),
    /** Hours before sign-up opens that members may join; unset or 0: none. */
    memberPriorityHours: z.number().optional(),
    /** Where players pay (`setting/updatePaymentDetails`, docs/ON-COURT.md); unset: not given. */
    paymentDetails: paymentDetailsSchema.optional(),
    /** Points the team's games are played to (docs/ON-COURT.md, "Scores"); unset: 21. */
    scoring: z.enum(SCORING_POINTS).optional(),
    /** What a session's level range checks of a joining player (docs/ON-COURT.md, "Level filters"); unset: declared. */
    levelCheck: z.enum(LEVEL_CHECKS).optional(),
    /** The no-show rule (docs/MONEY.md, "No-show rule"; `no-show-settings.ts`); unset: off. */
    noShowLimit: z.number().optional(),
    noShowWindowDays: z.number().optional(),
    noShowPenaltyDays: z.number().optional(),
    lateCancelCountsHalf: z.boolean().optional(),
  }),
);

/** A team as stored (key `TEAM#id / TEAM`, GSI1 all teams by name), with the settings admins change. */
export type TeamRecord = z.output<typeof teamSchema>;

/** The team's group announcement settings, each on or off (`groupAnnouncementsOf` fills the unset ones). */
export type GroupAnnouncements = { [K in keyof NonNullable<TeamRecord['groupAnnouncements']>]-?: boolean };

export const teamCodec = /* @__PURE__ */ itemCodec({
  name: 'team',
  schema: teamSchema,
  keys: (t) => ({ ...key.team(t.id), ...index.teamsByName(t.name, t.id) }),
});

export const memberSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('member'),
    teamId: z.string(),
    userId: z.string(),
    name: z.string(),
    pictureUrl: z.string(),
    blocked: z.boolean(),
    membership: z.enum(['member', 'regular', 'vip']),
    joinedAt: z.string(),
    /** Set by the no-show rule: no joins of the team's sessions before it (docs/MONEY.md). */
    suspendedUntil: z.string().optional(),
    /** The no-shows counted when the rule suspended. */
    suspendedNoShows: z.number().optional(),
    /** No-shows of sessions that started before this no longer count (a suspension or its lift resets them). */
    noShowResetAt: z.string().optional(),
    /**
     * The session whose absent mark reached the limit, and the reset before that suspension:
     * unmarking that absent undoes the suspension (docs/MONEY.md, "No-show rule").
     */
    suspendedBySession: z.string().optional(),
    previousNoShowResetAt: z.string().optional(),
  }),
);

/** A player's membership of a team (key `TEAM#id / MEMBER#userId`, GSI2 teams of the player). */
export type MemberRecord = z.output<typeof memberSchema>;

export const memberCodec = /* @__PURE__ */ itemCodec({
  name: 'member',
  schema: memberSchema,
  keys: (m) => ({ ...key.teamMember(m.teamId, m.userId), ...index.teamsOfUser(m.userId, m.teamId) }),
});

export const joinRequestSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('joinRequest'),
    teamId: z.string(),
    userId: z.string(),
    name: z.string(),
    pictureUrl: z.string(),
    requestedAt: z.string(),
  }),
);

/** A pending request to join a team that approves joins (key `TEAM#id / JOINREQ#userId`). */
export type JoinRequestRecord = z.output<typeof joinRequestSchema>;

export const joinRequestCodec = /* @__PURE__ */ itemCodec({
  name: 'joinRequest',
  schema: joinRequestSchema,
  keys: (r) => key.joinRequest(r.teamId, r.userId),
});

/**
 * The record that a player booked one of a team's sessions (`TEAM#<teamId>` / `PLAYED#<userId>`;
 * TABLE.md, "References"): written by an Update beside each booking row (`#db/team-played.ts`),
 * keeping the first time; the team may name the player (walk-ins, blocking).
 */
export const teamPlayedCodec = /* @__PURE__ */ itemCodec({
  name: 'teamPlayed',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('teamPlayed'),
      teamId: z.string(),
      userId: z.string(),
      firstBookedAt: z.string(),
    }),
  ),
  keys: (p) => key.teamPlayed(p.teamId, p.userId),
});

export const venueSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('venue'),
    teamId: z.string(),
    venueId: z.string(),
    name: z.string(),
    address: z.string(),
    region: z.string(),
    courts: z.array(z.string()),
    updatedAt: z.string(),
  }),
);

/** A venue of a team and its courts (key `TEAM#teamId / VENUE#venueId`). */
export type VenueRecord = z.output<typeof venueSchema>;

export const venueCodec = /* @__PURE__ */ itemCodec({
  name: 'venue',
  schema: venueSchema,
  keys: (v) => adminKey.venue(v.teamId, v.venueId),
});

export const teamAdminSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('teamAdmin'),
    teamId: z.string(),
    adminId: z.string(),
    role: z.enum(ADMIN_ROLES),
    displayName: z.string(),
    email: z.string().nullable(),
    addedAt: z.string(),
    addedBy: z.string(),
  }),
);

/** An admin's right to run a team (key `TEAM#teamId / ADMIN#adminId`, GSI2 teams of the admin). */
export type TeamAdminLink = z.output<typeof teamAdminSchema>;

export const teamAdminCodec = /* @__PURE__ */ itemCodec({
  name: 'teamAdmin',
  schema: teamAdminSchema,
  keys: (l) => ({ ...adminKey.teamAdmin(l.teamId, l.adminId), ...adminIndex.teamsOfAdmin(l.adminId, l.teamId) }),
});

const INVITE_PREFIX = adminKey.invite('').PK;

export const inviteSchema = /* @__PURE__ */ z.lazy(() =>
  z.preprocess(
    // Invitations stored before `tokenHash` was an attribute keep it only in their key.
    (item) =>
      item && typeof item === 'object' && !('tokenHash' in item) && typeof (item as StoredItem).PK === 'string'
        ? { ...item, tokenHash: ((item as StoredItem).PK as string).slice(INVITE_PREFIX.length) }
        : item,
    z.object({
      type: z.literal('invite'),
      /** SHA-256 of the emailed token: the item's key, so only the email's owner can find it. */
      tokenHash: z.string(),
      teamId: z.string(),
      teamName: z.string(),
      email: z.string(),
      role: z.enum(ADMIN_ROLES),
      invitedBy: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ttl: z.number().optional(),
    }),
  ),
);

/** A pending co-admin invitation (key `INVITE#hash(token)`, GSI2 invitations of the team). */
export type InviteRecord = z.output<typeof inviteSchema>;

export const inviteCodec = /* @__PURE__ */ itemCodec({
  name: 'invite',
  schema: inviteSchema,
  keys: (i) => ({ ...adminKey.invite(i.tokenHash), ...adminIndex.invitesOfTeam(i.teamId, i.email, i.createdAt) }),
});

/** A one-time LINE group binding code, keyed by its SHA-256 (TTL; `teams/line-binding.ts`). */
export const lineBindCodeCodec = /* @__PURE__ */ itemCodec({
  name: 'lineBindCode',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('lineBindCode'),
      teamId: z.string(),
      codeHash: z.string(),
      expiresAt: z.string(),
      ttl: z.number(),
      /** Set when a group spent it, with the group. */
      usedAt: z.string().optional(),
      groupId: z.string().optional(),
    }),
  ),
  keys: (c) => key.lineBindCode(c.codeHash),
});
export type LineBindCodeRecord = RecordOf<typeof lineBindCodeCodec>;

/** The team's newest binding code: a new code replaces the one it names. */
export const teamLineBindCodeCodec = /* @__PURE__ */ itemCodec({
  name: 'teamLineBindCode',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('teamLineBindCode'),
      teamId: z.string(),
      codeHash: z.string(),
      expiresAt: z.string(),
      ttl: z.number(),
    }),
  ),
  keys: (c) => key.teamLineBindCode(c.teamId),
});

/** The team a LINE group is bound to (one team per group). */
export const lineGroupCodec = /* @__PURE__ */ itemCodec({
  name: 'lineGroup',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      type: z.literal('lineGroup'),
      groupId: z.string(),
      teamId: z.string(),
      boundAt: z.string(),
      /** The last alert to the owner's admins of another team's code sent in the group (once an hour). */
      refusalAlertAt: z.string().optional(),
    }),
  ),
  keys: (g) => key.lineGroup(g.groupId),
});

/** What a team created in one Taipei day (`TEAM#id / QUOTA#date`, TTL 2 d; `teams/quota.ts`). */
export const teamQuotaCodec = /* @__PURE__ */ counterCodec({
  name: 'teamQuota',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ sessions: z.number().optional(), invites: z.number().optional(), ttl: z.number().optional() }),
  ),
  skPrefix: 'QUOTA#',
});

/** LINE messages of a team in one Taipei month (`TEAM#id / LINEUSAGE#month`, TTL 40 d). */
export const lineUsageCodec = /* @__PURE__ */ counterCodec({
  name: 'lineUsage',
  /** `used`: billable pushes; `service`: MINI App service messages (free, counted apart). */
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ used: z.number().optional(), service: z.number().optional(), ttl: z.number().optional() }),
  ),
  skPrefix: 'LINEUSAGE#',
});

/** 1:1 LINE pushes of a team in one Taipei day (`TEAM#id / LINEPUSHDAY#day`, TTL 3 d). */
export const linePushDayCodec = /* @__PURE__ */ counterCodec({
  name: 'linePushDay',
  schema: /* @__PURE__ */ z.lazy(() => z.object({ pushes: z.number().optional(), ttl: z.number().optional() })),
  skPrefix: 'LINEPUSHDAY#',
});
