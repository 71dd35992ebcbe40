import { DEFAULT_CANCEL_WINDOW_MINUTES } from '@shuttle/shared';
import { hashPassword } from '#admin-accounts/password.ts';
import type { AdminRecord } from '#admin-accounts/repository.ts';
import { adminAccounts } from '#app/factories.ts';
import { drawJobItem } from '#bookings/draw.ts';
import type { Store } from '#db/client.ts';
import { adminCodec, adminEmailCodec } from '#db/codecs/admin.ts';
import { userCodec } from '#db/codecs/players.ts';
import { bookingCodec, sessionCodec } from '#db/codecs/sessions.ts';
import { teamCodec, venueCodec } from '#db/codecs/teams.ts';
import { key } from '#db/keys.ts';
import { fillPriceIndex } from '#db/migrations/fill-price-index.ts';
import { batchGetAll } from '#db/query.ts';
import { teamPlayedUpdate } from '#db/team-played.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { putIfAbsent } from '#db/writes.ts';
import { randomId } from '#platform/clock.ts';
import { DEFAULT_PREFERENCES, type UserRecord } from '#players/repository.ts';
import type { BookingRecord } from '#sessions/model.ts';
import { MembershipRepository } from '#teams/membership-repository.ts';
import type { TeamRecord, VenueRecord } from '#teams/repository.ts';
import { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import {
  DEMO_ADMIN,
  type DemoPlayer,
  demoPlayer,
  membersOf,
  type PlannedSession,
  planDemoSessions,
  players,
  TEAMS,
} from './seed-data.ts';

export { DEMO_ADMIN, DEMO_PLAYER, DEMO_PLAYER_ID } from './seed-data.ts';

/**
 * Writes the demo data of seed-data.ts. Everything is written only where it is missing, so a
 * restart tops up (new days' sessions) and leaves what was changed through the apps alone.
 */

/**
 * The session with its bookings in one transaction, unless the session exists already. `played`
 * holds the team and player pairs whose played record (TABLE.md, "References") this seed wrote
 * already: it keeps the first booking's time, so writing it again beside a later booking changes
 * nothing, and leaving it out spares a third of the seed's transaction items.
 */
async function writeSession(store: Store, plan: PlannedSession, played: Set<string>): Promise<void> {
  const { session } = plan;
  const tx = new Transaction(store.tableName).put('session', {
    Item: sessionCodec.encode(session),
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  const pairs: string[] = [];
  const addBooking = (
    p: DemoPlayer,
    status: 'accepted' | 'waiting' | 'entered',
    attendance: BookingRecord['attendance'],
  ) => {
    const record: BookingRecord = {
      type: 'booking',
      sessionId: session.id,
      userId: p.userId,
      teamId: session.teamId,
      userName: p.name,
      pictureUrl: p.pictureUrl,
      status,
      partySize: 1,
      bookedAt: session.signupOpensAt,
      ...(status === 'accepted' ? { acceptedAt: session.signupOpensAt } : {}),
      attendance,
      ...(attendance ? { checkedInAt: session.startsAt } : {}),
      // Players who came paid cash at the door; absent ones still owe (docs/MONEY.md).
      ...(attendance === 'attended'
        ? { payment: { status: 'paid', amount: session.price, method: 'cash', paidAt: session.startsAt } as const }
        : {}),
      startsAt: session.startsAt,
    };
    tx.put(`booking:${p.userId}`, { Item: bookingCodec.encode(record) });
    const pair = `${session.teamId} ${p.userId}`;
    if (played.has(pair)) return;
    tx.update(`played:${p.userId}`, teamPlayedUpdate(session.teamId, p.userId, record.bookedAt));
    pairs.push(pair);
  };
  for (const p of plan.accepted) addBooking(p, 'accepted', p.attendance);
  for (const p of plan.waiting) addBooking(p, 'waiting', null);
  for (const p of plan.entered ?? []) addBooking(p, 'entered', null);
  // A lottery's draw marker, as entries and creates write it (docs/FAIR-SIGNUP.md).
  if (session.signupMode === 'lottery' && !session.lotteryDrawnAt) tx.put('drawJob', { Item: drawJobItem(session) });
  try {
    await runTransaction(store, tx);
  } catch (error) {
    // Already seeded on an earlier start: leave it, and any bookings made since, alone.
    if (error instanceof TransactionRefusedError && error.failed('session')) return;
    throw error;
  }
  for (const pair of pairs) played.add(pair);
}

const keyId = (k: { PK: string; SK: string }) => `${k.PK} ${k.SK}`;

/**
 * Which of `keys` are in the table, in batch reads: a restart tells what the seed wrote before
 * without a transaction for each (a refused one costs DynamoDB as much as one that writes).
 */
async function existingKeys(store: Store, keys: { PK: string; SK: string }[]): Promise<Set<string>> {
  const decoder = { decode: (item: Record<string, unknown>) => keyId({ PK: String(item.PK), SK: String(item.SK) }) };
  return new Set(await batchGetAll(store, decoder, keys, { consistent: true }));
}

/**
 * Demo data for `npm start`, idempotent: six teams across regions, sessions from three weeks
 * ago to two weeks ahead in every status (some full with waitlists, one closed, one live now),
 * and a demo player with history, attendance, an accepted booking and a waitlist place.
 */
export async function seedDemoData(store: Store, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  for (const p of [demoPlayer, ...players]) {
    const user: UserRecord = {
      type: 'user',
      userId: p.userId,
      provider: 'line',
      providerSub: p.userId.slice(5),
      name: p.name,
      pictureUrl: p.pictureUrl,
      email: null,
      emailVerified: false,
      language: null,
      preferences: DEFAULT_PREFERENCES,
      isAdmin: false,
      isTeamLeader: false,
      createdAt: nowIso,
      lastLoginAt: nowIso,
    };
    await putIfAbsent(store, userCodec.encode(user));
  }

  const memberships = new MembershipRepository(store);
  for (const team of TEAMS) {
    const record: TeamRecord = {
      type: 'team',
      id: team.id,
      name: team.name,
      defaultRegion: team.region,
      defaultPlaceName: team.venue,
      defaultLocation: team.address,
      defaultPrice: team.price,
      defaultLine: `https://line.me/ti/g2/${team.id}`,
      privateRules: team.rules,
      // The first demo team takes transfers, so its players see where to pay (docs/ON-COURT.md, "Where to pay").
      ...(team.id === TEAMS[0]!.id
        ? {
            paymentDetails: {
              bankCode: '812',
              accountName: '大安羽球同好會 陳教練',
              bankAccount: '20261234567890',
              linePayUrl: '',
              jkoPayUrl: '',
            },
          }
        : {}),
      cancelWindowMinutes: DEFAULT_CANCEL_WINDOW_MINUTES,
      // Counted up by each membership below (once: joining again changes nothing).
      memberCount: 0,
      createdAt: nowIso,
    };
    await putIfAbsent(store, teamCodec.encode(record));
    // A restart finds the members there (or blocked by a demo admin since): left as they are.
    const members = membersOf(team);
    const present = await existingKeys(
      store,
      members.map((member) => key.teamMember(team.id, member.userId)),
    );
    for (const member of members) {
      if (!present.has(keyId(key.teamMember(team.id, member.userId)))) await memberships.join(team.id, member, now);
    }
  }

  // A restart finds most sessions written: only a new day's cost a transaction.
  const plans = planDemoSessions(now);
  const existing = await existingKeys(
    store,
    plans.map((plan) => key.session(plan.session.id)),
  );
  const played = new Set<string>();
  for (const plan of plans) {
    if (!existing.has(keyId(key.session(plan.session.id)))) await writeSession(store, plan, played);
  }
  await fillPriceIndex(store, now);
  await seedDemoAdmin(store, now);
}

/** Idempotent: the account, its two teams (as owner) and their venues are written once. */
export async function seedDemoAdmin(store: Store, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const admin: AdminRecord = {
    type: 'admin',
    adminId: DEMO_ADMIN.adminId,
    email: DEMO_ADMIN.email,
    displayName: DEMO_ADMIN.name,
    pictureUrl: '',
    passwordHash: await hashPassword(DEMO_ADMIN.password),
    isAdmin: true,
    linkedUserId: null,
    currentTeamId: DEMO_ADMIN.teamIds[0],
    language: null,
    tokensValidAfter: null,
    createdAt: nowIso,
    emailVerified: true,
  };
  await putIfAbsent(store, adminEmailCodec.encode({ type: 'adminEmail', adminId: admin.adminId }, DEMO_ADMIN.email));
  await putIfAbsent(store, adminCodec.encode(admin));
  // Data kept from before verification existed: the demo admin publishes and invites at once.
  await adminAccounts({ store, clock: { now: () => now }, ids: randomId }).markEmailVerified(
    admin.adminId,
    DEMO_ADMIN.email,
  );

  const teamAdmins = new TeamAdminRepository(store);
  for (const teamId of DEMO_ADMIN.teamIds) {
    await teamAdmins.addAdmin({
      type: 'teamAdmin',
      teamId,
      adminId: admin.adminId,
      role: 'owner',
      displayName: admin.displayName,
      email: admin.email,
      addedAt: nowIso,
      addedBy: admin.adminId,
    });
    const team = TEAMS.find((t) => t.id === teamId)!;
    const venue: VenueRecord = {
      type: 'venue',
      teamId,
      venueId: `${teamId}-main`,
      name: team.venue,
      address: team.address,
      region: team.region,
      courts: ['A', 'B', 'C', 'D'].slice(0, Math.max(...team.slots.map((slot) => slot[3]))),
      updatedAt: nowIso,
    };
    await putIfAbsent(store, venueCodec.encode(venue));
  }
}
