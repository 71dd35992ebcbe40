import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import type { AdminSession } from '@shuttle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../../support/admin-harness.ts';
import { expectSessionInvariants, readSessionState } from '../../support/invariants.ts';

/**
 * Fair sign-up from the admin side (docs/FAIR-SIGNUP.md): the create form's `signupMode` and
 * `lotteryMinutes` (defaulting from the team), the team settings `waitlistOfferMinutes` and
 * `memberPriorityHours`, the member priority window, and the contract names in both OpenAPI
 * documents.
 */

let h: AdminHarness;
let token: string;
let teamId: string;
beforeAll(async () => {
  h = await createAdminHarness();
  ({ token, teamId } = await h.adminWithTeam('fair@example.com', '公平羽球隊'));
});
afterAll(() => h.close());

const HOUR = 3_600_000;

describe('creating lottery sessions', () => {
  it('takes signupMode and lotteryMinutes; the detail publishes the seed hash at once', async () => {
    const opensAt = new Date(h.clock.now().getTime() + HOUR).toISOString();
    const session = await h.newSession(token, { signupMode: 'lottery', lotteryMinutes: 15, signupOpensAt: opensAt });
    expect(session.signupMode).toBe('lottery');
    const detail = await h.call<{ lottery: { drawAt: string; seedHash: string; seed: string | null } }>(
      'withoutAuth/getDetail',
      { sessionId: session.id },
    );
    expect(detail.body.data!.lottery).toMatchObject({
      drawAt: new Date(Date.parse(opensAt) + 15 * 60_000).toISOString(),
      seed: null,
    });
    expect(detail.body.data!.lottery.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const { session: stored } = await readSessionState(h.store, session.id);
    expect(stored.lotterySeed, 'the seed is kept secret on the item').toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['a window past the start', { signupMode: 'lottery', lotteryMinutes: 1440, startsInHours: 5 }, 'lotteryMinutes'],
    ['a window of 0 minutes', { signupMode: 'lottery', lotteryMinutes: 0 }, 'lotteryMinutes'],
    ['an unknown mode', { signupMode: 'fastestThumb' }, 'signupMode'],
  ])('refuses %s and writes nothing', async (_, over, path) => {
    const before = await h.snapshot();
    const res = await h.adminCall('createSession/createSession', h.sessionBody(over), { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.body)).toContain(path);
    expect(await h.snapshot()).toEqual(before);
  });

  it('defaults from the team: a team in lottery mode creates lottery sessions', async () => {
    const settings = await h.ok<Record<string, unknown>>(
      'setting/updateDefault',
      { signupMode: 'lottery', lotteryMinutes: 5, waitlistOfferMinutes: 20, memberPriorityHours: 24 },
      token,
    );
    expect(settings).toMatchObject({
      signupMode: 'lottery',
      lotteryMinutes: 5,
      waitlistOfferMinutes: 20,
      memberPriorityHours: 24,
    });
    const defaults = await h.ok<Record<string, unknown>>('createSession/getDefaultSetting', {}, token);
    expect(defaults).toMatchObject({ signupMode: 'lottery', lotteryMinutes: 5 });
    const session = await h.newSession(token, { signupOpensAt: h.clock.now().toISOString() });
    const { session: stored } = await readSessionState(h.store, session.id);
    expect(stored).toMatchObject({
      signupMode: 'lottery',
      lotteryMinutes: 5,
      waitlistOfferMinutes: 20,
      memberPriorityHours: 24,
    });
    const [p] = await h.players(1, 'fairdef');
    expect((await h.join(p!.token, session.id)).body.data!.status).toBe('entered');
    await h.later(5 * 60_000, async () => {
      await runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
      await expectSessionInvariants(h.store, session.id);
    });
    await h.ok(
      'setting/updateDefault',
      { signupMode: 'firstCome', waitlistOfferMinutes: 0, memberPriorityHours: 0 },
      token,
    );
  });

  it('quietHours: 23:00-08:00 by default, changed or turned off (null), copied to new sessions; bad times refused, nothing changed', async () => {
    const before = await h.ok<Record<string, unknown>>('setting/defaultData', {}, token);
    expect(before.quietHours).toEqual({ start: '23:00', end: '08:00' });
    for (const quietHours of [{ start: '25:00', end: '07:00' }, { start: '22:00', end: '22:00' }, { start: '22:00' }]) {
      const snapshot = await h.snapshot();
      const res = await h.adminCall('setting/updateDefault', { quietHours }, { token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(await h.snapshot()).toEqual(snapshot);
    }
    const changed = await h.ok<Record<string, unknown>>(
      'setting/updateDefault',
      { quietHours: { start: '22:30', end: '07:00' } },
      token,
    );
    expect(changed.quietHours).toEqual({ start: '22:30', end: '07:00' });
    const session = await h.newSession(token, {});
    expect((await readSessionState(h.store, session.id)).session.quietHours).toEqual({ start: '22:30', end: '07:00' });
    const off = await h.ok<Record<string, unknown>>('setting/updateDefault', { quietHours: null }, token);
    expect(off.quietHours).toBeNull();
    const later = await h.newSession(token, {});
    expect((await readSessionState(h.store, later.id)).session.quietHours).toBeNull();
    await h.ok('setting/updateDefault', { quietHours: { start: '23:00', end: '08:00' } }, token);
  });

  it('refuses team settings out of range', async () => {
    for (const body of [{ waitlistOfferMinutes: -1 }, { memberPriorityHours: 1000 }, { lotteryMinutes: 2000 }]) {
      const res = await h.adminCall('setting/updateDefault', body, { token });
      expect(res.status).toBe(400);
    }
  });
});

describe('member priority window', () => {
  it('lets members (and the vip tier) join before sign-up opens; others see when they can', async () => {
    await h.ok('setting/updateDefault', { memberPriorityHours: 2 }, token);
    const opensAt = new Date(h.clock.now().getTime() + HOUR).toISOString();
    const session: AdminSession = await h.newSession(token, { signupOpensAt: opensAt });
    await h.ok('setting/updateDefault', { memberPriorityHours: 0 }, token);
    const [member, vip, outsider] = await h.players(3, 'prio');
    for (const p of [member!, vip!]) await h.call('checkState/member/joinTeam', { teamId }, { token: p.token });
    await h.ok('members/updateMembership', { userId: vip!.userId, membership: 'vip' }, token);

    const seen = await h.call<{ memberSignupOpensAt: string; status: string }>('withoutAuth/getDetail', {
      sessionId: session.id,
    });
    expect(seen.body.data).toMatchObject({
      status: 'notYetOpen',
      memberSignupOpensAt: new Date(Date.parse(opensAt) - 2 * HOUR).toISOString(),
    });
    expect((await h.join(member!.token, session.id)).body.data!.status).toBe('accepted');
    expect((await h.join(vip!.token, session.id)).body.data!.status).toBe('accepted');
    const refused = await h.join(outsider!.token, session.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('SIGNUP_NOT_OPEN');
    const { bookings } = await expectSessionInvariants(h.store, session.id);
    expect(bookings.map((b) => b.userId).sort()).toEqual([member!.userId, vip!.userId].sort());
  });
});

describe('contract names', () => {
  it('are in both OpenAPI documents', async () => {
    const member = JSON.stringify(await (await h.app.request('/api/openapi.json')).json());
    const admin = JSON.stringify(await (await h.adminApp.request('/api/admin/openapi.json')).json());
    for (const name of ['entered', 'offered', 'offerExpiresAt', 'seedHash', 'drawAt', 'signupMode']) {
      expect(member, name).toContain(name);
    }
    for (const path of ['checkState/booked/acceptOffer', 'checkState/booked/declineOffer']) {
      expect(member, path).toContain(path);
    }
    for (const name of [
      'signupMode',
      'lotteryMinutes',
      'waitlistOfferMinutes',
      'memberPriorityHours',
      'vip',
      'lottery',
      'entered',
      'offered',
    ]) {
      expect(admin, name).toContain(name);
    }
  });
});
