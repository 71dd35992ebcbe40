import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry, planRelease, waitlistIndex } from '#bookings/waitlist.ts';

const list = (...entries: [string, number][]) =>
  entries.map(([userId, partySize]) => encodeEntry({ userId, partySize }));

describe('waitlist entries', () => {
  it('round-trip user ids that contain separators', () => {
    expect(decodeEntry(encodeEntry({ userId: 'google_1*2', partySize: 3 }))).toEqual({
      userId: 'google_1*2',
      partySize: 3,
    });
  });
  it('find a player by id', () => {
    expect(waitlistIndex(list(['a', 1], ['b', 1]), 'b')).toBe(1);
    expect(waitlistIndex(list(['a', 1]), 'z')).toBe(-1);
  });
});

describe('releasing seats', () => {
  it('promotes the head when one seat frees', () => {
    expect(planRelease(list(['a', 1], ['b', 1]), 0, 1)).toEqual({
      promoted: [{ userId: 'a', partySize: 1 }],
      remainingAfter: 0,
    });
  });
  it('promotes in order as many as fit', () => {
    const plan = planRelease(list(['a', 1], ['b', 1], ['c', 1]), 0, 2);
    expect(plan.promoted.map((e) => e.userId)).toEqual(['a', 'b']);
    expect(plan.remainingAfter).toBe(0);
  });
  it('leaves seats free when nobody waits', () => {
    expect(planRelease([], 3, 2)).toEqual({ promoted: [], remainingAfter: 5 });
  });
  it('never skips a head whose party does not fit yet', () => {
    const plan = planRelease(list(['a', 3], ['b', 1]), 0, 2);
    expect(plan.promoted).toEqual([]);
    expect(plan.remainingAfter).toBe(2);
  });
  it('reports a capacity cut below the taken seats as negative remaining', () => {
    expect(planRelease([], 1, -3).remainingAfter).toBe(-2);
  });
});
