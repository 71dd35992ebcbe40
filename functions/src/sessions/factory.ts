import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_CANCEL_WINDOW_MINUTES, FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import { sessionKeys } from '#db/codecs/sessions.ts';
import type { SessionRecord } from './model.ts';

/** What a new session is made of: its stored fields, minus the seat state the factory sets. */
export type NewSession = Pick<
  SessionRecord,
  | 'id'
  | 'teamId'
  | 'teamName'
  | 'title'
  | 'venue'
  | 'address'
  | 'region'
  | 'categories'
  | 'courts'
  | 'capacity'
  | 'price'
  | 'startsAt'
  | 'endsAt'
  | 'signupOpensAt'
  | 'isPublic'
  | 'createdBy'
> &
  Partial<Pick<SessionRecord, 'notes' | 'lineLink' | 'cancelWindowMinutes' | 'levelMin' | 'levelMax'>> &
  /** Fair sign-up settings (docs/FAIR-SIGNUP.md); unset: first come, no offers, no priority. */
  Pick<SessionRecord, 'signupMode' | 'lotteryMinutes' | 'waitlistOfferMinutes' | 'memberPriorityHours'> &
  Partial<Pick<SessionRecord, 'quietHours'>>;

/** A new, empty session item with its keys and browse indexes, ready for a conditional Put. */
export function newSessionItem(input: NewSession, now: Date): SessionRecord & Record<string, unknown> {
  const record: SessionRecord = {
    type: 'session',
    id: input.id,
    teamId: input.teamId,
    teamName: input.teamName,
    title: input.title,
    venue: input.venue,
    address: input.address,
    region: input.region,
    categories: input.categories,
    courts: input.courts,
    capacity: input.capacity,
    price: input.price,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    signupOpensAt: input.signupOpensAt,
    isPublic: input.isPublic,
    bookingClosed: false,
    notes: input.notes ?? '',
    lineLink: input.lineLink ?? '',
    cancelWindowMinutes: input.cancelWindowMinutes ?? DEFAULT_CANCEL_WINDOW_MINUTES,
    acceptedCount: 0,
    remaining: input.capacity,
    waitingCount: 0,
    waitlist: [],
    ...fairSignupFields(input),
    ...(input.levelMin !== undefined || input.levelMax !== undefined
      ? { levelMin: input.levelMin ?? 1, levelMax: input.levelMax ?? 18 }
      : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    createdBy: input.createdBy,
  };
  return { ...sessionKeys(record), ...record };
}

/** A lottery session gets its secret seed (and the hash it publishes) the moment it is created. */
function fairSignupFields(input: NewSession): Partial<SessionRecord> {
  const lottery =
    input.signupMode === 'lottery'
      ? (() => {
          // The secret seed and its SHA-256 (hex of the seed's text), published from the start.
          const seed = randomBytes(32).toString('hex');
          const seedHash = createHash('sha256').update(seed, 'utf8').digest('hex');
          return {
            lotteryMinutes: input.lotteryMinutes ?? FAIR_SIGNUP_LIMITS.defaultLotteryMinutes,
            lotterySeed: seed,
            lotterySeedHash: seedHash,
            lotteryEntries: [],
          };
        })()
      : {};
  return {
    signupMode: input.signupMode ?? 'firstCome',
    ...lottery,
    waitlistOfferMinutes: input.waitlistOfferMinutes ?? 0,
    ...(input.quietHours !== undefined ? { quietHours: input.quietHours } : {}),
    memberPriorityHours: input.memberPriorityHours ?? 0,
    offers: [],
  };
}

/**
 * The base key and every browse index key of a session, from its own attributes: the one
 * place new sessions, demo data and session changes take them from (TABLE.md), the session codec's.
 */
export { sessionKeys as sessionItemKeys };
