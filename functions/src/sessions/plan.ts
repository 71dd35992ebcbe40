import { type CreateSessionRequest, taipeiDate, taipeiDayStart } from '@shuttle/shared';
import { ValidationError } from '#platform/errors.ts';
import type { NewSession } from './factory.ts';

const DAY_MS = 86_400_000;

export interface PlanContext {
  teamId: string;
  teamName: string;
  cancelWindowMinutes: number;
  createdBy: string;
  now: Date;
  newId: () => string;
}

/**
 * The sessions one create call publishes: publishState 0 makes the one described; 1 repeats
 * it weekly for `weeks` weeks or on each listed date, at the same Taipei time of day (Taiwan
 * has no daylight saving, so shifting by whole days keeps the clock time). Every start must
 * be in the future.
 */
export function planSessions(request: CreateSessionRequest, context: PlanContext): NewSession[] {
  const start = Date.parse(request.startsAt);
  let offsets: number[] = [0];
  if (request.publishState === 1) {
    if ('weeks' in request.repeat) {
      offsets = Array.from({ length: request.repeat.weeks }, (_, k) => k * 7 * DAY_MS);
    } else {
      const firstDay = Date.parse(taipeiDayStart(taipeiDate(request.startsAt)));
      offsets = [...request.repeat.dates].sort().map((date) => Date.parse(taipeiDayStart(date)) - firstDay);
    }
  }
  const shift = (instant: string, offset: number) => new Date(Date.parse(instant) + offset).toISOString();

  const past = offsets.findIndex((offset) => start + offset <= context.now.getTime());
  if (past >= 0) {
    const path = request.publishState === 1 && 'dates' in request.repeat ? `repeat.dates` : 'startsAt';
    throw new ValidationError([{ path, message: 'sessions must start in the future' }]);
  }

  return offsets.map((offset) => ({
    id: context.newId(),
    teamId: context.teamId,
    teamName: context.teamName,
    title: request.title || context.teamName,
    venue: request.venue,
    address: request.address,
    region: request.region,
    categories: request.categories,
    courts: request.courts,
    capacity: request.capacity,
    price: request.price,
    startsAt: shift(request.startsAt, offset),
    endsAt: shift(request.endsAt, offset),
    signupOpensAt: shift(request.signupOpensAt, offset),
    isPublic: request.isPublic,
    notes: request.notes,
    lineLink: request.lineLink,
    cancelWindowMinutes: context.cancelWindowMinutes,
    createdBy: context.createdBy,
  }));
}
