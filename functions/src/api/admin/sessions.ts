import { ADMIN_LIMITS, adminCourtRoutes, type CreateSessionRequest, FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import type { AdminAccounts } from '#admin-accounts/repository.ts';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import {
  attendanceCounts,
  participants,
  toAdminSession,
  toParticipant,
  waitlistPositions,
} from '#api/views/sessions.ts';
import { toVenue } from '#api/views/teams.ts';
import { lotteryDrawsItem } from '#bookings/draw.ts';
import type { BookingEngine } from '#bookings/engine.ts';
import type { SessionChangeEngine } from '#bookings/session-changes.ts';
import { newSessionsAnnouncement } from '#outbox/group-items.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { copySession, createSessions } from '#sessions/create.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamRepository } from '#teams/repository.ts';

export interface SessionAdminRouteDeps {
  accounts: AdminAccounts;
  clock: Clock;
  ids: IdGenerator;
  scope: TeamScope;
  sessions: SessionRepository;
  teams: TeamRepository;
  engine: BookingEngine;
  sessionChanges: SessionChangeEngine;
  /** Players' self-assessed levels, by user id (one BatchGetItem, 100 keys a call). */
  levels: (userIds: string[]) => Promise<Map<string, number | null>>;
  /** The team's `teamNotices` rate bucket, counted by every call that notifies players (app/limits.ts). */
  teamNotices: (teamId: string) => Promise<void>;
  http: ContractAppOptions;
}

const SESSION_SPAN_MS = ADMIN_LIMITS.maxSessionHours * 3_600_000;
const PAST_DAYS = 366;
/** Players per court a new session form suggests (four on court, two waiting their turn). */
const PLAYERS_PER_COURT = 6;

const sortKey = (s: SessionRecord) => `${s.startsAt}#${s.id}`;
const encodeCursor = (s: SessionRecord) => Buffer.from(sortKey(s)).toString('base64url');
function decodeCursor(cursor: string | null): string | null {
  if (!cursor) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[A-Za-z0-9_.:-]+$/.test(text) ? text : null;
}

export function sessionAdminRoutes(s: SessionAdminRouteDeps) {
  const view = (session: SessionRecord) => toAdminSession(session, s.clock.now());
  // Sessions of an admin whose email is not verified stay team-only (docs/DECISIONS.md).
  const isVerified = async (adminId: string) => (await s.accounts.identity(await s.accounts.require(adminId))).verified;
  /**
   * Turning sign-up on opens it now (docs/DECISIONS.md, "Opening sign-up now"): a session whose
   * scheduled opening is still ahead gets the opening instant `now`, a quiet change that tells no
   * player and moves a lottery's window (and its draw) with it. One strongly consistent read.
   */
  const openNowIfScheduled = async (sessionId: string) => {
    const now = s.clock.now();
    const session = await s.sessions.require(sessionId, { consistent: true });
    if (Date.parse(session.signupOpensAt) <= now.getTime() || Date.parse(session.startsAt) <= now.getTime()) return;
    await s.sessionChanges.changeSession(sessionId, { signupOpensAt: now.toISOString() });
  };

  return contractRoutes(
    adminCourtRoutes,
    {
      'createSession/getDefaultSetting': async (_, { refs }) => {
        const access = refs.teamId;
        const [team, venues] = await Promise.all([s.teams.require(access.teamId), s.teams.venues(access.teamId)]);
        const venue = venues.find((v) => v.name === team.defaultPlaceName);
        const courts = Math.min(ADMIN_LIMITS.maxCourts, Math.max(1, venue?.courts.length || 2));
        return {
          teamId: team.id,
          teamName: team.name,
          title: team.name,
          venue: team.defaultPlaceName ?? '',
          address: team.defaultLocation ?? '',
          region: team.defaultRegion ?? '',
          price: team.defaultPrice ?? 0,
          lineLink: team.defaultLine ?? '',
          courts,
          capacity: Math.min(ADMIN_LIMITS.maxCapacity, courts * PLAYERS_PER_COURT),
          categories: ['casual' as const],
          isPublic: true,
          cancelWindowMinutes: team.cancelWindowMinutes,
          signupMode: team.signupMode ?? 'firstCome',
          lotteryMinutes: team.lotteryMinutes ?? FAIR_SIGNUP_LIMITS.defaultLotteryMinutes,
          venues: venues.map(toVenue),
        };
      },

      'createSession/createSession': async (request: CreateSessionRequest, { admin, idempotencyKey, refs }) => {
        const access = refs.teamId;
        const verified = await isVerified(admin.adminId);
        return createSessions(
          { ...s, announce: newSessionsAnnouncement, scheduleDraws: lotteryDrawsItem },
          { request, teamId: access.teamId, adminId: admin.adminId, teamOnly: !verified, idempotencyKey },
          (sessions, now) => ({
            publishState: request.publishState,
            sessions: sessions.map((session) => toAdminSession(session, now)),
          }),
        );
      },

      'createSession/copySession': async ({ startsAt }, { admin, idempotencyKey, refs }) => {
        const verified = await isVerified(admin.adminId);
        return copySession(
          { ...s, announce: newSessionsAnnouncement, scheduleDraws: lotteryDrawsItem },
          { source: refs.sessionId, startsAt, adminId: admin.adminId, teamOnly: !verified, idempotencyKey },
          (sessions, now) => ({ session: toAdminSession(sessions[0]!, now) }),
        );
      },

      'courtSession/upcommingSessions': async ({ scope, cursor, limit }, { refs }) => {
        const access = refs.teamId;
        const now = s.clock.now();
        const after = decodeCursor(cursor);
        let sessions: SessionRecord[];
        if (scope === 'upcoming') {
          const from = new Date(now.getTime() - SESSION_SPAN_MS).toISOString();
          sessions = (await s.sessions.teamSessions(access.teamId, from, '9999'))
            .filter((x) => Date.parse(x.endsAt) > now.getTime())
            .sort((a, b) => sortKey(a).localeCompare(sortKey(b)))
            .filter((x) => !after || sortKey(x) > after);
        } else {
          const from = new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString();
          sessions = (await s.sessions.teamSessions(access.teamId, from, now.toISOString()))
            .filter((x) => Date.parse(x.endsAt) <= now.getTime())
            .sort((a, b) => sortKey(b).localeCompare(sortKey(a)))
            .filter((x) => !after || sortKey(x) < after);
        }
        const page = sessions.slice(0, limit);
        const last = page.at(-1);
        return {
          items: page.map((x) => toAdminSession(x, now)),
          nextCursor: sessions.length > limit && last ? encodeCursor(last) : null,
        };
      },

      'courtSession/getDetail': async (_, { refs }) => view(refs.sessionId),
      'courtSession/getSessionMember': async ({ sessionId }, { refs }) => {
        const session = refs.sessionId;
        const bookings = await s.sessions.bookings(sessionId);
        return participants(session, bookings);
      },

      'courtSession/getBooks': async ({ sessionId }, { refs }) => {
        const session = refs.sessionId;
        const bookings = await s.sessions.bookings(sessionId);
        const positions = waitlistPositions(session);
        return {
          items: bookings
            .sort((a, b) => a.bookedAt.localeCompare(b.bookedAt) || a.userId.localeCompare(b.userId))
            .map((b) => toParticipant(b, b.status === 'waiting' ? (positions.get(b.userId) ?? null) : null)),
        };
      },

      'courtSession/signedMembers': async ({ sessionId }, { refs }) => {
        const session = refs.sessionId;
        const bookings = await s.sessions.bookings(sessionId);
        const { accepted, waiting } = participants(session, bookings);
        // Levels on the check-in rows (docs/PLAYER-EXPERIENCE.md, "For admins"): TABLE.md, "check-in list".
        const levels = await s.levels([...accepted, ...waiting].map((p) => p.userId));
        const withLevel = <P extends { userId: string }>(p: P) => ({ ...p, level: levels.get(p.userId) ?? null });
        return {
          session: view(session),
          players: accepted.map(withLevel),
          // The waitlist in its order, to move up or add at the door (docs/ON-COURT.md, "At the door").
          waiting: waiting.map(withLevel),
          counts: attendanceCounts(bookings),
        };
      },

      'courtSession/switchPublic': async ({ sessionId, isPublic }, { admin }) => {
        if (isPublic && !(await isVerified(admin.adminId))) throw new DomainError('EMAIL_NOT_VERIFIED');
        return view(await s.sessions.setFlag(sessionId, 'isPublic', isPublic, s.clock.now()));
      },

      'courtSession/switchOpening': async ({ sessionId, open }) => {
        if (open) await openNowIfScheduled(sessionId);
        return view(await s.sessions.setFlag(sessionId, 'bookingClosed', !open, s.clock.now()));
      },

      'courtSession/updateCapacity': async ({ sessionId, capacity }, { refs }) => {
        const scoped = refs.sessionId;
        await s.teamNotices(scoped.teamId);
        const { promoted } = await s.engine.changeCapacity(sessionId, capacity);
        return { session: view(await s.sessions.require(sessionId, { consistent: true })), promoted };
      },

      'courtSession/removePlayer': async ({ sessionId, userId }, { refs }) => {
        const scoped = refs.sessionId;
        await s.teamNotices(scoped.teamId);
        const { promoted } = await s.engine.cancel({ sessionId, userId, byAdmin: true });
        return { session: view(await s.sessions.require(sessionId, { consistent: true })), promoted };
      },

      'courtSession/updateVenue': async ({ sessionId, ...changes }, { refs }) => {
        const scoped = refs.sessionId;
        await s.teamNotices(scoped.teamId);
        const { session, notified } = await s.sessionChanges.changeSession(sessionId, changes);
        return { session: view(session), notified };
      },

      'courtSession/delete': async ({ sessionId }, { refs }) => {
        const scoped = refs.sessionId;
        await s.teamNotices(scoped.teamId);
        const { notified } = await s.sessionChanges.deleteSession(sessionId);
        return { sessionId, deleted: true as const, notified };
      },
    },
    s.http,
  );
}
