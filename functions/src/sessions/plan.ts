import { type CreateSessionRequest, expandRecurrence, FAIR_SIGNUP_LIMITS } from '@shuttle/shared';
import { ValidationError } from '#platform/errors.ts';
import type { NewSession } from './factory.ts';

export interface PlanContext {
  teamId: string;
  teamName: string;
  cancelWindowMinutes: number;
  /** The team's fair sign-up settings (docs/FAIR-SIGNUP.md); the request's mode and window win. */
  fairSignup?: Pick<
    NewSession,
    'signupMode' | 'lotteryMinutes' | 'waitlistOfferMinutes' | 'memberPriorityHours' | 'quietHours'
  >;
  createdBy: string;
  now: Date;
  newId: () => string;
}

/**
 * The sessions one create call publishes: publishState 0 makes the one described; 1 repeats
 * it weekly or on listed dates by the recurrence rule the admin form previews with
 * (`expandRecurrence` in shared). Every start must be in the future.
 */
export function planSessions(request: CreateSessionRequest, context: PlanContext): NewSession[] {
  const times = expandRecurrence(request, request.publishState === 1 ? request.repeat : undefined);
  const team = context.fairSignup ?? {};
  const signupMode = request.signupMode ?? team.signupMode ?? 'firstCome';
  const lotteryMinutes = request.lotteryMinutes ?? team.lotteryMinutes ?? FAIR_SIGNUP_LIMITS.defaultLotteryMinutes;
  if (signupMode === 'lottery' && request.lotteryMinutes === undefined) {
    // The team's default window must close by the start too (the request's is checked by its schema).
    const late = times.some((t) => Date.parse(t.signupOpensAt) + lotteryMinutes * 60_000 > Date.parse(t.startsAt));
    if (late) throw new ValidationError([{ path: 'lotteryMinutes', message: 'the lottery must close by startsAt' }]);
  }
  if (times.some((t) => Date.parse(t.startsAt) <= context.now.getTime())) {
    const path = request.publishState === 1 && 'dates' in request.repeat ? `repeat.dates` : 'startsAt';
    throw new ValidationError([{ path, message: 'sessions must start in the future' }]);
  }

  return times.map(({ startsAt, endsAt, signupOpensAt }) => ({
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
    startsAt,
    endsAt,
    signupOpensAt,
    isPublic: request.isPublic,
    notes: request.notes,
    lineLink: request.lineLink,
    cancelWindowMinutes: context.cancelWindowMinutes,
    signupMode,
    ...(signupMode === 'lottery' ? { lotteryMinutes } : {}),
    waitlistOfferMinutes: team.waitlistOfferMinutes ?? 0,
    ...(team.quietHours !== undefined ? { quietHours: team.quietHours } : {}),
    memberPriorityHours: team.memberPriorityHours ?? 0,
    ...(request.levelMin !== undefined ? { levelMin: request.levelMin } : {}),
    ...(request.levelMax !== undefined ? { levelMax: request.levelMax } : {}),
    createdBy: context.createdBy,
  }));
}
