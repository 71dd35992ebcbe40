import { DEFAULT_CANCEL_WINDOW_MINUTES } from '../constants.ts';
import type { SessionStatus } from '../schemas/entities.ts';
import type { SignupMode } from '../schemas/fair-signup.ts';

/**
 * A session's status, one model for both apps (docs/PLAYER-EXPERIENCE.md, "Status model"): the
 * server's phase of a session by the clock (`sessionStatusAt`), and what every card, detail,
 * list and admin row shows of it (`sessionState`): one badge, one places line, one action. The
 * labels are the shared `status` texts (shared/src/i18n/locales/<lang>/status.json), so an admin
 * and a player read the same words for the same session.
 */

export interface SessionTimes {
  signupOpensAt: string;
  startsAt: string;
  endsAt: string;
}

const at = (instant: string | Date) => (typeof instant === 'string' ? Date.parse(instant) : instant.getTime());

/** 尚未開放 before sign-up opens, 報名中 until the start, 進行中 until the end, then 已結束. */
export function sessionStatusAt(session: SessionTimes, now: Date): SessionStatus {
  const t = now.getTime();
  if (t >= at(session.endsAt)) return 'ended';
  if (t >= at(session.startsAt)) return 'inProgress';
  if (t < at(session.signupOpensAt)) return 'notYetOpen';
  return 'open';
}

/** 'Starting Soon': inside the cancellation window before the start, and not yet started. */
export function isStartingSoon(
  session: Pick<SessionTimes, 'startsAt'>,
  now: Date,
  cancelWindowMinutes: number = DEFAULT_CANCEL_WINDOW_MINUTES,
): boolean {
  const start = at(session.startsAt);
  const t = now.getTime();
  return t < start && t >= start - cancelWindowMinutes * 60_000;
}

/** The fields of a session its opening lottery is decided by (docs/FAIR-SIGNUP.md). */
export interface LotteryTimes {
  signupMode?: SignupMode;
  signupOpensAt: string;
  lotteryMinutes?: number;
  /** Set once, when the draw ran. */
  lotteryDrawnAt?: string;
}

/** When the lottery's window closes and the draw runs: `signupOpensAt + lotteryMinutes`. */
export function lotteryDrawAt(session: Pick<LotteryTimes, 'signupOpensAt' | 'lotteryMinutes'>): string {
  return new Date(at(session.signupOpensAt) + (session.lotteryMinutes ?? 0) * 60_000).toISOString();
}

/**
 * Whether a join now is (or, before the window opens, will be) a lottery entry: a lottery session
 * whose draw has not run and whose window has not closed. Once it closes a join runs the draw
 * first and is first come behind the drawn entries.
 */
export function lotteryTakesEntries(session: LotteryTimes, now: Date): boolean {
  return session.signupMode === 'lottery' && !session.lotteryDrawnAt && now.getTime() < at(lotteryDrawAt(session));
}

/** The one badge of a session. */
export type SessionBadge = 'notYetOpen' | 'open' | 'lottery' | 'full' | 'closed' | 'inProgress' | 'ended';

/** What the places line says: how many came of the capacity, full (with the waitlist), or how many draw for the places. */
export type SessionPlaces =
  | { kind: 'left'; count: number; capacity: number }
  | { kind: 'full'; waiting: number }
  | { kind: 'taken'; accepted: number; capacity: number }
  | { kind: 'lottery'; entrants: number; capacity: number };

export interface SessionState {
  badge: SessionBadge;
  /**
   * What a player without a booking can do now; null when nothing (the badge says why). `enter`:
   * a lottery entry (參加抽籤), which holds no place until the draw.
   */
  action: 'reserve' | 'waitlist' | 'enter' | null;
  places: SessionPlaces;
}

/** The server's fields the model reads (`SessionSummary`, `SessionDetail` and `AdminSession` have them all). */
export interface SessionStateInput {
  status: SessionStatus;
  bookingClosed: boolean;
  capacity: number;
  acceptedCount: number;
  waitingCount: number;
  remaining: number;
  /** People in the lottery's entries, present while it takes entries (`lotteryTakesEntries`). */
  lotteryEntrants?: number;
}

export function sessionState(s: SessionStateInput): SessionState {
  const taken: SessionPlaces = { kind: 'taken', accepted: s.acceptedCount, capacity: s.capacity };
  if (s.status === 'ended') return { badge: 'ended', action: null, places: taken };
  if (s.status === 'inProgress') return { badge: 'inProgress', action: null, places: taken };
  // Closed by the organiser before the start: places left mean nothing to a player now.
  if (s.bookingClosed) return { badge: 'closed', action: null, places: taken };
  // Before the draw nobody holds a place: "11 人抽 8 位" says more than "0 / 8 人" (issue 30).
  const lottery: SessionPlaces | null =
    s.lotteryEntrants === undefined ? null : { kind: 'lottery', entrants: s.lotteryEntrants, capacity: s.capacity };
  if (s.status === 'notYetOpen') {
    return {
      badge: 'notYetOpen',
      action: null,
      places: lottery ?? { kind: 'left', count: s.remaining, capacity: s.capacity },
    };
  }
  if (lottery) return { badge: 'lottery', action: 'enter', places: lottery };
  if (s.remaining === 0)
    return { badge: 'full', action: 'waitlist', places: { kind: 'full', waiting: s.waitingCount } };
  // A party that does not fit keeps the ones behind it waiting (ARCHITECTURE.md, invariant 5).
  return {
    badge: 'open',
    action: s.waitingCount > 0 ? 'waitlist' : 'reserve',
    places: { kind: 'left', count: s.remaining, capacity: s.capacity },
  };
}
