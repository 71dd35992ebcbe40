import type { RotationAdminBoard } from '@shuttle/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, layoutProblems } from './a11y.ts';
import { api, loginAsDemoAdmin, newPlayer } from './admin-browser.ts';
import {
  advanceStackClock,
  animationsDone,
  baseUrl,
  followStackClock,
  launchChromium,
  loginThroughUi,
  phone,
  poll,
  screenshot,
  stackNow,
} from './browser.ts';

/**
 * 小幫手 ends a game with one tap on the winner (issue 31): a player whom the admin made the
 * board's helper opens the session in the member app at 390×844, taps 結束 on the running game,
 * is asked 哪一邊贏了？ (axe-clean in light and dark mode, fits 390 px in zh-TW and German), taps a
 * side, and the admin's board log shows the game finished with that winner.
 */
let browser: Browser;
let adminToken: string;
let sessionId: string;
let teamId: string;
let startsAt: number;
let helper: Page;
const contexts: BrowserContext[] = [];
// Long names, so the winner buttons have to wrap at 390 px.
const OTHERS = ['Sebastian Müller-Lüdenscheidt', '山田 花子', 'Anna-Katharina Schmidt', '黃志豪'];
const HELPER = 'Maximiliane Hohenzollern';

const board = async () =>
  (await api<{ board: RotationAdminBoard }>('admin/rotation/getBoard', { sessionId }, adminToken)).board;

beforeAll(async () => {
  browser = await launchChromium();
  const login = await browser.newContext({ baseURL: baseUrl(), locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  await followStackClock(login);
  contexts.push(login);
  const page = await login.newPage();
  await loginAsDemoAdmin(page);
  adminToken = (await page.evaluate(() => window.localStorage.getItem('admin-token')))!;

  const now = stackNow();
  // Team-only, so other journeys' lists stay as they are; it starts in two minutes (players book before).
  const starts = new Date(now + 2 * 60_000).toISOString();
  const { sessions } = await api<{ sessions: { id: string; teamId: string }[] }>(
    'admin/createSession/createSession',
    {
      publishState: 0,
      title: `小幫手 E2E ${now.toString(36)}`,
      venue: '大安運動中心',
      address: '台北市大安區辛亥路三段55號',
      region: '台北市',
      courts: 2,
      capacity: 12,
      price: 200,
      categories: ['casual'],
      isPublic: false,
      startsAt: starts,
      endsAt: new Date(Date.parse(starts) + 3 * 3_600_000).toISOString(),
      signupOpensAt: new Date(now - 3_600_000).toISOString(),
    },
    adminToken,
  );
  sessionId = sessions[0]!.id;
  startsAt = Date.parse(starts);
  teamId = sessions[0]!.teamId;
});

afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  await browser?.close();
});

/** A player's token from the local identity provider, as the member app signs in with `sub`. */
async function tokenOf(sub: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/dev/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub, name, provider: 'line' }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  return (await api<{ token: string }>('loginLine', { idToken })).token;
}

/**
 * The helper and four others book, the session starts (the stack's clock moves past its start:
 * the member app shows the board only while a session is in progress), all attend, the admin
 * opens the board and names the helper, who signs in on their phone (in a test: the login polls).
 */
async function setUp(): Promise<void> {
  const sub = `Ue2ehelp${Date.now().toString(16)}${Math.random().toString(16).slice(2, 8)}`.padEnd(33, '0');
  const tokens = [
    await tokenOf(sub, HELPER),
    ...(await Promise.all(OTHERS.map((name) => newPlayer(name)))).map((p) => p.token),
  ];
  for (const token of tokens) {
    await api('checkState/member/joinTeam', { teamId }, token);
    await api('checkState/sessionList/joinSession', { sessionId, partySize: 1 }, token);
  }
  await advanceStackClock(Math.max(0, startsAt + 60_000 - stackNow()));
  const signed = await api<{ players: { userId: string }[] }>(
    'admin/courtSession/signedMembers',
    { sessionId },
    adminToken,
  );
  for (const { userId } of signed.players)
    await api('admin/signed/signed', { sessionId, userId, attendance: 'attended' }, adminToken);
  await api('admin/rotation/setup', { sessionId, courts: [1, 2], mode: 'doubles' }, adminToken);
  const helperUserId = (await board()).players.find((p) => p.name === HELPER)!.userId;
  await api('admin/rotation/setHelper', { sessionId, userId: helperUserId }, adminToken);
  const { context, page } = await phone(browser, { identity: { sub, name: HELPER }, language: 'zh-TW' });
  contexts.push(context);
  helper = page;
  await loginThroughUi(helper, '/');
}

/** Opens the session on the helper's phone and taps 結束 on court 1's game: the winner question shows. */
async function askWhoWon(): Promise<void> {
  await helper.goto(`/session?id=${sessionId}`);
  const court = helper.getByTestId('helper-court').first();
  await court.getByTestId('helper-finish').waitFor({ timeout: 15_000 });
  await court.getByTestId('helper-finish').click();
  await helper.getByTestId('helper-result').waitFor();
  await helper.waitForLoadState('networkidle');
  await animationsDone(helper);
}

describe('小幫手 finishes a game with one tap on the winner', () => {
  it('asks who won in a dialog that is accessible and fits, and records the tapped side', async () => {
    await setUp();
    // A game of the four players the rule picks runs on court 1.
    await api('admin/rotation/startNext', { sessionId, court: 1 }, adminToken);
    const game = (await board()).courts.find((c) => c.court === 1)!.game!;
    expect(game).not.toBeNull();

    await askWhoWon();
    const result = helper.getByTestId('helper-result');
    // The question is a group named by its legend, so a screen reader reads it with the buttons.
    expect(await helper.getByRole('group', { name: '哪一邊贏了？' }).getAttribute('data-testid')).toBe('helper-result');
    const names = (side: 0 | 1) => game.teams[side].map((p) => p.name).join(' · ');
    expect(await result.getByTestId('helper-winner-0').innerText()).toBe(`${names(0)} 勝`);
    expect(await result.getByTestId('helper-winner-1').innerText()).toBe(`${names(1)} 勝`);
    expect(await result.getByTestId('helper-no-result').innerText()).toBe('不記結果');
    expect(await result.getByTestId('helper-finish-cancel').innerText()).toBe('取消');
    expect(await layoutProblems(helper)).toEqual([]);
    expect(await axeFindings(helper)).toEqual([]);
    await screenshot(helper, 'rotation-helper-winner-zh-TW', true);
    await helper.emulateMedia({ colorScheme: 'dark' });
    await animationsDone(helper);
    expect(await axeFindings(helper)).toEqual([]);
    await screenshot(helper, 'rotation-helper-winner-dark', true);
    await helper.emulateMedia({ colorScheme: 'light' });

    // 取消 closes the question and changes nothing.
    await result.getByTestId('helper-finish-cancel').click();
    await poll(() => helper.getByTestId('helper-result').count()).toBe(0);
    expect((await board()).log).toEqual([]);

    // In German the same question fits 390 px; the helper taps the second side.
    await helper.evaluate(() => window.localStorage.setItem('language', 'de'));
    await askWhoWon();
    expect(await helper.getByTestId('helper-result').locator('legend').innerText()).toBe('Wer hat gewonnen?');
    expect(await layoutProblems(helper)).toEqual([]);
    expect(await axeFindings(helper)).toEqual([]);
    await screenshot(helper, 'rotation-helper-winner-de', true);
    await helper.getByTestId('helper-winner-1').click();

    // The court is free on the phone, and the admin's log has the game with side 2 as the winner.
    await poll(() => helper.getByTestId('helper-court').first().getByTestId('helper-start').count()).toBe(1);
    const after = await board();
    expect(after.courts.find((c) => c.court === 1)!.game).toBeNull();
    expect(after.log).toHaveLength(1);
    expect(after.log[0]).toMatchObject({ court: 1, winner: 1, score: null, teams: game.teams });
  });
});
