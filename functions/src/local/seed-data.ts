import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  type Category,
  DEFAULT_CANCEL_WINDOW_MINUTES,
  type Region,
  taipeiDate,
  taipeiDayStart,
} from '@shuttle/shared';
import { encodeEntry } from '#bookings/waitlist.ts';
import { userIdFor } from '#players/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';

/**
 * The demo data of `npm start`, as plain values: who the players and teams are, which players
 * belong to which team, and the sessions (with their bookings) from three weeks ago to two
 * weeks ahead. Deterministic for a given day, so every machine and run plans the same data.
 * seed.ts writes it.
 */

/** The player a newcomer signs in as with one click (LINE-style subject). */
export const DEMO_PLAYER = { sub: 'Udemoplayer0000000000000000000001', name: '王小明', provider: 'line' as const };
export const DEMO_PLAYER_ID = userIdFor('line', DEMO_PLAYER.sub);

export interface DemoPlayer {
  userId: string;
  name: string;
  pictureUrl: string;
}

export const demoPlayer: DemoPlayer = { userId: DEMO_PLAYER_ID, name: DEMO_PLAYER.name, pictureUrl: '' };

export interface TeamPlan {
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

export const TEAMS: TeamPlan[] = [
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

/** The demo players other than the one a newcomer signs in as. */
export const players: DemoPlayer[] = NAMES.map((name, i) => ({
  userId: userIdFor('line', `Udemo${String(i + 1).padStart(28, '0')}`),
  name,
  pictureUrl: '',
}));

/** Deterministic 0..1 from a string, so the seed is the same on every machine and run. */
function unit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 0xffffffff;
}

const at = (date: string, hour: number) => new Date(Date.parse(taipeiDayStart(date)) + hour * 3_600_000).toISOString();

/** A session to write with the bookings it starts with. */
export interface PlannedSession {
  session: SessionRecord;
  accepted: { userId: string; name: string; pictureUrl: string; attendance: 'attended' | 'absent' | null }[];
  waiting: { userId: string; name: string; pictureUrl: string }[];
  /** Lottery entries (status `entered`), in arrival order. */
  entered?: DemoPlayer[];
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
  if (demoBooks) people.unshift(demoPlayer);
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

/**
 * A lottery session (docs/FAIR-SIGNUP.md) whose window is open all day whenever `npm start` runs:
 * sign-up opened at the start of today (Taipei), the draw runs at midnight; ten players have
 * entered for eight places, so the draw also puts two on the waitlist. The seed is secret and
 * random (the session is written once, so a restart keeps it).
 */
function planDemoLottery(today: string, now: Date): PlannedSession {
  const plan = planSession(TEAMS[0]!, addDays(today, 4), [0, 20, 2, 2, 8, ['social']], now, false);
  const id = `demo-lottery-${today}`;
  const opensAt = new Date(Date.parse(taipeiDayStart(today))).toISOString();
  const entered = players.slice(0, 10).sort((a, b) => unit(id + a.userId) - unit(id + b.userId));
  const seed = randomBytes(32).toString('hex');
  plan.session = {
    ...plan.session,
    id,
    title: '大安羽球同好會 抽籤場',
    signupOpensAt: opensAt,
    acceptedCount: 0,
    remaining: plan.session.capacity,
    waitingCount: 0,
    waitlist: [],
    signupMode: 'lottery',
    lotteryMinutes: 1440,
    lotterySeed: seed,
    lotterySeedHash: createHash('sha256').update(seed, 'utf8').digest('hex'),
    lotteryEntries: entered.map((p) => encodeEntry({ userId: p.userId, partySize: 1 })),
    offers: [],
    waitlistOfferMinutes: 0,
    memberPriorityHours: 0,
    createdAt: new Date(Date.parse(opensAt) - 86_400_000).toISOString(),
  };
  return { ...plan, accepted: [], waiting: [], entered };
}

/** The players who belong to the team; the demo player belongs to 大安羽球同好會. */
export function membersOf(team: TeamPlan): DemoPlayer[] {
  const members = players.filter((p) => unit(team.id + p.userId) < 0.45);
  if (team.id === 'team-daan-smash') members.unshift(demoPlayer);
  return members;
}

/** A quick game's name by its Taipei start hour: 午間 only at midday (issue 22: not at 21:00). */
export function quickGameName(startsAt: Date): string {
  const hour = (startsAt.getUTCHours() + 8) % 24;
  if (hour >= 5 && hour < 11) return '晨間快打';
  if (hour >= 11 && hour < 14) return '午間快打';
  if (hour >= 14 && hour < 18) return '午後快打';
  if (hour >= 18 && hour < 23) return '晚間快打';
  return '深夜快打';
}

/**
 * Every demo session: the teams' weekly slots from 21 days ago to 14 days ahead, one session
 * under way now, and the demo player's history (attendance), one accepted booking, one
 * waitlist place, one session closed for booking, and one lottery open for entries today.
 */
export function planDemoSessions(now: Date): PlannedSession[] {
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
    title: `大安羽球同好會 ${quickGameName(liveStart)}`,
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
    withRoom.accepted.push({ ...demoPlayer, attendance: null });
    withRoom.session.acceptedCount += 1;
    withRoom.session.remaining -= 1;
  }
  const full = upcomingOpen.find((p) => p.waiting.length >= 2 && p !== withRoom);
  if (full) {
    full.waiting.push(demoPlayer);
    full.session.waitlist.push(encodeEntry({ userId: DEMO_PLAYER_ID, partySize: 1 }));
    full.session.waitingCount += 1;
  }
  const closable = upcomingOpen.find((p) => p !== withRoom && p !== full && p.session.remaining > 0);
  if (closable) closable.session.bookingClosed = true;
  // After the picks above: the demo player's own bookings stay in first-come sessions.
  plans.push(planDemoLottery(today, now));
  return plans;
}

/** The demo admin `npm start` prints: owner of two demo teams, signs in with email and password. */
export const DEMO_ADMIN = {
  adminId: 'demo-admin',
  email: 'admin@shuttle.tw',
  password: 'shuttle-demo-2026',
  name: '陳教練',
  teamIds: ['team-daan-smash', 'team-taichung-happy'],
} as const;
