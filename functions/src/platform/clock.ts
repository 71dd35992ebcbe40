import { randomUUID } from 'node:crypto';
import { toUtcInstant } from '@shuttle/shared';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock that tests and the seed move by hand. */
export class FixedClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * A clock that starts at a chosen instant and then runs at the speed of real time, so the
 * local product's jobs (reminders, lottery draws, offer expiries) fire as they would on that
 * day. `SHUTTLE_NOW` sets it (docs/TESTING.md, "The clock").
 */
export class OffsetClock implements Clock {
  readonly offsetMs: number;
  constructor(start: Date, realNow: number = Date.now()) {
    this.offsetMs = start.getTime() - realNow;
  }
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/** Parses `SHUTTLE_NOW`; a value that is not an ISO instant with an offset is refused with a clear message. */
export function parseShuttleNow(value: string | undefined): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const utc = toUtcInstant(value.trim());
  if (!utc) {
    throw new Error(
      `SHUTTLE_NOW must be an ISO 8601 instant with an offset (e.g. 2026-12-31T23:59:00+08:00), not ${value}`,
    );
  }
  return new Date(utc);
}

/** The local product's clock: `SHUTTLE_NOW` when set (starting at that instant, then running), else the system's. */
export function clockFromEnv(env: Record<string, string | undefined> = process.env): Clock {
  const start = parseShuttleNow(env.SHUTTLE_NOW);
  return start ? new OffsetClock(start) : systemClock;
}

export type IdGenerator = () => string;
export const randomId: IdGenerator = () => randomUUID().replaceAll('-', '');
