import { randomUUID } from 'node:crypto';

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

export type IdGenerator = () => string;
export const randomId: IdGenerator = () => randomUUID().replaceAll('-', '');
