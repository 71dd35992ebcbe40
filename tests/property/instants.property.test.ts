import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reminderJobDeps, signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { scheduleBookingReminders } from '@shuttle/functions/notifications/reminders.ts';
import { scheduleSignupOpenings } from '@shuttle/functions/notifications/signup-openings.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import type { AdminSession } from '@shuttle/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';
import { expectSessionInvariants, readSessionState } from '../support/invariants.ts';

/**
 * One instant format (docs/ARCHITECTURE.md, "Choices"): a session's times written with random
 * ISO 8601 offsets, at creation and in a later `courtSession/updateVenue`, drive the jobs as the
 * same instants in UTC would. Over a simulated day the job runs (at most 59 minutes apart, as on
 * AWS) announce the sign-up opening once, draw a lottery once, expire an offer once, and remind
 * each booked player once.
 *
 * No error of a call is caught, and every run asserts exact counts (one opening, one draw or one
 * expiry, one reminder per player holding a place), so a run that did nothing fails: the last
 * test plants jobs that always throw, and jobs that silently do nothing, and shows the property
 * fails with each.
 */

const MINUTE = 60_000;
const OFFER_MINUTES = 30;

/** An offset in minutes (-12:00 to +14:00 by quarter hours) and how it is written. */
const offset = fc.record({
  minutes: fc.integer({ min: -48, max: 56 }).map((q) => q * 15),
  form: fc.constantFrom('extended', 'basic', 'hours', 'zulu'),
  millis: fc.boolean(),
});
type Offset = typeof offset extends fc.Arbitrary<infer T> ? T : never;

/** `iso` as the same instant written with `o` (`Z`, `±HH:mm`, `±HHmm` or `±HH`; with or without milliseconds). */
function written(iso: string, o: Offset): string {
  const minutes = o.form === 'zulu' || (o.form === 'hours' && o.minutes % 60 !== 0) ? 0 : o.minutes;
  // Without milliseconds only when they are 0: the text names the same instant either way.
  const millis = o.millis || !iso.endsWith('.000Z');
  const local = new Date(Date.parse(iso) + minutes * MINUTE).toISOString().slice(0, millis ? 23 : 19);
  if (o.form === 'zulu' || (minutes === 0 && o.form !== 'extended')) return `${local}Z`;
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  const sign = minutes < 0 ? '-' : '+';
  if (o.form === 'hours') return `${local}${sign}${hh}`;
  return `${local}${sign}${hh}${o.form === 'basic' ? '' : ':'}${mm}`;
}

const scenario = fc.record({
  mode: fc.constantFrom('lottery', 'offers'),
  /** Minutes from creation to the sign-up opening, and from the opening to the start. */
  opensIn: fc.integer({ min: 5, max: 120 }),
  startsAfterOpening: fc.integer({ min: 240, max: 420 }),
  lotteryMinutes: fc.integer({ min: 1, max: 45 }),
  capacity: fc.integer({ min: 1, max: 3 }),
  entrants: fc.integer({ min: 1, max: 4 }),
  /** The times as created, before an update moves them to the final ones (null: created final). */
  moved: fc.option(fc.record({ opens: fc.integer({ min: -4, max: 60 }), start: fc.integer({ min: 0, max: 90 }) })),
  offsets: fc.record({
    create: fc.array(offset, { minLength: 3, maxLength: 3 }),
    update: fc.array(offset, { minLength: 3, maxLength: 3 }),
  }),
  /** Minutes between job runs. */
  step: fc.integer({ min: 17, max: 59 }),
  /** Milliseconds on the clock, so instants rarely fall on whole seconds. */
  jitter: fc.integer({ min: 0, max: 999 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

let h: AdminHarness;
let admin: { teamId: string; email: string };
let runs = 0;
/** After every session a run made (even one a failed run left behind), so runs never overlap. */
let lastEnd = 0;
beforeAll(async () => {
  h = await createAdminHarness();
  const email = 'instant-jobs@example.tw';
  const created = await h.adminWithTeam(email);
  admin = { teamId: created.teamId, email };
  // Quiet hours (docs/FAIR-SIGNUP.md) are off: the scenarios walk the clock through any hour, and
  // what they prove is the reading of offsets; the quiet-hours rules have their own property.
  await h.ok('setting/updateDefault', { waitlistOfferMinutes: OFFER_MINUTES, quietHours: null }, created.token);
  // The team's LINE group is bound (as `setting/lineBindCode` would), so sign-up openings are announced.
  await h.store.doc.send(
    new UpdateCommand({
      TableName: h.store.tableName,
      Key: key.team(created.teamId),
      UpdateExpression: 'SET lineGroupId = :g',
      ExpressionAttributeValues: { ':g': `C${'5'.repeat(32)}` },
    }),
  );
});
afterAll(() => h.close());

async function recordsOf(sessionId: string) {
  const { Items = [] } = await h.store.doc.send(
    new QueryCommand({
      TableName: h.store.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#PENDING' },
    }),
  );
  return Items.filter((i) => i.sessionId === sessionId || (i.sessionIds as string[] | undefined)?.includes(sessionId));
}

/** The jobs a run drives; the planted test replaces one. */
const JOBS = { scheduleSignupOpenings, scheduleBookingReminders, runSignupJobs };
type Jobs = typeof JOBS;

async function runScenario(s: Scenario, jobs: Jobs = JOBS) {
  runs += 1;
  // Each run starts after the last one ended, so its sessions are the only ones the jobs find.
  const t0 = Math.ceil(Math.max(h.clock.now().getTime(), lastEnd) / 3_600_000) * 3_600_000 + 3_600_000 + s.jitter;
  h.clock.set(new Date(t0));
  const iso = (ms: number) => new Date(ms).toISOString();
  const opens = t0 + s.opensIn * MINUTE;
  const start = opens + s.startsAfterOpening * MINUTE;
  const end = start + 90 * MINUTE;
  lastEnd = end + 200 * MINUTE;
  const lottery = s.mode === 'lottery';
  const lotteryMinutes = Math.min(s.lotteryMinutes, s.startsAfterOpening);
  const [cOpens, cStart, cEnd] = s.offsets.create as [Offset, Offset, Offset];
  const first = s.moved
    ? { opens: opens + s.moved.opens * MINUTE, start: start + s.moved.start * MINUTE }
    : { opens, start };
  const firstEnd = first.start + 90 * MINUTE;

  const token = (await h.adminLogin(admin.email)).body.data!.token;
  const created = await h.ok<{ sessions: AdminSession[] }>(
    'createSession/createSession',
    h.sessionBody({
      capacity: lottery ? s.capacity : 1,
      signupMode: lottery ? 'lottery' : 'firstCome',
      ...(lottery ? { lotteryMinutes } : {}),
      startsAt: written(iso(first.start), cStart),
      endsAt: written(iso(firstEnd), cEnd),
      signupOpensAt: written(iso(first.opens), cOpens),
    }),
    token,
  );
  const session = created.sessions[0]!;
  expect(session).toMatchObject({ startsAt: iso(first.start), endsAt: iso(firstEnd), signupOpensAt: iso(first.opens) });
  if (s.moved) {
    const [uOpens, uStart, uEnd] = s.offsets.update as [Offset, Offset, Offset];
    const { session: changed } = await h.ok<{ session: AdminSession }>(
      'courtSession/updateVenue',
      {
        sessionId: session.id,
        startsAt: written(iso(start), uStart),
        endsAt: written(iso(end), uEnd),
        signupOpensAt: written(iso(opens), uOpens),
      },
      token,
    );
    expect(changed).toMatchObject({ startsAt: iso(start), endsAt: iso(end), signupOpensAt: iso(opens) });
  }

  // Players act through the member API (signed in again at each action: tokens live an hour in tests).
  const subs = Array.from({ length: lottery ? s.entrants : 3 }, (_, i) => `Uinst${runs}x${i}`);
  const userId = (i: number) => `line_${subs[i]}`;
  const act = async (i: number, path: string) => {
    const res = await h.call<{ status?: string }>(path, { sessionId: session.id }, { token: await h.login(subs[i]!) });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const booking = async (i: number) =>
    (await readSessionState(h.store, session.id)).bookings.find((b) => b.userId === userId(i));

  const totals = { opened: 0, draws: 0, expired: 0, reminders: 0 };
  const moments = new Set([opens, lottery ? opens + lotteryMinutes * MINUTE : end, end]);
  let acted = false;
  for (let t = t0; t <= end; ) {
    h.clock.set(new Date(t));
    if (!acted && t >= opens) {
      acted = true;
      if (lottery) {
        for (let i = 0; i < subs.length; i++)
          expect((await act(i, 'checkState/sessionList/joinSession'))!.status).toBe('entered');
      } else {
        // A holds the place, B and C wait; A leaves, so B is offered it (and lets it lapse), then C.
        for (let i = 0; i < 3; i++) await act(i, 'checkState/sessionList/joinSession');
        await act(0, 'checkState/booked/cancelBooked');
        const offered = await booking(1);
        expect(offered).toMatchObject({ status: 'offered' });
        moments.add(Date.parse(offered!.offerExpiresAt!) + MINUTE);
      }
    }
    const [opened, reminders, signups] = await Promise.all([
      jobs.scheduleSignupOpenings(reminderJobDeps({ store: h.store, clock: h.clock })),
      jobs.scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock })),
      jobs.runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId })),
    ]);
    totals.opened += opened.written;
    totals.reminders += reminders.written;
    totals.draws += signups.draws;
    totals.expired += signups.expired;
    // C takes the place as soon as the expiry of B's offer passes it on.
    if (!lottery && t < start && (await booking(2))?.status === 'offered') {
      expect((await act(2, 'checkState/booked/acceptOffer'))!.status).toBe('accepted');
    }
    const next = [...moments].filter((m) => m > t);
    t = Math.min(t + s.step * MINUTE, ...next);
  }

  const records = await recordsOf(session.id);
  const count = (kind: string, uid?: string) =>
    records.filter((r) => r.kind === kind && (uid === undefined || r.userId === uid)).length;
  expect(count('groupSignupOpening')).toBe(1);
  expect(totals.opened).toBe(1);
  const { session: final, bookings } = await readSessionState(h.store, session.id);
  const accepted = bookings.filter((b) => b.status === 'accepted').map((b) => b.userId);
  if (lottery) {
    expect(totals.draws).toBe(1);
    expect(final.lotteryDrawnAt).toBeTruthy();
    expect(accepted).toHaveLength(Math.min(s.capacity, s.entrants));
    expect(count('promoted')).toBe(accepted.length);
    expect(count('lotteryWaitlisted')).toBe(s.entrants - accepted.length);
  } else {
    expect(totals.expired).toBe(1);
    expect(await booking(1)).toMatchObject({ status: 'cancelled', cancelReason: 'offerExpired' });
    expect(accepted).toEqual([userId(2)]);
    expect(count('offered', userId(1))).toBe(1);
    expect(count('offered', userId(2))).toBe(1);
  }
  // Every player holding a place at the start was reminded exactly once, nobody else at all.
  expect(totals.reminders).toBe(accepted.length);
  for (const uid of accepted) expect(count('bookingReminder', uid)).toBe(1);
  expect(count('bookingReminder')).toBe(accepted.length);
  await expectSessionInvariants(h.store, session.id);
}

describe('instants written with any offset', () => {
  it('fire the sign-up opening, lottery draw, offer expiry and reminders exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => runScenario(s)),
      { numRuns: 8 },
    );
  }, 120_000);

  it('fails when the sign-up jobs always throw, or silently do nothing', async () => {
    const planted: Jobs[] = [
      {
        ...JOBS,
        runSignupJobs: async () => {
          throw new Error('planted fault');
        },
      },
      { ...JOBS, runSignupJobs: async () => ({ draws: 0, settled: 0, expired: 0, told: 0 }) },
    ];
    for (const jobs of planted) {
      const result = await fc.check(
        fc.asyncProperty(scenario, (s) => runScenario(s, jobs)),
        { numRuns: 2, endOnFailure: true },
      );
      expect(result.failed).toBe(true);
    }
  }, 120_000);
});
