import type { RefMap, Relation } from '@shuttle/shared';
import type { AdminAccounts } from '#admin-accounts/repository.ts';
import {
  moneySettingsAccess,
  requireMoneySettings,
  type TeamAccess,
  type TeamScope,
  teamSession,
} from '#admin-accounts/team-scope.ts';
import type { PassRecord } from '#payments/model.ts';
import type { PassRepository } from '#payments/pass-repository.ts';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller, MemberCaller, ReferenceResolver, ResolvedRelations } from '#platform/http.ts';
import type { PlayerRepository } from '#players/repository.ts';
import { boardIds } from '#rotation/board-ids.ts';
import type { RotationPlayerRecord } from '#rotation/model.ts';
import type { RotationItem, RotationRepository } from '#rotation/repository.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MemberRecord, MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRecord, TeamRepository, VenueRecord } from '#teams/repository.ts';
import type { TeamAdminLink, TeamAdminRepository } from '#teams/team-admin-repository.ts';

/** A player an admin may name: a member of the team, one who asked to join or booked with it, with a live account. */
export interface TeamPlayerRef {
  userId: string;
  name: string;
  pictureUrl: string;
}

/** A session the caller holds a booking row of, read together (one BatchGetItem). */
export interface OwnBooking {
  session: SessionRecord;
  booking: BookingRecord;
}

declare module '#platform/http.ts' {
  /** What each relation of shared/src/schemas/references.ts resolves to (docs/ARCHITECTURE.md, "References"). */
  interface ResolvedRelations {
    team: TeamAccess;
    ownedTeam: TeamAccess;
    teamSession: SessionRecord;
    teamPlayer: TeamPlayerRef;
    teamMember: MemberRecord;
    joinRequester: TeamPlayerRef;
    sessionPlayer: BookingRecord;
    teamPass: PassRecord;
    teamVenue: VenueRecord;
    teamAdmin: TeamAdminLink;
    boardPlayer: RotationPlayerRecord;
    session: SessionRecord;
    ownBooking: OwnBooking;
    playerBoard: RotationItem;
    helperBoard: RotationItem;
    existingTeam: TeamRecord;
    filter: string;
  }
}

/** Relations that name the scope of a call; every other relation is checked within it. */
const SCOPES: ReadonlySet<Relation> = new Set<Relation>([
  'team',
  'ownedTeam',
  'teamSession',
  'session',
  'ownBooking',
  'playerBoard',
  'helperBoard',
  'existingTeam',
  'filter',
]);

/** What the scope relations of a call established: the team and session the others are checked in. */
interface Scope {
  teamId?: string;
  session?: SessionRecord;
  board?: RotationItem;
}

type Caller = { member: MemberCaller | null; admin: AdminCaller | null };
type Resolve = (value: string, caller: Caller, scope: Scope) => Promise<unknown>;

/**
 * Resolves a call's references in two steps: the scope relations (team, session, board), then
 * those checked within that scope, in parallel. An absent optional field resolves to nothing,
 * a null one to null, except the team relations, which fall back to the current team.
 */
function resolver(
  resolvers: Partial<Record<Relation, Resolve | false>>,
  defaults: Partial<Record<Relation, Resolve>>,
): ReferenceResolver {
  const one = (relation: Relation, value: unknown, caller: Caller, scope: Scope) => {
    if (value === null) return null;
    const resolve = value === undefined ? defaults[relation] : resolvers[relation];
    if (value === undefined && !resolve) return undefined;
    if (!resolve) throw new Error(`No resolver for the relation ${relation} in this app`);
    return resolve(String(value ?? ''), caller, scope);
  };
  return {
    relations: new Set(Object.entries(resolvers).flatMap(([r, resolve]) => (resolve ? [r as Relation] : []))),
    async resolve(refs: RefMap, input: Readonly<Record<string, unknown>>, caller: Caller) {
      const fields = Object.entries(refs);
      const out: Record<string, unknown> = {};
      const scope: Scope = {};
      for (const [field, relation] of fields.filter(([, r]) => SCOPES.has(r))) {
        const value = await one(relation, input[field], caller, scope);
        out[field] = value;
        if (value && typeof value === 'object') Object.assign(scope, scopeOf(relation, value));
      }
      const inner = fields.filter(([, r]) => !SCOPES.has(r));
      const values = await Promise.all(inner.map(([field, relation]) => one(relation, input[field], caller, scope)));
      inner.forEach(([field], i) => {
        out[field] = values[i];
      });
      return out;
    },
  };
}

/** What each scope relation's value says about the scope, typed by what the relation resolves to. */
const SCOPE_OF: { [R in Relation]?: (value: ResolvedRelations[R]) => Scope } = {
  team: (access) => ({ teamId: access.teamId }),
  ownedTeam: (access) => ({ teamId: access.teamId }),
  teamSession: (session) => ({ teamId: session.teamId, session }),
  session: (session) => ({ teamId: session.teamId, session }),
  ownBooking: ({ session }) => ({ teamId: session.teamId, session }),
  playerBoard: (board) => ({ teamId: board.teamId, board }),
  helperBoard: (board) => ({ teamId: board.teamId, board }),
};

/** The scope a resolved value of `relation` establishes (its value is what `relation` resolves to). */
function scopeOf(relation: Relation, value: object): Scope {
  const of = SCOPE_OF[relation] as ((value: object) => Scope) | undefined;
  return of ? of(value) : {};
}

/** A relation's resolver when the app gives what it reads; `false` (the app cannot resolve it) otherwise. */
const with1 = <A>(a: A | undefined, make: (a: A) => Resolve): Resolve | false => (a ? make(a) : false);
const with2 = <A, B>(a: A | undefined, b: B | undefined, make: (a: A, b: B) => Resolve): Resolve | false =>
  a && b ? make(a, b) : false;

const admin = (caller: Caller) => {
  if (!caller.admin) throw new DomainError('FORBIDDEN');
  return caller.admin;
};
const member = (caller: Caller) => {
  if (!caller.member) throw new DomainError('NO_TOKEN');
  return caller.member;
};
const teamOf = (scope: Scope) => {
  if (!scope.teamId) throw new Error('A team relation needs a team or session reference in the same call');
  return scope.teamId;
};

/**
 * What the admin references are checked against. Each route group passes the repositories it
 * builds anyway, and gets the relations those serve (its bundle carries no other; the router
 * refuses to mount a call whose relation its app cannot resolve).
 */
export interface AdminReferenceDeps {
  scope: TeamScope;
  sessions?: SessionRepository;
  teams?: TeamRepository;
  memberships?: MembershipRepository;
  users?: PlayerRepository;
  passes?: PassRepository;
  teamAdmins?: TeamAdminRepository;
  boards?: RotationRepository;
  /** The admin's account and whether its e-mail is verified (admin-accounts/repository.ts). */
  accounts: Pick<AdminAccounts, 'require' | 'identity'>;
}

/** The references of the admin API: everything is relative to a team the caller administers. */
export function adminReferences(d: AdminReferenceDeps): ReferenceResolver {
  const ownedTeam = async (teamId: string | undefined, caller: Caller) => {
    const access = await d.scope.team(admin(caller), teamId);
    requireMoneySettings(await moneySettingsAccess(access, admin(caller).adminId, d.accounts));
    return access;
  };
  const board = async (boards: RotationRepository, scope: Scope) => {
    if (scope.board) return scope.board;
    const session = scope.session;
    if (!session) throw new Error('boardPlayer needs a session reference in the same call');
    const item = await boards.get(session.id);
    if (!item) throw new DomainError('ROTATION_NOT_OPEN');
    scope.board = item;
    return item;
  };
  return resolver(
    {
      team: (teamId, caller) => d.scope.team(admin(caller), teamId),
      ownedTeam: (teamId, caller) => ownedTeam(teamId, caller),
      teamSession: with1(
        d.sessions,
        (sessions) => (sessionId, caller) => teamSession(d.scope, sessions, admin(caller), sessionId),
      ),
      teamPlayer: with2(d.memberships, d.users, (memberships, users) => async (userId, _, scope) => {
        const [standing, user] = await Promise.all([memberships.standing(teamOf(scope), userId), users.get(userId)]);
        // Unknown, deleted or unrelated alike: the answer tells a stranger nothing about the id.
        if (!user || !(standing.member || standing.joinRequest || standing.played))
          throw new DomainError('PLAYER_NOT_IN_TEAM');
        return { userId: user.userId, name: user.name, pictureUrl: user.pictureUrl };
      }),
      teamMember: with1(d.memberships, (memberships) => async (userId, _, scope) => {
        const record = await memberships.get(teamOf(scope), userId);
        if (!record) throw new DomainError('MEMBER_NOT_FOUND');
        return record;
      }),
      joinRequester: with1(d.memberships, (memberships) => async (userId, _, scope) => {
        // Approving again answers the membership as it is: a member is still a join requester here.
        const { joinRequest, member } = await memberships.standing(teamOf(scope), userId);
        const who = joinRequest ?? member;
        if (!who) throw new DomainError('JOIN_REQUEST_NOT_FOUND');
        return { userId: who.userId, name: who.name, pictureUrl: who.pictureUrl };
      }),
      sessionPlayer: with1(d.sessions, (sessions) => async (userId, _, scope) => {
        if (!scope.session) throw new Error('sessionPlayer needs a session reference in the same call');
        const booking = await sessions.booking(scope.session.id, userId);
        if (!booking) throw new DomainError('BOOKING_NOT_FOUND');
        return booking;
      }),
      teamPass: with1(d.passes, (passes) => async (passId, _, scope) => {
        const pass = await passes.get(teamOf(scope), passId);
        if (!pass) throw new DomainError('PASS_NOT_FOUND');
        return pass;
      }),
      teamVenue: with1(d.teams, (teams) => async (venueId, _, scope) => {
        const venue = await teams.venue(teamOf(scope), venueId);
        if (!venue) throw new DomainError('VENUE_NOT_FOUND');
        return venue;
      }),
      teamAdmin: with1(d.teamAdmins, (teamAdmins) => async (adminId, _, scope) => {
        const link = await teamAdmins.link(teamOf(scope), adminId);
        if (!link) throw new DomainError('ADMIN_NOT_FOUND');
        return link;
      }),
      boardPlayer: with1(d.boards, (boards) => async (userId, _, scope) => {
        const player = (await board(boards, scope)).state.players.find((p) => p.userId === userId);
        if (!player) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
        return player;
      }),
    },
    {
      team: (_, caller) => d.scope.team(admin(caller), undefined),
      ownedTeam: (_, caller) => ownedTeam(undefined, caller),
    },
  );
}

export interface MemberReferenceDeps {
  sessions: SessionRepository;
  teams: TeamRepository;
  boards: RotationRepository;
}

/**
 * The references of the member API: relative to the signed-in player (or a visitor). A session's
 * visibility (team-only sessions) stays with the call's handler, which answers the same 404 as
 * for a session that does not exist (docs/DECISIONS.md).
 */
export function memberReferences(d: MemberReferenceDeps): ReferenceResolver {
  const boardOf = async (sessionId: string) => {
    const item = await d.boards.get(sessionId);
    if (!item) throw new DomainError('ROTATION_NOT_OPEN');
    return item;
  };
  return resolver(
    {
      session: (sessionId) => d.sessions.require(sessionId, { consistent: true }),
      ownBooking: async (sessionId, caller) => {
        const { session, booking } = await d.sessions.withBooking(sessionId, member(caller).userId);
        if (!session) throw new DomainError('SESSION_NOT_FOUND');
        if (!booking) throw new DomainError('BOOKING_NOT_FOUND');
        return { session, booking };
      },
      playerBoard: async (sessionId, caller) => {
        const { userId } = member(caller);
        const item = await boardOf(sessionId);
        if (item.helperUserId === userId || item.state.players.some((p) => p.userId === userId)) return item;
        if ((await d.sessions.booking(sessionId, userId))?.status !== 'accepted') throw new DomainError('FORBIDDEN');
        return item;
      },
      helperBoard: async (sessionId, caller) => {
        const item = await boardOf(sessionId);
        if (item.helperUserId !== member(caller).userId) throw new DomainError('FORBIDDEN');
        return item;
      },
      // Players name each other by board id, never by user id (docs/PRIVACY.md).
      boardPlayer: async (playerId, _, scope) => {
        const board = scope.board;
        const userId = board ? boardIds(board).userId(playerId) : null;
        const player = board?.state.players.find((p) => p.userId === userId);
        if (!player) throw new DomainError('ROTATION_PLAYER_NOT_FOUND');
        return player;
      },
      existingTeam: async (teamId) => {
        const team = await d.teams.get(teamId);
        if (!team) throw new DomainError('TEAM_NOT_FOUND');
        return team;
      },
      filter: async (value) => value,
    },
    {},
  );
}
