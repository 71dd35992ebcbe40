import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { type AdminSession, taipeiWeekday } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;

beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('copy@example.com', '複製羽球隊'));
});
afterAll(() => h.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Copied = { session: AdminSession };

describe('copying a session to a new date', () => {
  it('publishes a new session with the same settings, its end and sign-up moved by the same offset', async () => {
    const original = await h.newSession(token, {
      title: '週二晚場',
      notes: '請自備球拍',
      capacity: 8,
      price: 260,
      courts: 3,
      levelMin: 4,
      levelMax: 9,
      signupMode: 'lottery',
      lotteryMinutes: 180,
      startsInHours: 30,
    });
    const player = (await h.players(1, 'copy'))[0]!;
    expect((await h.join(player.token, original.id)).status).toBe(200);
    const startsAt = new Date(Date.parse(original.startsAt) + 9 * DAY + 2 * HOUR).toISOString();
    const { session: copy } = await h.ok<Copied>(
      'createSession/copySession',
      { sessionId: original.id, startsAt },
      token,
    );
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      teamId,
      title: '週二晚場',
      venue: original.venue,
      address: original.address,
      region: original.region,
      categories: original.categories,
      courts: 3,
      capacity: 8,
      price: 260,
      levelMin: 4,
      levelMax: 9,
      notes: '請自備球拍',
      signupMode: 'lottery',
      cancelWindowMinutes: original.cancelWindowMinutes,
      isPublic: true,
      startsAt,
      acceptedCount: 0,
      waitingCount: 0,
      remaining: 8,
      lotteryEntrants: 0,
    });
    const offset = Date.parse(startsAt) - Date.parse(original.startsAt);
    expect(Date.parse(copy.endsAt) - Date.parse(original.endsAt)).toBe(offset);
    expect(Date.parse(copy.signupOpensAt) - Date.parse(original.signupOpensAt)).toBe(offset);
    const listed = await h.call<{ id: string; signupMode: string }>('withoutAuth/getDetail', { sessionId: copy.id });
    expect(listed.body.data).toMatchObject({ id: copy.id, signupMode: 'lottery', teamName: '複製羽球隊' });
  });

  it('answers a retry with the same Idempotency-Key with the first copy and writes nothing new', async () => {
    const original = await h.newSession(token, { title: '冪等複製' });
    const body = { sessionId: original.id, startsAt: new Date(Date.parse(original.startsAt) + 7 * DAY).toISOString() };
    const headers = { 'idempotency-key': 'copy-session-0001' };
    const first = await h.adminCall<Copied>('createSession/copySession', body, { token, headers });
    expect(first.status).toBe(200);
    const before = await h.snapshot();
    const retry = await h.adminCall<Copied>('createSession/copySession', body, { token, headers });
    expect(retry.body.data!.session.id).toBe(first.body.data!.session.id);
    expect(await h.snapshot()).toEqual(before);
    const reused = await h.adminCall(
      'createSession/copySession',
      { ...body, startsAt: new Date(Date.parse(body.startsAt) + DAY).toISOString() },
      { token, headers },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("refuses a start in the past, bad input and another team's session, and writes nothing", async () => {
    const original = await h.newSession(token);
    const other = await h.adminWithTeam('other-copy@example.com', '別隊');
    const before = await h.snapshot();
    const past = new Date(h.clock.now().getTime() - HOUR).toISOString();
    const bad = [
      { sessionId: original.id, startsAt: past },
      { sessionId: original.id, startsAt: 'tomorrow' },
      { sessionId: original.id },
      { sessionId: original.id, startsAt: original.startsAt, title: 'x' },
    ];
    for (const body of bad) {
      const res = await h.adminCall('createSession/copySession', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    const foreign = await h.adminCall(
      'createSession/copySession',
      { sessionId: original.id, startsAt: new Date(Date.parse(original.startsAt) + DAY).toISOString() },
      { token: other.token },
    );
    expect([403, 404]).toContain(foreign.status);
    expect(await h.snapshot()).toEqual(before);
  });

  it("counts against the team's daily cap", async () => {
    const admin = await h.adminWithTeam('capped-copy@example.com', '額度隊');
    const original = await h.newSession(admin.token);
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.team(admin.teamId),
        UpdateExpression: 'SET dailySessionLimit = :limit',
        ExpressionAttributeValues: { ':limit': 2 },
      }),
    );
    const copyAt = (days: number) => ({
      sessionId: original.id,
      startsAt: new Date(Date.parse(original.startsAt) + days * DAY).toISOString(),
    });
    expect((await h.adminCall('createSession/copySession', copyAt(7), { token: admin.token })).status).toBe(200);
    const before = await h.snapshot();
    const refused = await h.adminCall('createSession/copySession', copyAt(14), { token: admin.token });
    expect([refused.status, refused.body.error]).toEqual([429, 'DAILY_SESSION_LIMIT']);
    expect(await h.snapshot()).toEqual(before);
  });
});

describe('weekly repeat on several weekdays', () => {
  it('publishes weeks × weekdays sessions on the chosen weekdays at the same Taipei time', async () => {
    const body = h.sessionBody({ startsInHours: 30 });
    const first = taipeiWeekday(body.startsAt);
    const second = ((first + 1) % 7) + 1; // two days later
    const { sessions } = await h.ok<{ sessions: AdminSession[] }>(
      'createSession/createSession',
      { ...body, publishState: 1, repeat: { weeks: 3, weekdays: [second, first] } },
      token,
    );
    expect(sessions).toHaveLength(6);
    expect(sessions.map((s) => taipeiWeekday(s.startsAt))).toEqual([first, second, first, second, first, second]);
    sessions.forEach((s, k) => {
      const days = Math.floor(k / 2) * 7 + (k % 2) * 2;
      expect(Date.parse(s.startsAt) - Date.parse(body.startsAt)).toBe(days * DAY);
      expect(Date.parse(s.startsAt) - Date.parse(s.signupOpensAt)).toBe(
        Date.parse(body.startsAt) - Date.parse(body.signupOpensAt),
      );
    });
  });

  it('refuses more than 52 sessions and weekdays without the first session’s, and writes nothing', async () => {
    const body = h.sessionBody({ startsInHours: 30 });
    const first = taipeiWeekday(body.startsAt);
    const others = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== first);
    const before = await h.snapshot();
    for (const repeat of [
      { weeks: 26, weekdays: [first, others[0]!, others[1]!] },
      { weeks: 4, weekdays: others.slice(0, 2) },
      { weeks: 4, weekdays: [first, first] },
      { weeks: 4, weekdays: [] },
      { weeks: 4, weekdays: [first, 8] },
    ]) {
      const res = await h.adminCall('createSession/createSession', { ...body, publishState: 1, repeat }, { token });
      expect(res.status, JSON.stringify(repeat)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    }
    expect(await h.snapshot()).toEqual(before);
  });
});
