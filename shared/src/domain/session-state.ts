import type { SessionStatus } from '../schemas/entities.ts';

/**
 * The member app's one status model (docs/PLAYER-EXPERIENCE.md, "Status model"): every card,
 * detail and list derives what it shows from the server's fields through `sessionState`, so a
 * session never shows two statuses that contradict each other. Exactly one badge; when sign-up
 * is not possible the badge itself is the reason (closed by the organiser, full, under way, ended).
 */

/** The one badge of a session. */
export type SessionBadge = 'notYetOpen' | 'open' | 'full' | 'closed' | 'inProgress' | 'ended';

/** What the places line says: places left, full (with the waitlist), or how many came. */
export type SessionPlaces =
  | { kind: 'left'; count: number; capacity: number }
  | { kind: 'full'; waiting: number }
  | { kind: 'taken'; accepted: number; capacity: number };

export interface SessionState {
  badge: SessionBadge;
  /** What a player without a booking can do now; null when nothing (the badge says why). */
  action: 'reserve' | 'waitlist' | null;
  places: SessionPlaces;
}

/** The server's fields the model reads (`SessionSummary` and `SessionDetail` have them all). */
export interface SessionStateInput {
  status: SessionStatus;
  bookingClosed: boolean;
  capacity: number;
  acceptedCount: number;
  waitingCount: number;
  remaining: number;
}

export function sessionState(s: SessionStateInput): SessionState {
  const taken: SessionPlaces = { kind: 'taken', accepted: s.acceptedCount, capacity: s.capacity };
  if (s.status === 'ended') return { badge: 'ended', action: null, places: taken };
  if (s.status === 'inProgress') return { badge: 'inProgress', action: null, places: taken };
  // Closed by the organiser before the start: places left mean nothing to a player now.
  if (s.bookingClosed) return { badge: 'closed', action: null, places: taken };
  if (s.status === 'notYetOpen') {
    return { badge: 'notYetOpen', action: null, places: { kind: 'left', count: s.remaining, capacity: s.capacity } };
  }
  if (s.remaining === 0)
    return { badge: 'full', action: 'waitlist', places: { kind: 'full', waiting: s.waitingCount } };
  // A party that does not fit keeps the ones behind it waiting (ARCHITECTURE.md, invariant 5).
  return {
    badge: 'open',
    action: s.waitingCount > 0 ? 'waitlist' : 'reserve',
    places: { kind: 'left', count: s.remaining, capacity: s.capacity },
  };
}
