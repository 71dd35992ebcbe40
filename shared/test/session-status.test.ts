import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotteryDrawAt, lotteryTakesEntries, type SessionStateInput, sessionState } from '../src/index.ts';

const base: SessionStateInput = {
  status: 'open',
  bookingClosed: false,
  capacity: 24,
  acceptedCount: 16,
  waitingCount: 0,
  remaining: 8,
};

describe('the session status model', () => {
  it('open with places: one 報名中 badge, places left, reserve', () => {
    expect(sessionState(base)).toEqual({
      badge: 'open',
      action: 'reserve',
      places: { kind: 'left', count: 8, capacity: 24 },
    });
  });

  it('closed by the organiser: the badge is the reason and no places-left count is shown', () => {
    expect(sessionState({ ...base, bookingClosed: true })).toEqual({
      badge: 'closed',
      action: null,
      places: { kind: 'taken', accepted: 16, capacity: 24 },
    });
  });

  it('full: the waitlist, with how many wait', () => {
    expect(sessionState({ ...base, acceptedCount: 24, remaining: 0, waitingCount: 3 })).toEqual({
      badge: 'full',
      action: 'waitlist',
      places: { kind: 'full', waiting: 3 },
    });
  });

  it('ended or under way never says 已截止報名 or places left, whatever the flags', () => {
    for (const status of ['ended', 'inProgress'] as const) {
      const state = sessionState({ ...base, status, bookingClosed: true });
      expect(state.badge).toBe(status);
      expect(state.action).toBeNull();
      expect(state.places.kind).toBe('taken');
    }
  });

  it('places free while a bigger party waits: still open, but the join goes to the waitlist', () => {
    expect(sessionState({ ...base, remaining: 1, waitingCount: 1 })).toMatchObject({
      badge: 'open',
      action: 'waitlist',
    });
  });

  it('a lottery taking entries: 抽籤 badge, "11 人抽 8 位", the action is an entry', () => {
    const lottery = { ...base, capacity: 8, acceptedCount: 0, remaining: 8, lotteryEntrants: 11 };
    expect(sessionState(lottery)).toEqual({
      badge: 'lottery',
      action: 'enter',
      places: { kind: 'lottery', entrants: 11, capacity: 8 },
    });
    // Before its window opens the badge says so, and the places line already counts the draw.
    expect(sessionState({ ...lottery, status: 'notYetOpen', lotteryEntrants: 0 })).toEqual({
      badge: 'notYetOpen',
      action: null,
      places: { kind: 'lottery', entrants: 0, capacity: 8 },
    });
    // Closed by the organiser, under way or ended: the lottery says nothing more.
    expect(sessionState({ ...lottery, bookingClosed: true }).badge).toBe('closed');
    expect(sessionState({ ...lottery, status: 'ended' }).places.kind).toBe('taken');
  });

  it('a drawn lottery (no entrants field) is first come again, full or open', () => {
    expect(sessionState({ ...base, capacity: 8, acceptedCount: 8, remaining: 0, waitingCount: 3 }).badge).toBe('full');
  });

  it('never contradicts itself (any server fields)', () => {
    const input = fc
      .record({
        status: fc.constantFrom('notYetOpen', 'open', 'inProgress', 'ended' as const),
        bookingClosed: fc.boolean(),
        capacity: fc.integer({ min: 0, max: 60 }),
        waitingCount: fc.integer({ min: 0, max: 20 }),
        lotteryEntrants: fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined }),
      })
      .chain((s) =>
        fc.integer({ min: 0, max: s.capacity }).map((accepted) => ({
          ...s,
          acceptedCount: accepted,
          remaining: s.capacity - accepted,
        })),
      );
    fc.assert(
      fc.property(input, (s) => {
        const state = sessionState(s as SessionStateInput);
        // A session a player cannot join never shows places left as if bookable, except before opening.
        if (state.action === null && state.badge !== 'notYetOpen') expect(state.places.kind).toBe('taken');
        if (state.action !== null) expect(s.status === 'open' && !s.bookingClosed).toBe(true);
        if (state.badge === 'full') expect(s.remaining).toBe(0);
        if (s.status === 'ended') expect(state.badge).toBe('ended');
        // A lottery taking entries never says first come: no 立即預約, no places left, no 已額滿.
        if (s.lotteryEntrants !== undefined && s.status === 'open' && !s.bookingClosed) {
          expect(state).toMatchObject({ badge: 'lottery', action: 'enter' });
        }
        if (state.action === 'enter' || state.places.kind === 'lottery') expect(s.lotteryEntrants).toBeDefined();
        if (s.lotteryEntrants !== undefined) expect(['reserve', 'waitlist']).not.toContain(state.action);
      }),
    );
  });
});

describe('the lottery window', () => {
  const session = {
    signupMode: 'lottery' as const,
    signupOpensAt: '2026-12-01T04:00:00.000Z',
    lotteryMinutes: 30,
  };

  it('closes lotteryMinutes after sign-up opens', () => {
    expect(lotteryDrawAt(session)).toBe('2026-12-01T04:30:00.000Z');
  });

  it('takes entries until the draw is due, and never once drawn or in a first-come session', () => {
    expect(lotteryTakesEntries(session, new Date('2026-11-30T00:00:00.000Z'))).toBe(true);
    expect(lotteryTakesEntries(session, new Date('2026-12-01T04:29:59.999Z'))).toBe(true);
    expect(lotteryTakesEntries(session, new Date('2026-12-01T04:30:00.000Z'))).toBe(false);
    const early = new Date('2026-12-01T04:10:00.000Z');
    expect(lotteryTakesEntries({ ...session, lotteryDrawnAt: '2026-12-01T04:05:00.000Z' }, early)).toBe(false);
    expect(lotteryTakesEntries({ ...session, signupMode: 'firstCome' }, early)).toBe(false);
  });
});
