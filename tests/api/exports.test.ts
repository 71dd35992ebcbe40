import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('export@example.com', '匯出隊'));
});
afterAll(() => h.close());

const BOM = '\uFEFF';
async function exportCsv(body: unknown, authToken = token) {
  const res = await h.adminApp.request('/api/admin/reports/exportCsv', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken}` },
    body: JSON.stringify(body),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
const rowsOf = (text: string) => text.slice(1).trimEnd().split('\r\n');

describe('reports/exportCsv', () => {
  it('answers UTF-8 CSV with a BOM and a header row, money from payments', async () => {
    const session = await h.newSession(token, { price: 300, title: '週三, "歡樂" 場', startsInHours: 2 });
    const [a, b, c] = await h.players(3, 'csv');
    for (const p of [a!, b!, c!]) await h.join(p.token, session.id);
    await h.ok('payments/markPaid', { sessionId: session.id, userId: a!.userId, method: 'cash', amount: 300 }, token);
    await h.ok('payments/waive', { sessionId: session.id, userId: b!.userId }, token);
    const month = session.startsAt.slice(0, 7);

    const { res, bytes, text } = await exportCsv({ teamId, month, kind: 'revenue' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(BOM)).toBe(true);
    const [header, row] = rowsOf(text);
    expect(header).toBe('開始時間,場次,場地,費用,已報名,出席,缺席,已收,未收,免收,實收');
    // Quotes and commas in a title are escaped; paid 300, one player owes 300, one waived 300;
    // income 300, the settlement's figure.
    expect(row).toContain('"週三, ""歡樂"" 場"');
    expect(row!.endsWith(',300,3,0,0,300,300,300,300')).toBe(true);

    const money = async (as = token) =>
      h.ok<{ paid: number; outstanding: number; waived: number }>('reports/payments', { teamId, month }, as);
    // Owed money counts once the session has ended (issue 22: the revenue screen counts ended
    // sessions; the 收費 list everything owed), so not while it is still to come.
    expect(await money()).toMatchObject({ paid: 300, outstanding: 0, waived: 300, passSales: 0 });
    const afterEnd = await h.later(5 * 3_600_000, async () =>
      money((await h.adminLogin('export@example.com')).body.data!.token),
    );
    expect(afterEnd).toMatchObject({ paid: 300, outstanding: 300, waived: 300 });
  });

  it('exports attendance and members with a header row each', async () => {
    const session = await h.newSession(token, { startsInHours: 3 });
    const [p] = await h.players(1, 'csvatt');
    await h.call('checkState/member/joinTeam', { teamId }, { token: p!.token });
    await h.join(p!.token, session.id);
    await h.ok('signed/signed', { sessionId: session.id, userId: p!.userId, attendance: 'attended' }, token);
    const month = session.startsAt.slice(0, 7);

    const attendance = rowsOf((await exportCsv({ teamId, month, kind: 'attendance' })).text);
    expect(attendance[0]).toBe('開始時間,場次,球友,人數,出席狀態,付款狀態,金額,付款方式,備註／帳號末五碼,退款');
    expect(attendance.some((r) => r.includes('csvatt 0,1,出席,未付款,200'))).toBe(true);

    const members = rowsOf((await exportCsv({ teamId, month, kind: 'members' })).text);
    expect(members[0]).toBe('球友,會員身分,加入日期,程度,報名次數,出席,缺席,未付金額,停權至');
    expect(members.find((r) => r.startsWith('csvatt 0,'))).toMatch(/,1,1,0,200,$/);
  });

  it('neutralises spreadsheet formulas in player names', async () => {
    const session = await h.newSession(token, { startsInHours: 4 });
    const evil = await h.login('Uevil', '=HYPERLINK("http://x")');
    await h.join(evil, session.id);
    const text = (await exportCsv({ teamId, month: session.startsAt.slice(0, 7), kind: 'attendance' })).text;
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('refuses bad input and other teams with an error envelope', async () => {
    for (const body of [
      { teamId, month: '2026-13', kind: 'revenue' },
      { teamId, month: '2026-12', kind: 'salaries' },
      { teamId, kind: 'revenue' },
    ]) {
      const { res, text } = await exportCsv(body);
      expect(res.status).toBe(400);
      expect(JSON.parse(text).error).toBe('VALIDATION_FAILED');
    }
    const { token: stranger } = await h.adminWithTeam('csv-stranger@example.com');
    const { res } = await exportCsv({ teamId, month: '2026-12', kind: 'members' }, stranger);
    expect(res.status).toBe(403);
  });

  it('gives a player their own history as CSV', async () => {
    const session = await h.newSession(token, { startsInHours: 5, title: '我的場次' });
    const me = await h.login('Uhistory', '歷史球友');
    await h.join(me, session.id);
    const res = await h.app.request('/api/checkState/history/exportCsv', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me}` },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    const rows = rowsOf(text);
    expect(text.startsWith(BOM)).toBe(true);
    expect(rows[0]).toBe('開始時間,球隊,場次,場地,人數,出席狀態,付款狀態,金額,付款方式');
    expect(rows[1]).toContain('我的場次');
    expect(rows[1]).toContain('未付款,200');
  });
});
