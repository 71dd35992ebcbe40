import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Store } from '@shuttle/functions/db/client.ts';
import { newSessionItem } from '@shuttle/functions/sessions/factory.ts';
import { addDays, CATEGORIES, REGIONS, type Region, taipeiDate, taipeiDayStart } from '@shuttle/shared';

export interface NationalOptions {
  sessions: number;
  /** Taipei days the sessions start on, from `from` (default: a fortnight before `now`) on. */
  days: number;
  from?: string;
  teams: number;
  regions?: readonly Region[];
  now: Date;
  seed?: number;
}

export const teamIdOf = (n: number) => `natl-team-${n}`;

/**
 * A country's worth of session items, deterministic for a seed: every region, `teams` teams,
 * starts between 08:00 and 21:00 on the half hour, 2 to 3 hours long, sign-up opening 1 to 14
 * days before, some team-only, over `days` days starting 14 days before `now`.
 */
export function nationalSessions(options: NationalOptions) {
  const { sessions, days, teams, now, seed = 1, regions = REGIONS } = options;
  let x = seed;
  const rand = () => {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    return x / 2 ** 32;
  };
  const first = Date.parse(taipeiDayStart(options.from ?? addDays(taipeiDate(now), -14)));
  return Array.from({ length: sessions }, (_, i) => {
    const team = Math.floor(rand() * teams);
    const start = first + Math.floor(rand() * days) * 86_400_000 + (8 * 60 + Math.floor(rand() * 27) * 30) * 60_000;
    const length = [2, 2, 2, 2.5, 3][Math.floor(rand() * 5)]! * 3_600_000;
    const lead = [1, 3, 7, 7, 7, 14][Math.floor(rand() * 6)]! * 86_400_000;
    return newSessionItem(
      {
        id: `natl-${seed}-${i}`,
        teamId: teamIdOf(team),
        teamName: `球隊${team}`,
        title: `場次 ${i}`,
        venue: '運動中心',
        address: '地址',
        region: regions[Math.floor(rand() * regions.length)]!,
        categories: [CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!],
        courts: 2,
        capacity: 12,
        price: 100 + Math.floor(rand() * 7) * 50,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + length).toISOString(),
        signupOpensAt: new Date(start - lead).toISOString(),
        isPublic: rand() > 0.05,
        createdBy: 'national',
      },
      now,
    );
  });
}

/** Puts items 25 a call (BatchWriteItem's limit), `parallel` calls at a time, retrying leftovers. */
export async function writeAll(store: Store, items: Record<string, unknown>[], parallel = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + 25);
      next += 25;
      let pending = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 20 * attempt));
        const { UnprocessedItems } = await store.doc.send(
          new BatchWriteCommand({ RequestItems: { [store.tableName]: pending } }),
        );
        pending = (UnprocessedItems?.[store.tableName] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
