import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { key } from '@shuttle/functions/db/keys.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { APP_BASE_URL } from '../support/harness.ts';

/**
 * Every link an answer or email carries starts with `APP_BASE_URL`, never with the request's
 * `Host` or `X-Forwarded-Host` (issue 18, item 6): on Lambda those name (and reveal) the
 * execute-api hostname, and a forged one must not land in an answer a cache may keep.
 */
let h: AdminHarness;
beforeAll(async () => {
  h = await createAdminHarness();
});
afterAll(() => h.close());

const joinTeam = (token: string, teamId: string) => h.call('checkState/member/joinTeam', { teamId }, { token });

const FORGED = {
  host: 'evil-host.example',
  'x-forwarded-host': 'evil-forwarded.example',
  'x-forwarded-proto': 'gopher',
  forwarded: 'host=evil-forwarded2.example;proto=http',
};
const forgedHostIn = (text: string) => /evil|gopher|execute-api/i.test(text);
/** Every absolute URL in a text, unfolded from iCalendar continuation lines. */
const urlsIn = (text: string) =>
  [...text.replace(/\r\n /g, '').matchAll(/(?:https?|webcal):\/\/[^\s"\\<>]+/gi)].map((m) => m[0]);

function expectOnlyAppLinks(text: string) {
  expect(forgedHostIn(text)).toBe(false);
  const urls = urlsIn(text);
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url, text).toMatch(new RegExp(`^${APP_BASE_URL}/`));
}

describe('links come from APP_BASE_URL, whatever Host and X-Forwarded-Host say', () => {
  it('the .ics of a public and of a team-only session', async () => {
    const team = await h.putTeam();
    const open = await h.putSession(team);
    const res = await h.app.request(`/api/calendar/session/${open.id}.ics`, { headers: FORGED });
    expect(res.status).toBe(200);
    const ics = await res.text();
    expectOnlyAppLinks(ics);
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:${APP_BASE_URL}/session?id=${open.id}`);

    const closed = await h.putSession(team, { isPublic: false });
    const player = await h.login('Uforgedics', '成員');
    expect((await joinTeam(player, team.id)).status).toBe(200);
    const own = await h.app.request(`/api/calendar/session/${closed.id}.ics`, {
      headers: { ...FORGED, authorization: `Bearer ${player}` },
    });
    expect(own.status).toBe(200);
    expectOnlyAppLinks(await own.text());
  });

  it('the personal calendar feed', async () => {
    const session = await h.putSession(await h.putTeam());
    const player = await h.login('Uforgedfeed', '訂閱者');
    expect((await h.join(player, session.id)).status).toBe(200);
    const feed = await h.call<{ token: string }>('checkState/calendar/resetFeed', {}, { token: player });
    const res = await h.app.request(`/api/calendar/feed/${feed.body.data!.token}.ics`, { headers: FORGED });
    expect(res.status).toBe(200);
    expectOnlyAppLinks(await res.text());
  });

  it('password reset, invitation and sign-in alert emails', async () => {
    const owner = await h.adminWithTeam('forged-owner@example.com');
    h.emails.sent.length = 0;
    const reset = await h.adminCall(
      'password/requestReset',
      { email: 'forged-owner@example.com' },
      { headers: FORGED },
    );
    expect(reset.status).toBe(200);
    const invite = await h.adminCall(
      'setting/inviteAdmin',
      { email: 'forged-helper@example.com' },
      {
        token: owner.token,
        headers: FORGED,
      },
    );
    expect(invite.status).toBe(200);
    for (let i = 0; i < 12; i++) {
      await h.adminCall(
        'login',
        { email: 'forged-owner@example.com', password: 'wrong-password' },
        { headers: { ...FORGED, 'x-forwarded-for': `198.51.100.${i + 1}` } },
      );
    }
    const kinds = h.emails.sent.map((m) => m.to);
    expect(kinds).toEqual(
      expect.arrayContaining(['forged-owner@example.com', 'forged-helper@example.com', 'forged-owner@example.com']),
    );
    expect(h.emails.sent.length).toBeGreaterThanOrEqual(3);
    for (const mail of h.emails.sent) {
      expect(forgedHostIn(mail.subject)).toBe(false);
      expectOnlyAppLinks(mail.text);
    }
  });

  it('JSON answers carry no forged host either', async () => {
    const session = await h.putSession(await h.putTeam());
    const player = await h.login('Uforgedjson', '玩家');
    for (const [path, body] of [
      ['withoutAuth/getDetail', { sessionId: session.id }],
      ['checkState/sessionList/getDetail', { sessionId: session.id }],
      ['checkState/calendar/resetFeed', {}],
    ] as const) {
      const res = await h.call(path, body, { token: player, headers: FORGED });
      expect(res.status).toBe(200);
      expect(forgedHostIn(JSON.stringify(res.body))).toBe(false);
    }
  });
});

describe('a team-only session’s .ics is only for its members', () => {
  it('anyone else gets the 404 of an unknown session; members and booked players get the file, never cached', async () => {
    const team = await h.putTeam();
    const closed = await h.putSession(team, { isPublic: false, notes: '門禁密碼 4321' });
    const path = `/api/calendar/session/${closed.id}.ics`;
    const unknown = await h.app.request('/api/calendar/session/no-such-session.ics');
    const unknownBody = await unknown.json();

    const stranger = await h.login('Uicsstranger', '路人');
    for (const headers of [
      {} as Record<string, string>,
      { authorization: `Bearer ${stranger}` },
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await h.app.request(path, { headers });
      expect(res.status).toBe(404);
      const body = (await res.json()) as Record<string, unknown>;
      expect({ ...body, timestamp: null }).toEqual({ ...(unknownBody as object), timestamp: null });
      expect(JSON.stringify(body)).not.toContain('4321');
    }

    const member = await h.login('Uicsmember', '隊員');
    expect((await joinTeam(member, team.id)).status).toBe(200);
    const mine = await h.app.request(path, { headers: { authorization: `Bearer ${member}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(await mine.text()).toContain('4321');
    // Booked players keep their file (the detail's rule), even where they are no member.
    expect((await h.join(member, closed.id)).status).toBe(200);
    await h.store.doc.send(
      new DeleteCommand({ TableName: h.store.tableName, Key: key.teamMember(team.id, 'line_Uicsmember') }),
    );
    expect((await h.app.request(path, { headers: { authorization: `Bearer ${member}` } })).status).toBe(200);

    const open = await h.putSession(team);
    const visitor = await h.app.request(`/api/calendar/session/${open.id}.ics`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
