/**
 * `npm run bench:line-month`: one month of the demo teams' LINE messages, with LINE MINI App mode
 * off and on (docs/LINE.md, "The month's bill"). Each mode runs the whole local product
 * (`startLocalStack`, the same APIs, outbox dispatcher and LINE capture as `npm start`) on its own
 * table, on a fast clock: the teams' weekly sessions (functions/src/local/seed-data.ts), sign-ups
 * when sign-up opens (beyond capacity onto the waitlist), cancellations two days before (the
 * waitlist head is promoted, or offered the place where the session offers places), a venue
 * change on some sessions, the reminder job, and weekly team news. In MINI App mode every booking
 * is made inside LINE and hands over its LIFF access token with the booking call, unless
 * `BENCH_IN_LINE` (0..1) says a share books in an external browser.
 *
 * Billable messages are the product's own count (the team's `LINEUSAGE` counter, a group push
 * counting its members); the notices by kind and channel are the outbox records' delivered
 * channels. The bench also checks that every notice a player got with the mode off still
 * reached them with it on. `-- --json` ends with one JSON line
 * `{"off": {"bookings", "billable", "billablePer100Bookings"}, "on": {...}}`.
 */

import { createHash } from 'node:crypto';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { reminderJobDeps, signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import { outboxCodec } from '@shuttle/functions/db/codecs/outbox.ts';
import { startDynamoLocal } from '@shuttle/functions/local/dynamo-local.ts';
import { seedDemoAdmin, seedDemoData } from '@shuttle/functions/local/seed.ts';
import { DEMO_ADMIN, membersOf, players, TEAMS, type TeamPlan } from '@shuttle/functions/local/seed-data.ts';
import { type LocalStack, startLocalStack } from '@shuttle/functions/local/server.ts';
import { scheduleBookingReminders } from '@shuttle/functions/notifications/reminders.ts';
import { isServiceKind } from '@shuttle/functions/notifications/service-catalog.ts';
import type { OutboxRecord } from '@shuttle/functions/outbox/model.ts';
import { FixedClock, randomId } from '@shuttle/functions/platform/clock.ts';
import { newSessionItem } from '@shuttle/functions/sessions/factory.ts';
import { LineUsageRepository } from '@shuttle/functions/teams/line-usage-repository.ts';
import { TeamAdminRepository } from '@shuttle/functions/teams/team-admin-repository.ts';
import { taipeiDayStart, taipeiMonth } from '@shuttle/shared';

const JSON_OUT = process.argv.includes('--json');
const WEEKS = Number(process.env.BENCH_WEEKS ?? 4);
const IN_LINE = Number(process.env.BENCH_IN_LINE ?? 1);
/** Team news posts a team makes in the month (the first Mondays); each goes to every member who keeps news on. */
const NEWS = Number(process.env.BENCH_NEWS ?? 1);
/** The month replayed: its first Taipei day (sessions start from the day after). */
const MONTH_START = Date.parse(taipeiDayStart('2027-03-01'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The Official Account's plans in Taiwan: messages a month included (docs/LINE.md, "The month's bill"). */
const PLANS = [
  { name: 'free (200 a month)', included: 200 },
  { name: 'middle (3,000 a month)', included: 3_000 },
  { name: 'high (6,000 a month)', included: 6_000 },
];
const planFor = (billable: number) => {
  const plan = PLANS.find((p) => billable <= p.included);
  return plan ? plan.name : `high (6,000 a month) + ${billable - 6_000} extra messages`;
};

/** Deterministic 0..1 from a string, so both modes replay the same month. */
const unit = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0) / 0xffffffff;

type Action = { at: number; order: number; run: () => Promise<void> };

interface ModeResult {
  refused: string[];
  fellBack: Record<string, number>;
  bookings: number;
  billable: number;
  billablePer100Bookings: number;
  service: number;
  perTeam: { team: string; bookings: number; billable: number; service: number }[];
  byKindChannel: Record<string, number>;
  reached: Set<string>;
}

async function runMode(miniApp: boolean, dynamoEndpoint: string): Promise<ModeResult> {
  const clock = new FixedClock(new Date(MONTH_START - 40 * DAY));
  const stack = await startLocalStack({
    dynamoEndpoint,
    tableName: `bench_line_${miniApp ? 'on' : 'off'}_${randomId().slice(0, 6)}`,
    clock,
    miniApp,
    quiet: true,
    timers: false,
  });
  try {
    return await replay(stack, clock, miniApp);
  } finally {
    await stack.close();
  }
}

async function post<T>(
  stack: LocalStack,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; data?: T }> {
  const res = await fetch(`${stack.origin}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: T };
  return { status: res.status, data: json.data };
}

/** An admin call of the replay must succeed: a refused one would leave the month short of its notices. */
function must(res: { status: number; data?: unknown }) {
  if (res.status !== 200) throw new Error(`an admin call of the replay was refused: ${res.status}`);
}

async function replay(stack: LocalStack, clock: FixedClock, miniApp: boolean): Promise<ModeResult> {
  // The demo teams and players, seeded long before the month (their seeded sessions are long over).
  await seedDemoData(stack.store, clock.now());
  await seedDemoAdmin(stack.store, clock.now());
  const admins = new TeamAdminRepository(stack.store);
  for (const team of TEAMS.filter((t) => !(DEMO_ADMIN.teamIds as readonly string[]).includes(t.id))) {
    await admins.addAdmin({
      type: 'teamAdmin',
      teamId: team.id,
      adminId: DEMO_ADMIN.adminId,
      role: 'owner',
      displayName: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      addedAt: clock.now().toISOString(),
      addedBy: DEMO_ADMIN.adminId,
    });
  }
  // The seed's own lottery draws (at the next Taipei midnight) and their notices happen now, in
  // a month of their own, so neither the month's counters nor its records hold them.
  clock.advance(2 * DAY);
  await runSignupJobs(signupJobDeps({ store: stack.store, clock, ids: randomId }));
  await stack.drain();
  // Sign-ins last hours (admin) or days (member) on the fast clock: taken again once half gone.
  let admin = { token: '', at: Number.NEGATIVE_INFINITY };
  const adminToken = async () => {
    if (clock.now().getTime() - admin.at > 6 * HOUR) {
      const res = await post<{ token: string }>(stack, 'admin/login', {
        email: DEMO_ADMIN.email,
        password: DEMO_ADMIN.password,
      });
      if (!res.data?.token) throw new Error('the demo admin could not sign in');
      admin = { token: res.data.token, at: clock.now().getTime() };
    }
    return admin.token;
  };

  const tokens = new Map<string, { token: string; at: number }>();
  const memberToken = async (userId: string, name: string) => {
    const known = tokens.get(userId);
    if (known && clock.now().getTime() - known.at < 3 * DAY) return known.token;
    const sub = userId.replace(/^line_/, '');
    const idToken = await stack.issueIdToken({ sub, name, provider: 'line' });
    const token = (await post<{ token: string }>(stack, 'loginLine', { idToken })).data?.token;
    if (!token) throw new Error(`${userId} could not sign in`);
    tokens.set(userId, { token, at: clock.now().getTime() });
    return token;
  };
  const liffToken = async (userId: string) => {
    const res = await fetch(`${stack.origin}/dev/liff-access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub: userId.replace(/^line_/, '') }),
    });
    return ((await res.json()) as { liffAccessToken: string }).liffAccessToken;
  };

  const bookingsOf = new Map<string, number>();
  /** Member calls the API refused (none expected: each would be a notice less). */
  const refused: string[] = [];
  const actions: Action[] = [];
  const add = (at: number, order: number, run: () => Promise<void>) => actions.push({ at, order, run });
  for (const team of TEAMS) planTeam(team);

  function planTeam(team: TeamPlan) {
    const members = membersOf(team).filter((p) => p.userId.startsWith('line_Udemo0'));
    const others = players.filter((p) => !members.includes(p));
    for (let week = 0; week < WEEKS; week++) {
      // Team news, a Monday noon Taipei.
      if (week < NEWS)
        add(MONTH_START + (week * 7 + 1) * DAY + 12 * HOUR, 0, async () => {
          must(
            await post(
              stack,
              'admin/team/postNews',
              { teamId: team.id, text: `第 ${week + 1} 週球隊消息` },
              await adminToken(),
            ),
          );
        });
      for (const slot of team.slots) {
        const [weekday, hour, hours, courts, capacity, categories] = slot;
        const day = new Date(MONTH_START + week * 7 * DAY + 8 * HOUR);
        const offset = (weekday - day.getUTCDay() + 7) % 7 || 7;
        const startsAt = MONTH_START + (week * 7 + offset) * DAY + hour * HOUR;
        const id = `bench-${team.id.slice(5)}-${week}-${weekday}`;
        const r = unit(id);
        const offers = categories.includes('competitive');
        const pool = [...members, ...others].sort((a, b) => unit(id + a.userId) - unit(id + b.userId));
        const joiners = pool.slice(0, Math.round(capacity * (0.8 + r * 0.5)));
        const opensAt = startsAt - 5 * DAY;
        add(opensAt - HOUR, 0, async () => {
          const item = newSessionItem(
            {
              id,
              teamId: team.id,
              teamName: team.name,
              title: `${team.name} 週${weekday}場`,
              venue: team.venue,
              address: team.address,
              region: team.region,
              categories,
              courts,
              capacity,
              price: team.price,
              startsAt: new Date(startsAt).toISOString(),
              endsAt: new Date(startsAt + hours * HOUR).toISOString(),
              signupOpensAt: new Date(opensAt).toISOString(),
              isPublic: true,
              createdBy: DEMO_ADMIN.adminId,
              ...(offers ? { waitlistOfferMinutes: 120 } : {}),
            },
            clock.now(),
          );
          await stack.store.doc.send(new PutCommand({ TableName: stack.store.tableName, Item: item }));
        });
        joiners.forEach((p, i) => {
          add(opensAt + i * 10 * 60_000, 1, async () => {
            const token = await memberToken(p.userId, p.name);
            const inLine = miniApp && unit(`${id}|${p.userId}|line`) < IN_LINE;
            const body = { sessionId: id, ...(inLine ? { liffAccessToken: await liffToken(p.userId) } : {}) };
            const res = await post<{ status: string }>(stack, 'checkState/sessionList/joinSession', body, token);
            if (res.status === 200) bookingsOf.set(team.id, (bookingsOf.get(team.id) ?? 0) + 1);
            else refused.push(`join ${id} ${res.status}`);
          });
        });
        // About one in ten booked players cancels two days before; the waitlist moves up.
        joiners
          .slice(0, capacity)
          .filter((p) => unit(`${id}|${p.userId}|cancel`) < 0.1)
          .forEach((p, i) => {
            add(startsAt - 2 * DAY + i * HOUR, 2, async () => {
              const res = await post(
                stack,
                'checkState/booked/cancelBooked',
                { sessionId: id },
                await memberToken(p.userId, p.name),
              );
              if (res.status !== 200) refused.push(`cancel ${id} ${res.status}`);
            });
          });
        // One session in five moves to another hall the day before.
        if (r < 0.2) {
          add(startsAt - DAY - 6 * HOUR, 3, async () => {
            must(
              await post(
                stack,
                'admin/courtSession/updateVenue',
                { sessionId: id, venue: `${team.venue}（B 館）` },
                await adminToken(),
              ),
            );
          });
        }
        // The reminder job's run that sees the session within 24 hours.
        add(startsAt - 23 * HOUR, 4, async () => {
          await scheduleBookingReminders(reminderJobDeps({ store: stack.store, clock }));
        });
      }
    }
  }

  actions.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const action of actions) {
    if (action.at > clock.now().getTime()) clock.set(new Date(action.at));
    await action.run();
    await runSignupJobs(signupJobDeps({ store: stack.store, clock, ids: randomId }));
    await stack.drain();
  }
  clock.set(new Date(MONTH_START + (WEEKS * 7 + 2) * DAY));
  await runSignupJobs(signupJobDeps({ store: stack.store, clock, ids: randomId }));
  await stack.drain();
  return { ...(await tally(stack, bookingsOf)), refused };
}

async function tally(stack: LocalStack, bookingsOf: Map<string, number>): Promise<Omit<ModeResult, 'refused'>> {
  // The month's records only (the seed's own lottery draw, weeks before, is not the month's).
  const since = new Date(MONTH_START - 7 * DAY).toISOString();
  const records: OutboxRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await stack.store.doc.send(
      new ScanCommand({
        TableName: stack.store.tableName,
        FilterExpression: 'begins_with(PK, :p)',
        ExpressionAttributeValues: { ':p': 'OUTBOX#' },
        ExclusiveStartKey: start,
      }),
    );
    records.push(
      ...(page.Items ?? [])
        .map((item) => outboxCodec.decode(item))
        .filter(
          // The seed's own sessions (its lottery draws on the way) are not the month's.
          (r) => r.createdAt >= since && !('sessionId' in r && r.sessionId?.startsWith('demo-')),
        ),
    );
    start = page.LastEvaluatedKey;
  } while (start);
  const byKindChannel: Record<string, number> = {};
  /** Why a booking notice went by push in MINI App mode (the record's note). */
  const fellBack: Record<string, number> = {};
  const reached = new Set<string>();
  for (const record of records) {
    const channels = record.status === 'delivered' ? (record.channels ?? []) : [];
    for (const channel of channels.length > 0 ? channels : [record.status ?? 'pending']) {
      const label = `${record.kind} ${channel}`;
      byKindChannel[label] = (byKindChannel[label] ?? 0) + 1;
    }
    if (isServiceKind(record.kind) && channels.includes('line')) {
      const why = (record.note ?? '').slice(0, 90) || 'no note';
      fellBack[why] = (fellBack[why] ?? 0) + 1;
    }
    if (channels.length > 0)
      reached.add(
        `${record.kind}|${'userId' in record ? record.userId : ''}|${'sessionId' in record ? record.sessionId : ''}`,
      );
  }
  const usage = new LineUsageRepository(stack.store);
  const perTeam = [];
  // Every Taipei month the replay touched (sign-up opens and cancellations start in the month before).
  const months = new Map<string, Date>();
  for (let t = MONTH_START - 7 * DAY; t <= MONTH_START + (WEEKS * 7 + 2) * DAY; t += DAY) {
    months.set(taipeiMonth(new Date(t)), new Date(t));
  }
  for (const team of TEAMS) {
    let billable = 0;
    let service = 0;
    for (const at of months.values()) {
      const month = await usage.read({ id: team.id }, at);
      billable += month.used;
      service += month.service;
    }
    perTeam.push({ team: team.name, bookings: bookingsOf.get(team.id) ?? 0, billable, service });
  }
  const bookings = perTeam.reduce((n, t) => n + t.bookings, 0);
  const billable = perTeam.reduce((n, t) => n + t.billable, 0);
  const service = perTeam.reduce((n, t) => n + t.service, 0);
  const per100 = (n: number, of: number) => (of > 0 ? Math.round((n * 1000) / of) / 10 : 0);
  return {
    fellBack,
    bookings,
    billable,
    billablePer100Bookings: per100(billable, bookings),
    service,
    perTeam,
    byKindChannel,
    reached,
  };
}

function report(label: string, r: ModeResult) {
  console.log(
    `\nLINE MINI App mode ${label}: ${r.bookings} bookings, ${r.billable} billable Official Account messages (${r.billablePer100Bookings} per 100 bookings), ${r.service} free service messages; plan: ${planFor(r.billable)}`,
  );
  if (r.refused.length > 0)
    console.log(`  member calls refused: ${r.refused.length} (${r.refused.slice(0, 5).join(', ')})`);
  for (const t of r.perTeam) {
    const per100 = t.bookings > 0 ? Math.round((t.billable * 1000) / t.bookings) / 10 : 0;
    console.log(
      `  ${t.team}: ${t.bookings} bookings, ${t.billable} billable (${per100} per 100), ${t.service} service`,
    );
  }
  // With the mode on: why a booking notice was pushed rather than sent as a service message.
  if (label === 'on') {
    for (const [why, n] of Object.entries(r.fellBack)) console.log(`  booking notices pushed: ${n} (${why})`);
  }
  console.log('  notices by kind and channel:');
  for (const [label2, n] of Object.entries(r.byKindChannel).sort()) console.log(`    ${label2}: ${n}`);
}

const dynamo = await startDynamoLocal();
try {
  const started = performance.now();
  const off = await runMode(false, dynamo.endpoint);
  const on = await runMode(true, dynamo.endpoint);
  report('off', off);
  report('on', on);
  const missing = [...off.reached].filter((notice) => !on.reached.has(notice));
  console.log(
    `\nNotices that reached a player: off ${off.reached.size}, on ${on.reached.size}; reached off but not on: ${missing.length}${missing.length ? ` (${missing.slice(0, 5).join(', ')})` : ''}`,
  );
  console.log(
    `Goal (on, at most 10 billable per 100 bookings): ${on.billablePer100Bookings <= 10 && missing.length === 0 ? 'met' : 'NOT met'} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (JSON_OUT) {
    const pick = (r: ModeResult) => ({
      bookings: r.bookings,
      billable: r.billable,
      billablePer100Bookings: r.billablePer100Bookings,
    });
    console.log(JSON.stringify({ off: pick(off), on: pick(on) }));
  }
} finally {
  await dynamo.stop();
}
