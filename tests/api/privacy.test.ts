import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountExport, AdminParticipant, MemberList, MemberProfile } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/** Issue 18, item 1 (docs/PRIVACY.md): who sees whom, the player's data export and deletion. */

let h: AdminHarness;
let admin: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token: admin, teamId } = await h.adminWithTeam('privacy@example.com', '隱私隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;
const list = (sessionId: string, token?: string) =>
  h.call<MemberList>(
    token ? 'checkState/sessionList/getMemberList' : 'withoutAuth/getMemberList',
    { sessionId },
    token ? { token } : {},
  );
const profileOf = async (token: string) =>
  (await h.call<MemberProfile>('checkState/checkAuth', undefined, { token })).body;

/** A session starting in 3 hours with two booked players and one waiting, the first marked absent and the second paid. */
async function bookedSession(prefix: string) {
  const session = await h.newSession(admin, { capacity: 2, startsInHours: 3 });
  const [a, b, c] = await h.players(3, prefix);
  await h.call('checkState/member/joinTeam', { teamId }, { token: a!.token });
  expect((await h.call('checkState/setting/nickname', { nickname: '阿明' }, { token: a!.token })).status).toBe(200);
  await h.call('checkState/setting/level', { level: 7 }, { token: a!.token });
  await h.call('checkState/setting/level', { level: 12 }, { token: b!.token });
  for (const p of [a!, b!, c!]) await h.join(p.token, session.id);
  await h.ok('signed/signed', { sessionId: session.id, userId: a!.userId, attendance: 'absent', confirm: true }, admin);
  await h.ok('signed/signed', { sessionId: session.id, userId: b!.userId, attendance: 'attended' }, admin);
  await h.ok('payments/markPaid', { sessionId: session.id, userId: b!.userId, method: 'cash', amount: 200 }, admin);
  return { session, a: a!, b: b!, c: c! };
}

describe('participant lists', () => {
  it('a visitor sees how many are in and waiting, never who', async () => {
    const { session } = await bookedSession('pvis');
    const res = await list(session.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      visibility: 'counts',
      accepted: [],
      waiting: [],
      acceptedCount: 2,
      waitingCount: 1,
    });
    const text = JSON.stringify(res.body);
    for (const leak of ['pvis', '阿明', 'absent', 'attended', 'line_']) expect(text).not.toContain(leak);
    // The visitor's detail carries counts and no names either.
    const detail = JSON.stringify((await h.call('withoutAuth/getDetail', { sessionId: session.id })).body);
    expect(detail).not.toContain('pvis');
    expect(detail).not.toContain('阿明');
  });

  it('a signed-in player sees names (nicknames when set) and only their own attendance and level', async () => {
    const { session, a, b } = await bookedSession('pnam');
    const mine = (await list(session.id, a.token)).body.data!;
    expect(mine.visibility).toBe('names');
    expect(mine.accepted).toEqual([
      { name: '阿明', pictureUrl: '', partySize: 1, position: null, isMe: true, attendance: 'absent', level: 7 },
      { name: 'pnam 1', pictureUrl: '', partySize: 1, position: null, isMe: false },
    ]);
    expect(mine.waiting).toEqual([{ name: 'pnam 2', pictureUrl: '', partySize: 1, position: 1, isMe: false }]);

    // B sees A by nickname without A's absent mark, and their own attendance and level.
    const theirs = (await list(session.id, b.token)).body.data!;
    expect(theirs.accepted[0]).toEqual({ name: '阿明', pictureUrl: '', partySize: 1, position: null, isMe: false });
    expect(theirs.accepted[1]).toMatchObject({ isMe: true, attendance: 'attended', level: 12 });
    const text = JSON.stringify(theirs);
    for (const leak of ['absent', 'payment', 'paid', 'suspended', '"level":7']) expect(text).not.toContain(leak);

    // The team's admins still see everything: real names, attendance, payments, levels.
    const signed = await h.ok<{ players: AdminParticipant[] }>(
      'courtSession/signedMembers',
      { sessionId: session.id },
      admin,
    );
    expect(signed.players.map((p) => [p.name, p.attendance, p.payment?.status, p.level])).toEqual([
      ['pnam 0', 'absent', 'unpaid', 7],
      ['pnam 1', 'attended', 'paid', 12],
    ]);
  });

  it('a team-only session lists nobody to a player outside the team', async () => {
    const session = await h.newSession(admin, { startsInHours: 5 });
    await h.ok('courtSession/switchPublic', { sessionId: session.id, isPublic: false }, admin);
    const [outsider] = await h.players(1, 'pout');
    expect((await list(session.id, outsider!.token)).body.error).toBe('SESSION_NOT_FOUND');
    expect((await list(session.id)).status).toBe(404);
  });
});

describe('checkState/setting/nickname', () => {
  it('stores NFC, clears with null or empty text, refuses controls, overrides and lone surrogates', async () => {
    const me = await h.login('Unick', '原名');
    const set = (nickname: unknown) =>
      h.call<MemberProfile>('checkState/setting/nickname', { nickname }, { token: me });
    expect((await set('Jose\u0301')).body.data!.nickname).toBe('José'.normalize('NFC'));
    for (const bad of ['a\u0000b', 'a\u001bb', 'evil\u202eexe', 'x\ud800', 'new\nline', 'x'.repeat(21), '   ', 5]) {
      const res = await set(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    }
    expect((await profileOf(me)).data!.nickname).toBe('José'.normalize('NFC'));
    expect((await set('')).body.data!.nickname).toBeNull();
    await set('暱稱');
    expect((await set(null)).body.data!.nickname).toBeNull();
    expect((await h.call('checkState/setting/nickname', { nickname: 'x' })).status).toBe(401);
  });
});

describe('checkState/account/exportData', () => {
  it("gives the player everything stored about them and nothing of others'", async () => {
    const { session, a } = await bookedSession('pexp');
    await h.call('checkState/calendar/resetFeed', {}, { token: a.token });
    const res = await h.call<AccountExport>('checkState/account/exportData', {}, { token: a.token });
    expect(res.status).toBe(200);
    const data = res.body.data!;
    expect(data.profile).toMatchObject({
      accountId: a.userId,
      providerSubject: a.sub,
      provider: 'line',
      displayName: 'pexp 0',
      nickname: '阿明',
      level: 7,
    });
    expect(data.preferences).toMatchObject({ news: true, line: true });
    expect(data.memberships).toEqual([expect.objectContaining({ teamId, teamName: '隱私隊', blocked: false })]);
    expect(data.bookings).toEqual([
      expect.objectContaining({
        sessionId: session.id,
        status: 'accepted',
        attendance: 'absent',
        payment: expect.objectContaining({ status: 'unpaid', amount: 200 }),
      }),
    ]);
    expect(data.calendarFeed).toEqual({ exists: true });
    const text = JSON.stringify(data);
    for (const other of ['pexp 1', 'pexp 2', 'Upexp001']) expect(text).not.toContain(other);
    expect((await h.call('checkState/account/exportData', {})).status).toBe(401);
  });
});

describe('checkState/account/delete', () => {
  it('is refused while the player holds a booking of a session not ended, and changes nothing', async () => {
    const { session, a } = await bookedSession('pbusy');
    const res = await h.call('checkState/account/delete', {}, { token: a.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('ACCOUNT_HAS_BOOKINGS');
    expect((await profileOf(a.token)).data!.nickname).toBe('阿明');
    const signed = await h.ok<{ players: AdminParticipant[] }>(
      'courtSession/signedMembers',
      { sessionId: session.id },
      admin,
    );
    expect(signed.players[0]!.name).toBe('pbusy 0');
  });

  it('removes profile, login link, email, preferences and teams; bookings stay anonymised; old tokens and logins never reach the old record', async () => {
    const { session, a } = await bookedSession('pdel');
    await h.call('checkState/email/sendCode', { email: 'pdel@example.com' }, { token: a.token });
    await h.call('checkState/email/verifyCode', { code: h.codeSentTo('pdel@example.com') }, { token: a.token });
    await h.call('checkState/calendar/resetFeed', {}, { token: a.token });
    const feed = (await h.call<{ token: string }>('checkState/calendar/getFeed', undefined, { token: a.token })).body
      .data!.token;
    const membersBefore = await h.ok<{ total: number }>('members/getMembers', { teamId }, admin);

    // After the session ended the player holds nothing open (and signs in again: tokens last an hour here).
    await h.later(6 * HOUR, async () => {
      const live = await h.login(a.sub, 'pdel 0');
      const adminNow = (await h.adminLogin('privacy@example.com')).body.data!.token;
      const res = await h.call<{ deleted: true; anonymisedBookings: number }>(
        'checkState/account/delete',
        {},
        { token: live },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ deleted: true, anonymisedBookings: 1 });

      // The old member token stops working everywhere.
      for (const path of ['checkState/checkAuth', 'checkState/booked/getBooked', 'checkState/history/getHistory']) {
        const old = await h.call(path, undefined, { token: live });
        expect(old.status, path).toBe(401);
        expect(old.body.error).toBe('INVALID_TOKEN');
      }
      const detailByOld = await h.call('checkState/sessionList/getDetail', { sessionId: session.id }, { token: live });
      expect(detailByOld.status).toBe(401);

      // Nothing is left in the player's partition but nothing of others went with it.
      const { Items } = await h.store.doc.send(
        new QueryCommand({
          TableName: h.store.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${a.userId}` },
        }),
      );
      expect(Items!.map((i) => i.SK)).toEqual(['DELETED']);
      expect((await h.call(`calendar/feed/${feed}.ics`)).status).toBe(404);

      // The booking stays for the team's accounts under the anonymous name, its attendance kept.
      const signed = await h.ok<{ players: AdminParticipant[] }>(
        'courtSession/signedMembers',
        { sessionId: session.id },
        adminNow,
      );
      expect(signed.players.map((p) => [p.name, p.pictureUrl, p.attendance])).toEqual([
        ['已刪除的球友', '', 'absent'],
        ['pdel 1', '', 'attended'],
      ]);
      const members = await h.ok<{ total: number }>('members/getMembers', { teamId }, adminNow);
      expect(members.total).toBe(membersBefore.total - 1);
      expect(JSON.stringify(members)).not.toContain('pdel 0');

      // The email is free for someone else.
      const other = await h.login('Updelother', '別人');
      const claim = await h.call('checkState/email/sendCode', { email: 'pdel@example.com' }, { token: other });
      expect(claim.status).toBe(200);

      // The same LINE login starts a fresh player who never reaches the old record.
      const again = await h.login(a.sub, 'pdel 0');
      const fresh = (await profileOf(again)).data!;
      expect(fresh).toMatchObject({ displayName: 'pdel 0', nickname: null, email: null, emailVerified: false });
      const history = await h.call<{ items: unknown[] }>('checkState/history/getHistory', undefined, { token: again });
      expect(history.body.data!.items).toEqual([]);
      const detail = await h.call<{ myBooking: unknown }>(
        'checkState/sessionList/getDetail',
        { sessionId: session.id },
        {
          token: again,
        },
      );
      expect(detail.body.data!.myBooking).toBeNull();
      const exported = await h.call<AccountExport>('checkState/account/exportData', {}, { token: again });
      expect(exported.body.data!.bookings).toEqual([]);
      expect(exported.body.data!.memberships).toEqual([]);
      expect((await h.call('checkState/checkAuth', undefined, { token: live })).status).toBe(401);
    });
  });
});
