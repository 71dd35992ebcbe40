import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let morning: { id: string };
let noon: { id: string };
let tomorrow: { id: string };
let players: Awaited<ReturnType<AdminHarness['players']>>;

beforeAll(async () => {
  h = await createAdminHarness();
  ({ token } = await h.adminWithTeam('reports@example.com', '報表隊'));
  // Today (1 December, Taipei): two sessions that start within the hour, and one tomorrow.
  morning = await h.newSession(token, { startsInHours: 0.25, capacity: 4, price: 200, title: '早場' });
  noon = await h.newSession(token, { startsInHours: 0.5, capacity: 4, price: 150, title: '午場' });
  tomorrow = await h.newSession(token, { startsInHours: 26, capacity: 4, price: 300, title: '明日場' });
  players = await h.players(5, 'report');
  for (const p of players.slice(0, 3)) await h.join(p.token, morning.id);
  for (const p of players.slice(3, 5)) await h.join(p.token, noon.id);
  await h.join(players[0]!.token, tomorrow.id);
  await h.join(players[1]!.token, tomorrow.id);
  await h.call('checkState/booked/cancelBooked', { sessionId: tomorrow.id }, { token: players[1]!.token });

  const mark = (sessionId: string, userId: string, attendance: string) =>
    h.ok('signed/signed', { sessionId, userId, attendance }, token);
  await mark(morning.id, players[0]!.userId, 'attended');
  await mark(morning.id, players[1]!.userId, 'attended');
  // Before the start an absent mark needs the confirmation (docs/ON-COURT.md, "At the door").
  await h.ok(
    'signed/signed',
    { sessionId: morning.id, userId: players[2]!.userId, attendance: 'absent', confirm: true },
    token,
  );
  await h.ok('signed/addWalkIn', { sessionId: morning.id, name: '臨打' }, token);
  await mark(noon.id, players[3]!.userId, 'attended');
  await mark(noon.id, players[4]!.userId, 'attended');
});
afterAll(() => h.close());

describe('revenue', () => {
  it('is attended players times the price, per session', async () => {
    await h.later(40 * 60_000, async () => {
      const report = await h.ok<{ sessions: Record<string, unknown>[]; total: Record<string, number> }>(
        'reports/revenueBySession',
        { month: '2026-12' },
        token,
      );
      expect(report.sessions).toEqual([
        expect.objectContaining({
          sessionId: morning.id,
          price: 200,
          accepted: 4,
          attended: 3,
          absent: 1,
          revenue: 600,
        }),
        expect.objectContaining({ sessionId: noon.id, price: 150, accepted: 2, attended: 2, absent: 0, revenue: 300 }),
      ]);
      expect(report.total).toEqual({ sessions: 2, accepted: 6, attended: 5, absent: 1, revenue: 900, income: 0 });
    });
  });

  it('is summed per month, sessions that have not started count nothing', async () => {
    await h.later(40 * 60_000, async () => {
      const report = await h.ok<{ months: Record<string, unknown>[]; total: Record<string, number> }>(
        'reports/revenueByMonth',
        { from: '2026-11', to: '2026-12' },
        token,
      );
      expect(report.months).toEqual([
        { month: '2026-11', sessions: 0, accepted: 0, attended: 0, absent: 0, revenue: 0, income: 0 },
        { month: '2026-12', sessions: 2, accepted: 6, attended: 5, absent: 1, revenue: 900, income: 0 },
      ]);
      expect(report.total.revenue).toBe(900);
    });
  });

  it('refuses a range of more than 12 months or backwards', async () => {
    for (const body of [
      { from: '2025-01', to: '2026-12' },
      { from: '2026-12', to: '2026-11' },
      { from: '2026-13', to: '2026-12' },
    ]) {
      expect((await h.adminCall('reports/revenueByMonth', body, { token })).status).toBe(400);
    }
  });
});

describe('board', () => {
  it("shows today's and upcoming sessions, recent activity and this month's figures", async () => {
    await h.later(40 * 60_000, async () => {
      const board = await h.ok<{
        today: { id: string; fillRate: number; waitingCount: number }[];
        upcoming: { id: string }[];
        recent: { kind: string; userId: string; sessionId: string }[];
        month: Record<string, unknown>;
      }>('board/getBoard', {}, token);
      expect(board.today.map((s) => s.id)).toEqual([morning.id, noon.id]);
      expect(board.today[0]).toMatchObject({ fillRate: 100, waitingCount: 0 });
      expect(board.upcoming.map((s) => s.id)).toEqual([tomorrow.id]);
      expect(board.recent).toContainEqual(
        expect.objectContaining({ kind: 'cancelled', userId: players[1]!.userId, sessionId: tomorrow.id }),
      );
      expect(board.recent.filter((e) => e.kind === 'booked').length).toBeGreaterThanOrEqual(7);
      expect(board.month).toEqual({
        month: '2026-12',
        sessions: 2,
        accepted: 6,
        attended: 5,
        absent: 1,
        revenue: 900,
        income: 0,
      });
    });
  });
});
