import { createHash } from 'node:crypto';
import { type Lottery, lotteryDrawAt, lotteryTakesEntries } from '@shuttle/shared';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import { decodeEntry, planRelease, type WaitlistEntry, waitlistIndex } from './waitlist.ts';

/**
 * The opening lottery's pure rules (docs/FAIR-SIGNUP.md): the window, the secret seed and its
 * published hash, the public ticket of an entry and the seeded shuffle anyone can recompute.
 * The writes (entries, the draw) are in `draw.ts` and the engine.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The published hash of a seed (the seed itself is made with the session, `sessions/factory.ts`). */
export const seedHashOf = sha256;

export const isLottery = (session: Pick<SessionRecord, 'signupMode'>) => session.signupMode === 'lottery';

/** When the window closes and the draw runs: `signupOpensAt + lotteryMinutes` (shared, the apps show it too). */
export const drawAtOf: (session: Pick<SessionRecord, 'signupOpensAt' | 'lotteryMinutes'>) => string = lotteryDrawAt;

/** Whether a join now is a lottery entry: a lottery session, not drawn, its window still open. */
export const takesEntries: (session: SessionRecord, now: Date) => boolean = lotteryTakesEntries;

/** Whether the draw is due: the window has closed and it has not run. */
export function drawIsDue(session: SessionRecord, now: Date): boolean {
  return isLottery(session) && !session.lotteryDrawnAt && now.getTime() >= Date.parse(drawAtOf(session));
}

/**
 * A player's public ticket in a session's lottery: the first 16 hex characters of
 * SHA-256(`<sessionId>:<userId>`). Published instead of the player's id.
 */
export const ticketOf = (sessionId: string, userId: string) => sha256(`${sessionId}:${userId}`).slice(0, 16);

/**
 * The seeded shuffle: entries ordered by SHA-256(`<seed>:<ticket>`) as lower-case hex,
 * ascending (ties, practically impossible, by ticket). The seed is secret until the draw and
 * committed to by its hash, so nobody, the operator included, can aim an order at an entry.
 */
export function drawOrder(sessionId: string, seed: string, entries: readonly string[]): WaitlistEntry[] {
  return entries
    .map((raw) => {
      const entry = decodeEntry(raw);
      const ticket = ticketOf(sessionId, entry.userId);
      return { entry, ticket, rank: sha256(`${seed}:${ticket}`) };
    })
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.ticket < b.ticket ? -1 : 1))
    .map(({ entry }) => entry);
}

/**
 * What the draw decides: the longest prefix of the drawn order that fits the free seats takes
 * them (strict order, as a release promotes), everyone after joins the waitlist in that order.
 */
export function planDraw(session: SessionRecord): {
  order: WaitlistEntry[];
  seated: WaitlistEntry[];
  waiting: WaitlistEntry[];
} {
  const order = drawOrder(session.id, session.lotterySeed ?? '', session.lotteryEntries ?? []);
  if (session.waitlist.length > 0) return { order, seated: [], waiting: order };
  const encoded = order.map((e) => `${e.userId}*${e.partySize}`);
  const { promoted } = planRelease(encoded, session.remaining, 0);
  return { order, seated: promoted, waiting: order.slice(promoted.length) };
}

/**
 * A booking's status as the session item decides it. Rows of a drawn lottery are flipped from
 * `entered` by the sign-up job shortly after the draw; until then the session item (waitlist,
 * offers) is the truth: on the waitlist = waiting, else seated.
 */
export function effectiveStatus(session: SessionRecord, booking: BookingRecord): BookingRecord['status'] {
  if (booking.status !== 'entered' || !session.lotteryDrawnAt) return booking.status;
  return waitlistIndex(session.waitlist, booking.userId) >= 0 ? 'waiting' : 'accepted';
}

/** The public record of a lottery session (`lottery` of the detail). */
export function lotteryView(session: SessionRecord, viewerId: string | null): Lottery | undefined {
  if (!isLottery(session) || !session.lotterySeedHash) return undefined;
  const drawn = Boolean(session.lotteryDrawnAt);
  const entries = drawn ? (session.lotteryEntries ?? []).map(decodeEntry) : [];
  return {
    drawAt: drawAtOf(session),
    seedHash: session.lotterySeedHash,
    seed: drawn ? (session.lotterySeed ?? null) : null,
    drawnAt: session.lotteryDrawnAt ?? null,
    entryCount: (session.lotteryEntries ?? []).length,
    entries: entries.map((e) => ({ ticket: ticketOf(session.id, e.userId), partySize: e.partySize })),
    order: drawn
      ? drawOrder(session.id, session.lotterySeed ?? '', session.lotteryEntries ?? []).map((e) =>
          ticketOf(session.id, e.userId),
        )
      : [],
    ...(viewerId ? { myTicket: ticketOf(session.id, viewerId) } : {}),
  };
}
