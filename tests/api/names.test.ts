import type { MemberProfile } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * Names need a visible character (docs/PRIVACY.md, "Names"; every name field:
 * functions/test/name-fields.test.ts): a name that shows nothing gets 400 and changes nothing.
 */
let h: AdminHarness;
let owner: Awaited<ReturnType<AdminHarness['adminWithTeam']>>;
beforeAll(async () => {
  h = await createAdminHarness();
  owner = await h.adminWithTeam('names@example.com');
});
afterAll(() => h.close());

const INVISIBLE = {
  zeroWidthAndHangulFiller: '\u200b\u3164',
  hangulFillers: '\u115f\u1160\uffa0',
  brailleBlank: '\u2800\u2800',
  tags: '\u{e0001}\u{e0074}\u{e007f}',
  variationSelectors: '\ufe0f\ufe0e',
  joiners: '\u200d\u200c\u2060',
  spacesAndZeroWidth: '\u3000\u200b ',
};

const profileOf = async (token: string) =>
  (await h.call<MemberProfile>('checkState/checkAuth', undefined, { token })).body.data!;

describe('checkState/setting/nickname', () => {
  it('answers 400 to the nickname "\\u200b\\u3164" and keeps the one the player had', async () => {
    const token = await h.login('Unames1', '原名');
    expect((await h.call('checkState/setting/nickname', { nickname: '阿明' }, { token })).status).toBe(200);
    const before = await h.snapshot();

    const res = await h.call('checkState/setting/nickname', { nickname: '\u200b\u3164' }, { token });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
    expect(res.body.message).toContain('visible character');
    expect((await profileOf(token)).nickname).toBe('阿明');
    expect(await h.snapshot()).toEqual(before);
  });

  it.each(Object.entries(INVISIBLE))('refuses a nickname of %s', async (_, nickname) => {
    const token = await h.login(`Unames-${nickname.codePointAt(0)}`, 'name');
    const res = await h.call('checkState/setting/nickname', { nickname }, { token });
    expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await profileOf(token)).nickname ?? null).toBeNull();
  });

  it('keeps a visible nickname without the invisible characters at its ends, and lists show that', async () => {
    const token = await h.login('Unames2', '原名');
    const res = await h.call<MemberProfile>('checkState/setting/nickname', { nickname: '\u200b小明\u3164' }, { token });
    expect(res.body.data!.nickname).toBe('小明');
    const session = await h.newSession(owner.token);
    expect((await h.join(token, session.id)).status).toBe(200);
    const listed = await h.call<{ accepted: { name: string }[] }>(
      'checkState/sessionList/getMemberList',
      { sessionId: session.id },
      { token },
    );
    expect(listed.body.data!.accepted.map((p) => p.name)).toEqual(['小明']);
  });
});

describe('admin name fields', () => {
  it('answer 400 to names that show nothing and write nothing', async () => {
    const session = await h.newSession(owner.token);
    const before = await h.snapshot();
    for (const [kind, bad] of Object.entries(INVISIBLE)) {
      for (const [path, body] of [
        ['signed/addWalkIn', { sessionId: session.id, name: bad }],
        ['setting/updateDefault', { team_name: bad }],
        ['setting/updateDefault', { default_place_name: bad }],
        ['setting/saveVenue', { name: '大安運動中心', region: '台北市', courts: ['A', bad] }],
        ['setting/createTeam', { team_name: bad, default_region: '台北市' }],
        ['courtSession/updateVenue', { sessionId: session.id, venue: bad }],
        ['createSession/createSession', h.sessionBody({ title: bad })],
      ] as const) {
        const res = await h.adminCall(path, body, { token: owner.token });
        expect([res.status, res.body.error], `${path} ${kind}`).toEqual([400, 'VALIDATION_FAILED']);
      }
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('keep a guest walk-in named with a visible character, without invisible ends', async () => {
    const session = await h.newSession(owner.token, { startsInHours: 1 });
    const res = await h.adminCall<{ name: string }>(
      'signed/addWalkIn',
      { sessionId: session.id, name: '\u2800阿華\u200b' },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data!.name).toBe('阿華');
  });
});
