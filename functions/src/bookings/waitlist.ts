/**
 * The waitlist is a list attribute on the session item, appended inside the booking
 * transaction. DynamoDB serialises writes to one item, so list order is commit order and
 * a player's position is simply their index + 1: positions stay 1..n with no gaps.
 */

export interface WaitlistEntry {
  userId: string;
  partySize: number;
}

export const encodeEntry = ({ userId, partySize }: WaitlistEntry) => `${userId}*${partySize}`;

export function decodeEntry(entry: string): WaitlistEntry {
  const star = entry.lastIndexOf('*');
  return { userId: entry.slice(0, star), partySize: Number(entry.slice(star + 1)) };
}

export function waitlistIndex(waitlist: readonly string[], userId: string): number {
  return waitlist.findIndex((entry) => decodeEntry(entry).userId === userId);
}

export interface ReleasePlan {
  /** Entries promoted, in order: always a prefix of the waitlist. */
  promoted: WaitlistEntry[];
  remainingAfter: number;
}

/**
 * Seats freed (a cancellation, a raised capacity, a removed player) go to the waitlist head
 * first, strictly in order: a head whose party does not fit yet keeps everyone behind it waiting.
 */
export function planRelease(waitlist: readonly string[], remainingBefore: number, freedSeats: number): ReleasePlan {
  let remaining = remainingBefore + freedSeats;
  const promoted: WaitlistEntry[] = [];
  for (const raw of waitlist) {
    const entry = decodeEntry(raw);
    if (entry.partySize > remaining) break;
    promoted.push(entry);
    remaining -= entry.partySize;
  }
  return { promoted, remainingAfter: remaining };
}
