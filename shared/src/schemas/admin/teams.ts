import * as z from 'zod';
import { ADMIN_LIMITS, ADMIN_ROLES, DEFAULT_SCORING, LEVEL_CHECKS, TEXT_LIMITS } from '../../constants.ts';
import { id, isoInstant, joinRule, language, region } from '../entities.ts';
import {
  FAIR_SIGNUP_LIMITS,
  lotteryMinutes,
  memberPriorityHours,
  quietHours,
  signupMode,
  waitlistOfferMinutes,
} from '../fair-signup.ts';
import { scoringPoints } from '../scoring.ts';
import { email, lineLink, multiLine, name, nonNegativeInt, teamScope, text } from './common.ts';

// Teams an admin runs, their settings (defaults, venues, LINE, private rules) and their admins.

export const adminRole = z.enum(ADMIN_ROLES);
export type AdminRole = z.infer<typeof adminRole>;

/** What a session's level range checks of a joining player (docs/ON-COURT.md, "Level filters"). */
export const levelCheck = z.enum(LEVEL_CHECKS);
export type LevelCheck = z.infer<typeof levelCheck>;

export const adminTeamItem = z.object({
  team_id: id,
  team_name: z.string(),
  default_region: z.string(),
  amount_of_member: nonNegativeInt,
  role: adminRole,
  is_current: z.boolean(),
});
export type AdminTeamItem = z.infer<typeof adminTeamItem>;

export const createTeamRequest = z.strictObject({
  team_name: name(TEXT_LIMITS.teamName).min(1),
  default_region: z.union([region, z.literal('')]).default(''),
  default_place_name: name(TEXT_LIMITS.venueName).default(''),
  default_location: text(TEXT_LIMITS.address).default(''),
  default_price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice).default(0),
  default_line: lineLink.default(''),
});
export const createTeamResult = z.object({ team: adminTeamItem, currentTeamId: id });

export const updateCurrentTeamRequest = z.strictObject({ teamId: id });

export const teamNameEntry = z.object({ team_id: id, team_name: z.string(), default_region: z.string() });

/** The current team's defaults for new sessions, with what its other settings pages show. */
export const defaultData = z.object({
  team_id: id,
  team_name: z.string(),
  default_place_name: z.string(),
  default_price: nonNegativeInt,
  default_location: z.string(),
  /** Empty until set: the admin app then warns 尚未設定預設地點. */
  default_region: z.string(),
  /** LINE community (OpenChat) link shown to players. */
  default_line: z.string(),
  /** The LINE group bound to the team (by a code), or empty. */
  line_group_id: z.string(),
  /** The bound group's name (LINE's group summary); empty when unbound or LINE did not tell. */
  line_group_name: z.string(),
  private_rules: z.string(),
  cancel_window_minutes: nonNegativeInt,
  join_rule: joinRule,
  /** Fair sign-up settings (docs/FAIR-SIGNUP.md): defaults of new sessions, offers, member priority. */
  signupMode: signupMode.default('firstCome'),
  lotteryMinutes: lotteryMinutes.default(FAIR_SIGNUP_LIMITS.defaultLotteryMinutes),
  waitlistOfferMinutes: waitlistOfferMinutes.default(0),
  memberPriorityHours: memberPriorityHours.default(0),
  /** Points the team's games are played to (docs/ON-COURT.md, "Scores"): 21, 15 or 11. */
  scoring: scoringPoints.default(DEFAULT_SCORING),
  /** What a session's level range checks of a joining player: the declared level, or a rated player's band. */
  levelCheck: levelCheck.default('declared'),
  /** No offer starts or ends inside them (Taipei; default 23:00-08:00); null: off. */
  quietHours,
  /** What the bot posts to the bound group; every one on by default. */
  group_announcements: z.object({
    newSessions: z.boolean(),
    signupOpening: z.boolean(),
    placeFreed: z.boolean(),
    changes: z.boolean(),
  }),
  /** The language of the bot's announcements and replies in the bound group. */
  language,
  /**
   * LINE messages pushed for the team this Taipei month (billable: a group push counts its
   * members), its budget (0: none), and the free LINE MINI App service messages (docs/LINE.md).
   */
  line_usage: z.object({ month: z.string(), used: nonNegativeInt, budget: nonNegativeInt, service: nonNegativeInt }),
});
export type DefaultData = z.infer<typeof defaultData>;

export const updateDefaultRequest = teamScope
  .extend({
    team_name: name(TEXT_LIMITS.teamName).min(1).optional(),
    default_place_name: name(TEXT_LIMITS.venueName).optional(),
    default_price: z.number().int().min(0).max(ADMIN_LIMITS.maxPrice).optional(),
    default_location: text(TEXT_LIMITS.address).optional(),
    default_region: z.union([region, z.literal('')]).optional(),
    default_line: lineLink.optional(),
    cancel_window_minutes: z.number().int().min(0).max(ADMIN_LIMITS.maxCancelWindowMinutes).optional(),
    join_rule: joinRule.optional(),
    signupMode: signupMode.optional(),
    lotteryMinutes: lotteryMinutes.optional(),
    waitlistOfferMinutes: waitlistOfferMinutes.optional(),
    memberPriorityHours: memberPriorityHours.optional(),
    quietHours: quietHours.optional(),
    scoring: scoringPoints.optional(),
    levelCheck: levelCheck.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'teamId'), { message: 'Nothing to update' });

export const LINE_BUDGET_MAX = 10_000_000;
export const updateGroupAnnouncementsRequest = teamScope.extend({
  newSessions: z.boolean().optional(),
  signupOpening: z.boolean().optional(),
  placeFreed: z.boolean().optional(),
  changes: z.boolean().optional(),
  /** LINE messages a Taipei month before free paths are preferred; 0 = unlimited. */
  line_monthly_budget: z.number().int().min(0).max(LINE_BUDGET_MAX).optional(),
  /** The language of the bot in the bound group. */
  language: language.optional(),
});

/** A team's news: to the bound group and to members who want news (docs/LINE.md, "Group announcements"). */
export const NEWS_TEXT_MAX = 500;
export const postNewsRequest = teamScope.extend({ text: multiLine(NEWS_TEXT_MAX).min(1) });
export const postNewsResult = z.object({ members: nonNegativeInt, group: z.boolean() });

export const updatePrivateRulesRequest = teamScope.extend({ private_rules: multiLine(TEXT_LIMITS.privateRules) });
/** The group the bot posts to is never typed: it is bound by a code sent in the group (lineBindCode). */
export const updateLineRequest = teamScope.extend({ default_line: lineLink });
/** A one-time code that binds the LINE group it is sent in to the team (6 characters, 30 minutes). */
export const lineBindCodeResult = z.object({ code: z.string(), expiresAt: isoInstant });

export const venue = z.object({
  venue_id: id,
  name: z.string(),
  address: z.string(),
  region: z.string(),
  courts: z.array(z.string()),
});
export const venueList = z.array(venue);
export const saveVenueRequest = teamScope.extend({
  venue_id: id.optional(),
  name: name(TEXT_LIMITS.venueName).min(1),
  address: text(TEXT_LIMITS.address).default(''),
  region,
  courts: z.array(name(TEXT_LIMITS.courtName).min(1)).max(ADMIN_LIMITS.maxCourts).default([]),
});
export const deleteVenueRequest = teamScope.extend({ venue_id: id });

export const teamAdminItem = z.object({
  adminId: id,
  displayName: z.string(),
  email: z.string().nullable(),
  role: adminRole,
  isMe: z.boolean(),
});
export const teamInviteItem = z.object({ email: z.string(), role: adminRole, expiresAt: isoInstant });
export const teamAdmins = z.object({ admins: z.array(teamAdminItem), invites: z.array(teamInviteItem) });
export const inviteAdminRequest = teamScope.extend({ email, role: adminRole.default('admin') });
export const inviteAdminResult = teamInviteItem;
export const removeAdminRequest = teamScope.extend({ adminId: id });
export const acceptInviteRequest = z.strictObject({
  token: z
    .string()
    .max(43)
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid token'),
});
