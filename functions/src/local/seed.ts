import { createHash } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  addDays,
  type Category,
  DEFAULT_CANCEL_WINDOW_MINUTES,
  type Region,
  taipeiDate,
  taipeiDayStart,
  taipeiMonth,
} from '@shuttle/shared';
import { hashPassword } from '#admin-accounts/password.ts';
import type { AdminRecord } from '#admin-accounts/repository.ts';
import type { TeamAdminLink, VenueRecord } from '#teams/admins.ts';
import { encodeEntry } from '#bookings/waitlist.ts';
import type { Store } from '#db/client.ts';
import { adminIndex, adminKey, index, key, sessionIndexKeys } from '#db/keys.ts';
import { DEFAULT_PREFERENCES, type UserRecord, userIdFor } from '#players/repository.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import type { MemberRecord, TeamRecord } from '#teams/repository.ts';

/** The player a newcomer signs in as with one click (LINE-style subject). */
export const DEMO_PLAYER = { sub: 'Udemoplayer0000000000000000000001', name: '王小明', provider: 'line' as const };
export const DEMO_PLAYER_ID = userIdFor('line', DEMO_PLAYER.sub);

interface TeamPlan {
  id: string;
  name: string;
  region: Region;
  venue: string;
  address: string;
  price: number;
  /** [weekday 0=Sunday, start hour, hours, courts, capacity, categories] */
  slots: [number, number, number, number, number, Category[]][];
  rules: string;
}

const TEAMS: TeamPlan[] = [
  {
    id: 'team-daan-smash',
    name: '大安羽球同好會',
    region: '台北市',
    venue: '大安運動中心 羽球場',
    address: '台北市大安區辛亥路三段55號',
    price: 250,
    slots: [
      [2, 19, 3, 4, 24, ['casual', 'social']],
      [4, 19, 3, 4, 24, ['competitive']],
      [6, 14, 3, 3, 16, ['beginner', 'training']],
    ],
    rules: '請穿著室內運動鞋。羽球由球隊提供（RSL 4 號）。遲到 30 分鐘以上視同缺席。',
  },
  {
    id: 'team-banqiao-wings',
    name: '板橋羽翼隊',
    region: '新北市',
    venue: '板橋國民運動中心',
    address: '新北市板橋區漢生東路278號',
    price: 200,
    slots: [
      [1, 20, 2, 3, 18, ['casual']],
      [3, 20, 2, 3, 18, ['training']],
      [0, 9, 3, 4, 24, ['social', 'beginner']],
    ],
    rules: '每位球友每場請自備 2 顆球。新朋友請先加入 LINE 社群。',
  },
  {
    id: 'team-taichung-happy',
    name: '台中快樂羽球',
    region: '台中市',
    venue: '朝馬國民運動中心',
    address: '台中市西屯區朝馬路175號',
    price: 180,
    slots: [
      [2, 19, 3, 3, 16, ['casual', 'beginner']],
      [5, 19, 3, 4, 20, ['competitive', 'social']],
    ],
    rules: '以雙打輪替為主，請依白板排點。',
  },
  {
    id: 'team-kaohsiung-wind',
    name: '高雄羽風',
    region: '高雄市',
    venue: '小港國民運動中心',
    address: '高雄市小港區沿海一路32號',
    price: 220,
    slots: [
      [1, 19, 3, 4, 20, ['competitive', 'training']],
      [6, 9, 3, 4, 24, ['casual', 'social']],
    ],
    rules: '中階以上程度為主，初學者請選擇週六場。',
  },
  {
    id: 'team-hsinchu-tech',
    name: '竹科羽球社',
    region: '新竹市',
    venue: '新竹市立體育館',
    address: '新竹市東區公園路295號',
    price: 300,
    slots: [
      [3, 19, 2, 5, 30, ['social', 'casual']],
      [0, 14, 3, 4, 24, ['competitive']],
    ],
    rules: '停車請使用體育館地下停車場。',
  },
  {
    id: 'team-tainan-morning',
    name: '台南晨羽',
    region: '台南市',
    venue: '永華國民運動中心',
    address: '台南市安平區永華路二段6號',
    price: 150,
    slots: [
      [2, 6, 2, 3, 12, ['casual', 'beginner']],
      [4, 6, 2, 3, 12, ['training']],
      [6, 7, 3, 3, 16, ['social']],
    ],
    rules: '清晨場，請提早 10 分鐘到場暖身。',
  },
];

const NAMES = [
  '陳怡君',
  '林志豪',
  '黃雅婷',
  '張家豪',
  '李佳穎',
  '王俊傑',
  '吳淑芬',
  '劉冠宇',
  '蔡宜蓁',
  '楊承翰',
  '許雅雯',
  '鄭宇軒',
  '謝佩珊',
  '郭建宏',
  '洪詩涵',
  '曾柏翰',
  '邱靜怡',
  '廖哲瑋',
  '賴思妤',
  '周彥廷',
  '徐郁婷',
  '蘇冠廷',
  '葉欣怡',
  '莊子豪',
  '呂佳蓉',
  '江俊宏',
  '何宛儒',
  '羅宗翰',
  '高婉婷',
  '蕭家銘',
  '潘怡安',
  '簡志偉',
  '朱芳瑜',
  '鍾承恩',
  '彭筱涵',
  '游博文',
  '詹雅筑',
  '胡庭瑋',
  '施宜庭',
  '沈冠霖',
];

const players = NAMES.map((name, i) => ({
  userId: userIdFor('line', `Udemo${String(i + 1).padStart(28, '0')}`),
  name,
  pictureUrl: '',
}));

/** Deterministic 0..1 from a string, so the seed is the same on every machine and run. */
function unit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 0xffffffff;
}

const at = (date: string, hour: number) => new Date(Date.parse(taipeiDayStart(date)) + hour * 3_600_000).toISOString();

async function putIfAbsent(store: Store, item: Record<string, unknown>) {
  try {
    await store.doc.send(
      new PutCommand({ TableName: store.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
  }
}

interface PlannedSession {
  session: SessionRecord;
  accepted: { userId: string; name: string; pictureUrl: string; attendance: 'attended' | 'absent' | null }[];
  waiting: { userId: string; name: string; pictureUrl: string }[];
}

function planSession(
  team: TeamPlan,
  date: string,
  slot: TeamPlan['slots'][number],
  now: Date,
  demoBooks: boolean,
): PlannedSession {
  const [, hour, hours, courts, capacity, categories] = slot;
  const id = `demo-${team.id.slice(5)}-${date}-${hour}`;
  const startsAt = at(date, hour);
  const endsAt = at(date, hour + hours);
  const signupOpensAt = new Date(Date.parse(startsAt) - 5 * 86_400_000).toISOString();
  const past = Date.parse(endsAt) <= now.getTime();
  const open = Date.parse(signupOpensAt) <= now.getTime();
  const r = unit(id);
  // Past sessions were mostly full; open ones range from a few players to a long waitlist.
  const wanted = !open ? 0 : Math.round(capacity * (past ? 0.75 + r * 0.25 : 0.2 + r * 1.1));
  const pool = players
    .filter((p) => p.userId !== DEMO_PLAYER_ID)
    .sort((a, b) => unit(id + a.userId) - unit(id + b.userId));
  const people = pool.slice(0, wanted);
  if (demoBooks) people.unshift({ userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '' });
  const accepted = people.slice(0, capacity).map((p) => ({
    ...p,
    attendance: past
      ? unit(`${id + p.userId}a`) < (p.userId === DEMO_PLAYER_ID ? 0.8 : 0.9)
        ? ('attended' as const)
        : ('absent' as const)
      : null,
  }));
  const waiting = past ? [] : people.slice(capacity);
  const acceptedCount = accepted.length;
  return {
    accepted,
    waiting,
    session: {
      type: 'session',
      id,
      teamId: team.id,
      teamName: team.name,
      title: `${team.name} ${categories.includes('competitive') ? '進階場' : categories.includes('beginner') ? '新手友善場' : '歡樂場'}`,
      venue: team.venue,
      address: team.address,
      region: team.region,
      categories,
      courts,
      capacity,
      price: team.price,
      startsAt,
      endsAt,
      signupOpensAt,
      isPublic: true,
      bookingClosed: false,
      notes: `${courts} 面場地，${hours} 小時。零打費 ${team.price} 元，現場收費。`,
      lineLink: `https://line.me/ti/g2/${team.id}`,
      cancelWindowMinutes: DEFAULT_CANCEL_WINDOW_MINUTES,
      acceptedCount,
      remaining: capacity - acceptedCount,
      waitingCount: waiting.length,
      waitlist: waiting.map((p) => encodeEntry({ userId: p.userId, partySize: 1 })),
      createdAt: new Date(Date.parse(signupOpensAt) - 86_400_000).toISOString(),
      updatedAt: now.toISOString(),
      createdBy: 'seed',
    },
  };
}

async function writeSession(store: Store, plan: PlannedSession): Promise<void> {
  const { session } = plan;
  const bookingItem = (
    p: { userId: string; name: string; pictureUrl: string },
    status: 'accepted' | 'waiting',
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
      startsAt: session.startsAt,
    };
    return {
      Put: {
        TableName: store.tableName,
        Item: {
          ...key.booking(session.id, p.userId),
          ...index.bookingsOfUser(p.userId, session.startsAt, session.id),
          ...record,
        },
      },
    };
  };
  try {
    await store.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: store.tableName,
              Item: {
                ...key.session(session.id),
                ...sessionIndexKeys({ ...session, month: taipeiMonth(session.startsAt) }),
                ...session,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...plan.accepted.map((p) => bookingItem(p, 'accepted', p.attendance)),
          ...plan.waiting.map((p) => bookingItem(p, 'waiting', null)),
        ],
      }),
    );
  } catch (error) {
    // Already seeded on an earlier start: leave it, and any bookings made since, alone.
    if (
      error instanceof TransactionCanceledException &&
      error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
    )
      return;
    throw error;
  }
}

/**
 * Demo data for `npm start`, idempotent: six teams across regions, sessions from three weeks
 * ago to two weeks ahead in every status (some full with waitlists, one closed, one live now),
 * and a demo player with history, attendance, an accepted booking and a waitlist place.
 */
export async function seedDemoData(store: Store, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const everyone = [{ userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '' }, ...players];
  for (const p of everyone) {
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
    await putIfAbsent(store, { ...key.user(p.userId), ...user });
  }

  for (const team of TEAMS) {
    const members = players.filter((p) => unit(team.id + p.userId) < 0.45);
    if (team.id === 'team-daan-smash')
      members.unshift({ userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '' });
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
      cancelWindowMinutes: DEFAULT_CANCEL_WINDOW_MINUTES,
      memberCount: members.length,
      createdAt: nowIso,
    };
    await putIfAbsent(store, { ...key.team(team.id), ...index.teamsByName(team.name, team.id), ...record });
    for (const m of members) {
      const member: MemberRecord = {
        type: 'member',
        teamId: team.id,
        userId: m.userId,
        name: m.name,
        pictureUrl: m.pictureUrl,
        blocked: false,
        membership: 'member',
        joinedAt: nowIso,
      };
      await putIfAbsent(store, {
        ...key.teamMember(team.id, m.userId),
        ...index.teamsOfUser(m.userId, team.id),
        ...member,
      });
    }
  }

  const today = taipeiDate(now);
  const plans: PlannedSession[] = [];
  for (let offset = -21; offset <= 14; offset++) {
    const date = addDays(today, offset);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    for (const team of TEAMS) {
      for (const slot of team.slots) {
        if (slot[0] !== weekday) continue;
        const demoHistory = offset < 0 && (team.id === 'team-daan-smash' || team.id === 'team-taichung-happy');
        plans.push(planSession(team, date, slot, now, demoHistory));
      }
    }
  }

  // A session under way right now, so every status tab has something to show.
  const live = planSession(TEAMS[0]!, today, [0, 0, 0, 4, 20, ['casual']], now, false);
  const liveStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3_600_000);
  live.session = {
    ...live.session,
    id: `demo-live-${today}`,
    title: '大安羽球同好會 午間快打',
    startsAt: liveStart.toISOString(),
    endsAt: new Date(liveStart.getTime() + 3 * 3_600_000).toISOString(),
    signupOpensAt: new Date(liveStart.getTime() - 3 * 86_400_000).toISOString(),
  };
  plans.push(live);

  // The demo player's upcoming bookings: one place, one waitlist spot.
  const upcomingOpen = plans.filter(
    (p) =>
      Date.parse(p.session.signupOpensAt) <= now.getTime() &&
      Date.parse(p.session.startsAt) > now.getTime() + 86_400_000,
  );
  const withRoom = upcomingOpen.find((p) => p.session.remaining > 2);
  if (withRoom) {
    withRoom.accepted.push({ userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '', attendance: null });
    withRoom.session.acceptedCount += 1;
    withRoom.session.remaining -= 1;
  }
  const full = upcomingOpen.find((p) => p.waiting.length >= 2 && p !== withRoom);
  if (full) {
    full.waiting.push({ userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '' });
    full.session.waitlist.push(encodeEntry({ userId: DEMO_PLAYER_ID, partySize: 1 }));
    full.session.waitingCount += 1;
  }
  const closable = upcomingOpen.find((p) => p !== withRoom && p !== full && p.session.remaining > 0);
  if (closable) closable.session.bookingClosed = true;

  for (const plan of plans) await writeSession(store, plan);
  await seedDemoAdmin(store, now);
}

/** The demo admin `npm start` prints: owner of two demo teams, signs in with email and password. */
export const DEMO_ADMIN = {
  adminId: 'demo-admin',
  email: 'admin@shuttle.tw',
  password: 'shuttle-demo-2026',
  name: '陳教練',
  teamIds: ['team-daan-smash', 'team-taichung-happy'],
} as const;

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
  };
  await putIfAbsent(store, { ...adminKey.adminEmail(admin.email!), type: 'adminEmail', adminId: admin.adminId });
  await putIfAbsent(store, { ...adminKey.admin(admin.adminId), ...admin });

  for (const teamId of DEMO_ADMIN.teamIds) {
    const link: TeamAdminLink = {
      type: 'teamAdmin',
      teamId,
      adminId: admin.adminId,
      role: 'owner',
      displayName: admin.displayName,
      email: admin.email,
      addedAt: nowIso,
      addedBy: admin.adminId,
    };
    try {
      await store.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: store.tableName,
                Item: {
                  ...adminKey.teamAdmin(teamId, admin.adminId),
                  ...adminIndex.teamsOfAdmin(admin.adminId, teamId),
                  ...link,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: store.tableName,
                Key: key.team(teamId),
                UpdateExpression: 'ADD ownerCount :one',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
    }
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
    await putIfAbsent(store, { ...adminKey.venue(teamId, venue.venueId), ...venue });
  }
}
