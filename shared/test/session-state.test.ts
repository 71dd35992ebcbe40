import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SessionStateInput, sessionState } from '../src/index.ts';

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

  it('never contradicts itself (any server fields)', () => {
    const input = fc
      .record({
        status: fc.constantFrom('notYetOpen', 'open', 'inProgress', 'ended' as const),
        bookingClosed: fc.boolean(),
        capacity: fc.integer({ min: 0, max: 60 }),
        waitingCount: fc.integer({ min: 0, max: 20 }),
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
      }),
    );
  });
});
