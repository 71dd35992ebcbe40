import { adminServices } from '@shuttle/functions/app/admin-services.ts';
import { services } from '@shuttle/functions/app/services.ts';
import { contractRoutes } from '@shuttle/functions/platform/http.ts';
import {
  type AdminRoutePath,
  addDays,
  adminRoutes,
  idFieldsOf,
  type MemberRoutePath,
  memberRoutes,
  RELATIONS,
  type Relation,
  type RouteContract,
  route,
  taipeiDate,
} from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { adminSample, memberSample, type SampleWorld } from '../support/route-samples.ts';

/**
 * The generated permission test (docs/ARCHITECTURE.md, "References"). For every call of both route
 * tables and every id field, it puts in a foreign id of the field's declared relation (another
 * team's session, another team's player, a booking of another session, a deleted player, ...) and
 * expects 403 or 404 with the table unchanged. A new call is covered without a new test: it only
 * needs a valid sample (tests/support/route-samples.ts), and a call whose id field declares no
 * relation cannot even be mounted.
 */

type Team = { token: string; adminId: string; teamId: string };
type Player = { sub: string; userId: string; token: string };

let h: AdminHarness;
let a: Team;
let b: Team;
let world: SampleWorld;
let pA: Player;
const foreign = {} as Record<Relation, string[]>;
/** Where a relation's foreign ids differ by API: players and helpers name board players by board id. */
const foreignForMembers: Partial<Record<Relation, string[]>> = {};

const tables = [
  ['admin', adminRoutes],
  ['member', memberRoutes],
] as const;
const withRefs = tables.flatMap(([api, routes]) =>
  Object.entries(routes as Record<string, RouteContract>)
    .filter(([, contract]) => idFieldsOf(contract.request).length > 0)
    .map(([path, contract]) => ({ api, path, contract })),
);

const sampleOf = (api: 'admin' | 'member', path: string) =>
  (api === 'admin'
    ? adminSample(path as AdminRoutePath, world)
    : memberSample(path as MemberRoutePath, world)) as Record<string, unknown>;

async function callAs(api: 'admin' | 'member', path: string, contract: RouteContract, body: unknown) {
  if (api === 'admin') return h.adminCall(path, body, { token: a.token, method: contract.method });
  const token = contract.auth === 'none' ? undefined : pA.token;
  return h.call(path, body, { token, method: contract.method });
}

beforeAll(async () => {
  h = await createAdminHarness();
  [a, b] = [await h.adminWithTeam('refs-a@example.com', 'A 隊'), await h.adminWithTeam('refs-b@example.com', 'B 隊')];
  const teams = { a, b };
  for (const team of [a, b])
    await h.ok('setting/updateDefault', { teamId: team.teamId, join_rule: 'approval' }, team.token);
  const venue = async (t: Team, name: string) =>
    (await h.ok<{ venue_id: string }>('setting/saveVenue', { teamId: t.teamId, name, region: '台北市' }, t.token))
      .venue_id;
  const [venueA, venueB] = [await venue(a, 'A 場地'), await venue(b, 'B 場地')];
  const [sessionA, sessionB] = [
    await h.newSession(a.token, { capacity: 4, startsInHours: 1 }),
    await h.newSession(b.token, { capacity: 4, startsInHours: 1 }),
  ];
  const [p1, p2, p3, reqA, reqB, gone] = await h.players(6, 'refs');
  pA = p1!;
  const member = async (p: Player, t: Team) => {
    await h.call('checkState/member/joinTeam', { teamId: t.teamId }, { token: p.token });
    await h.ok('members/approveJoin', { teamId: t.teamId, userId: p.userId }, t.token);
  };
  await member(pA, a);
  await member(p2!, a);
  await member(p3!, b);
  await member(gone!, a);
  await h.call('checkState/member/joinTeam', { teamId: a.teamId }, { token: reqA!.token });
  await h.call('checkState/member/joinTeam', { teamId: b.teamId }, { token: reqB!.token });
  expect((await h.call('checkState/account/delete', {}, { token: gone!.token })).status).toBe(200);

  const onBoard = async (t: Team, sessionId: string, players: Player[]) => {
    for (const p of players) {
      await h.join(p.token, sessionId);
      await h.ok('signed/signed', { sessionId, userId: p.userId, attendance: 'attended' }, t.token);
    }
    await h.ok('rotation/setup', { sessionId, courts: [1], mode: 'doubles', rule: 'balanced' }, t.token);
  };
  await onBoard(a, sessionA.id, [pA, p2!]);
  await onBoard(b, sessionB.id, [p3!]);
  await h.ok('rotation/setHelper', { sessionId: sessionA.id, userId: pA.userId }, a.token);
  const pass = async (t: Team, p: Player) =>
    (
      await h.ok<{ passId: string }>(
        'passes/sell',
        {
          teamId: t.teamId,
          userId: p.userId,
          name: '季打',
          credits: 10,
          validFrom: addDays(taipeiDate(h.clock.now()), -30),
          validUntil: addDays(taipeiDate(h.clock.now()), 60),
          price: 2000,
          method: 'cash',
        },
        t.token,
      )
    ).passId;
  const [passA, passB] = [await pass(a, pA), await pass(b, p3!)];
  // Board ids as the admin views show them beside each user id.
  type AdminBoard = { board: { players: { userId: string; playerId: string }[] } };
  const boardIdsOf = async (t: Team, sessionId: string) =>
    new Map(
      (await h.ok<AdminBoard>('rotation/getBoard', { sessionId }, t.token)).board.players.map((p) => [
        p.userId,
        p.playerId,
      ]),
    );
  const [idsA, idsB] = [await boardIdsOf(a, sessionA.id), await boardIdsOf(b, sessionB.id)];

  world = {
    teamId: a.teamId,
    sessionId: sessionA.id,
    venueId: venueA,
    playerId: pA.userId,
    otherPlayerId: p2!.userId,
    boardIds: [idsA.get(pA.userId)!, idsA.get(p2!.userId)!],
    joinRequesterId: reqA!.userId,
    adminId: a.adminId,
    passId: passA,
    sessionBody: () => h.sessionBody(),
  };
  // For each relation, ids the caller must not reach through it.
  Object.assign(foreign, {
    team: [teams.b.teamId],
    ownedTeam: [teams.b.teamId],
    teamSession: [sessionB.id],
    teamPlayer: [p3!.userId, gone!.userId],
    teamMember: [p3!.userId, gone!.userId],
    joinRequester: [reqB!.userId, gone!.userId],
    sessionPlayer: [p3!.userId],
    teamPass: [passB],
    teamVenue: [venueB],
    teamAdmin: [b.adminId],
    boardPlayer: [p3!.userId],
    session: ['s-no-such-session'],
    ownBooking: [sessionB.id],
    playerBoard: [sessionB.id],
    helperBoard: [sessionB.id],
    existingTeam: ['team-no-such-team'],
    filter: [teams.b.teamId],
  } satisfies Record<Relation, string[]>);
  // Another board's id, and a user id where a board id belongs.
  foreignForMembers.boardPlayer = [idsB.get(p3!.userId)!, p2!.userId];
});
afterAll(() => h.close());

describe('the route tables', () => {
  it.each(tables)(
    '%s: every id field of every call declares its relation to the caller, and only id fields do',
    (_, routes) => {
      for (const [path, contract] of Object.entries(routes as Record<string, RouteContract>)) {
        const declared = Object.keys(contract.refs ?? {}).sort();
        expect(declared, path).toEqual(idFieldsOf(contract.request));
        for (const relation of Object.values(contract.refs ?? {})) expect(RELATIONS, path).toHaveProperty(relation);
      }
    },
  );

  it('cannot mount a call whose id field declares no relation', () => {
    const planted = {
      'planted/call': route({
        method: 'POST',
        auth: 'member',
        summary: 'planted',
        request: z.strictObject({ sessionId: z.string() }),
        response: z.object({}),
      }),
    };
    const options = {
      auth: { member: async () => ({ userId: 'u', name: 'n', pictureUrl: '' }) },
      validateResponses: true,
    };
    expect(() => contractRoutes(planted, { 'planted/call': async () => ({}) }, options)).toThrow(/sessionId/);
  });
});

describe('every reference of every call', () => {
  it('resolves the valid sample of every call (so a refusal below is the foreign id, nothing else)', async () => {
    const [member, admin] = [services(h.deps).http, adminServices(h.deps).http];
    const callers = {
      admin: { admin: await h.deps.tokens.verifyAdmin(a.token), member: null },
      member: { admin: null, member: await h.deps.tokens.verifyMember(pA.token) },
    };
    for (const { api, path, contract } of withRefs) {
      const input = contract.request!.parse(sampleOf(api, path)) as Record<string, unknown>;
      const resolver = (api === 'admin' ? admin : member).references!;
      const resolved = await resolver.resolve(contract.refs!, input, callers[api]).catch((error: Error) => {
        throw new Error(`${path}: the valid sample did not resolve: ${error.message}`);
      });
      for (const field of Object.keys(contract.refs!)) {
        if (input[field] !== undefined && input[field] !== null)
          expect(resolved[field], `${path} ${field}`).toBeTruthy();
      }
    }
  });

  it.each(withRefs.map((r) => [`${r.api} ${r.path}`, r] as const))(
    '%s refuses a foreign id in each id field with 403 or 404 and changes nothing',
    async (_, { api, path, contract }) => {
      const sample = sampleOf(api, path);
      const before = await h.snapshot();
      let probes = 0;
      for (const [field, relation] of Object.entries(contract.refs!)) {
        for (const value of (api === 'member' ? foreignForMembers[relation] : undefined) ?? foreign[relation]) {
          const res = await callAs(api, path, contract, { ...sample, [field]: value });
          const label = `${path} with ${field} = ${value} (${relation})`;
          if (relation === 'filter') expect(res.status, label).toBeLessThan(500);
          else expect([403, 404], `${label}: ${JSON.stringify(res.body)}`).toContain(res.status);
          probes += 1;
        }
      }
      expect(probes).toBeGreaterThan(0);
      expect(await h.snapshot(), `${path} changed the table`).toEqual(before);
    },
  );
});
