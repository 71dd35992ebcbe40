import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';

/**
 * Free text refuses control characters (newlines only where a field is multi-line), direction
 * overrides and lone surrogates with 400 VALIDATION_FAILED and changes nothing; what it keeps is
 * stored in NFC (shared/src/schemas/text.ts; every field: functions/test/request-schemas.test.ts).
 */
let h: AdminHarness;
let owner: Awaited<ReturnType<AdminHarness['adminWithTeam']>>;
beforeAll(async () => {
  h = await createAdminHarness();
  owner = await h.adminWithTeam('hygiene@example.com');
});
afterAll(() => h.close());

const UNSAFE = {
  nul: 'a\u0000b',
  escape: '\u001b[2J清除',
  rightToLeftOverride: '報名\u202egpj.exe',
  isolate: '\u2066隱藏\u2069',
  loneSurrogate: '半個\ud83d字',
  tab: '欄\t位',
};

describe('admin text fields', () => {
  it('refuse unsafe characters with 400 VALIDATION_FAILED and write nothing', async () => {
    const session = await h.newSession(owner.token);
    const before = await h.snapshot();
    for (const [kind, bad] of Object.entries(UNSAFE)) {
      for (const [path, body] of [
        ['createSession/createSession', h.sessionBody({ title: bad })],
        ['createSession/createSession', h.sessionBody({ notes: bad === UNSAFE.tab ? 'a\u0007b' : bad })],
        ['courtSession/updateVenue', { sessionId: session.id, venue: bad }],
        ['setting/updateDefault', { team_name: bad }],
        ['team/postNews', { text: bad === UNSAFE.tab ? 'a\u0085b' : bad }],
        ['setting/updatePrivateRules', { private_rules: bad === UNSAFE.tab ? '\u202d' : bad }],
      ] as const) {
        const res = await h.adminCall(path, body, { token: owner.token });
        expect([res.status, res.body.error], `${path} ${kind}`).toEqual([400, 'VALIDATION_FAILED']);
      }
    }
    expect(await h.snapshot()).toEqual(before);
  });

  it('store NFC, keep line breaks in multi-line fields and refuse them in one-line fields', async () => {
    const created = await h.newSession(owner.token, { title: 'Cafe\u0301 羽球', notes: '第一行\r\n第二行 e\u0301' });
    expect(created.title).toBe('Café 羽球');
    const detail = await h.call<{ notes: string; title: string }>('withoutAuth/getDetail', { sessionId: created.id });
    expect(detail.body.data).toMatchObject({ title: 'Café 羽球', notes: '第一行\n第二行 é' });
    const oneLine = await h.adminCall('createSession/createSession', h.sessionBody({ title: '兩\n行' }), {
      token: owner.token,
    });
    expect([oneLine.status, oneLine.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    // Emoji (a surrogate pair) and CJK are text, not broken characters.
    expect((await h.newSession(owner.token, { title: '羽球 🏸 夜' })).title).toBe('羽球 🏸 夜');
  });
});

describe('member text fields', () => {
  it('the team filter of the session list refuses an escape sequence', async () => {
    const res = await h.call('withoutAuth/getSessionList', { teamName: UNSAFE.escape });
    expect([res.status, res.body.error]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
