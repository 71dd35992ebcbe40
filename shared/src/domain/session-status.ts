import { DEFAULT_CANCEL_WINDOW_MINUTES } from '../constants.ts';
import type { SessionStatus } from '../schemas/entities.ts';

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
