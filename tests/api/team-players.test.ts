import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { index, key } from '@shuttle/functions/db/keys.ts';
import { recordTeamPlayers } from '@shuttle/functions/db/migrations/record-team-players.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * The `PLAYED#` record of a player who booked with a team (TABLE.md, "References"): written with
 * every booking row, gone with the account, and recorded for older rows by the migration.
 */

let h: AdminHarness;
let admin: { token: string; teamId: string };
beforeAll(async () => {
  h = await createAdminHarness();
  admin = await h.adminWithTeam('played@example.tw');
});
afterAll(() => h.close());

const played = async (teamId: string, userId: string) =>
  (await h.store.doc.send(new GetCommand({ TableName: h.store.tableName, Key: key.teamPlayed(teamId, userId) }))).Item;

describe('the record that a player booked with a team', () => {
  it('is written by a join, keeps the first booking time, and goes with the account', async () => {
    const [first, second] = [await h.newSession(admin.token), await h.newSession(admin.token, { startsInHours: 72 })];
    const [p] = await h.players(1, 'played');
    await h.join(p!.token, first.id);
    const recorded = await played(admin.teamId, p!.userId);
    expect(recorded).toMatchObject({ type: 'teamPlayed', teamId: admin.teamId, userId: p!.userId });
    await h.later(60_000, () => h.join(p!.token, second.id));
    expect((await played(admin.teamId, p!.userId))!.firstBookedAt).toBe(recorded!.firstBookedAt);

    for (const sessionId of [first.id, second.id]) {
      await h.call('checkState/booked/cancelBooked', { sessionId }, { token: p!.token });
    }
    expect((await h.call('checkState/account/delete', {}, { token: p!.token })).status).toBe(200);
    expect(await played(admin.teamId, p!.userId)).toBeUndefined();
  });

  it('is recorded by the migration for booking rows written before it, once, never for guests or deleted accounts', async () => {
    const session = await h.newSession(admin.token);
    const row = (userId: string, extra: Record<string, unknown> = {}) => ({
      ...key.booking(session.id, userId),
      ...index.bookingsOfUser(userId, session.startsAt, session.id),
      type: 'booking',
      sessionId: session.id,
      userId,
      teamId: admin.teamId,
      userName: userId,
      pictureUrl: '',
      status: 'accepted',
      partySize: 1,
      bookedAt: h.clock.now().toISOString(),
      attendance: null,
      startsAt: session.startsAt,
      ...extra,
    });
    for (const item of [row('line_Uold'), row('guest_abc'), row('line_Ugone', { anonymised: true })]) {
      await h.store.doc.send(new PutCommand({ TableName: h.store.tableName, Item: item }));
    }
    const result = await recordTeamPlayers(h.store, { pageSize: 3 });
    expect(result.recorded).toBeGreaterThanOrEqual(1);
    expect(await played(admin.teamId, 'line_Uold')).toMatchObject({ firstBookedAt: expect.any(String) });
    expect(await played(admin.teamId, 'guest_abc')).toBeUndefined();
    expect(await played(admin.teamId, 'line_Ugone')).toBeUndefined();
    const before = await h.snapshot();
    await recordTeamPlayers(h.store);
    expect(await h.snapshot()).toEqual(before);
  });
});
