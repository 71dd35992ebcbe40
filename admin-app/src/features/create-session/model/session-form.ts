import {
  ADMIN_LIMITS,
  addDays,
  CATEGORIES,
  type Category,
  type CreateSessionRequest,
  createSessionRequest,
  expandRecurrence,
  FAIR_SIGNUP_LIMITS,
  repeatCount,
  type SessionTimes,
  type SignupMode,
  sessionDetails,
  taipeiDate,
  taipeiDayStart,
  taipeiWeekday,
} from '@shuttle/shared';
import type { z } from 'zod';
import { taipeiInstant } from '@/lib/taipei-time';

/** Publish state 0 publishes one session; 1 publishes many (weekly, or on listed dates). */
export type RepeatMode = 'single' | 'weekly' | 'dates';

/** What the form holds: text as typed, numbers included, so a field can be empty while edited. */
export interface SessionFormValues {
  mode: RepeatMode;
  title: string;
  venue: string;
  address: string;
  region: string;
  courts: string;
  capacity: string;
  price: string;
  categories: Category[];
  notes: string;
  lineLink: string;
  isPublic: boolean;
  /** First (or only) session day, YYYY-MM-DD; in 'dates' mode the list below is used instead. */
  date: string;
  startTime: string;
  endTime: string;
  weeks: string;
  /**
   * Weekly: more weekdays each week besides the first date's (ISO 1 = Monday … 7 = Sunday), e.g.
   * Thursday with a first date on a Tuesday; empty repeats on the first date's weekday alone.
   */
  weekdays: number[];
  dates: string[];
  /** Sign-up opens this many days before each start, at `signupTime` (Taipei). */
  signupDaysBefore: string;
  signupTime: string;
  /** First come, or an opening lottery of `lotteryMinutes` (docs/FAIR-SIGNUP.md); from the team's default. */
  signupMode: SignupMode;
  lotteryMinutes: string;
  /** The levels the session is for, 1-18 as chosen, or empty for everyone (docs/MONEY.md). */
  levelMin?: string;
  levelMax?: string;
}

export type FieldName = keyof SessionFormValues;
/** An i18n key under `create.errors` and its values. */
interface FieldError {
  key: string;
  values?: Record<string, number | string>;
}
export type FormErrors = Partial<Record<FieldName, FieldError>>;

export type Occurrence = SessionTimes;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Empty form values from the team's defaults: next week's same weekday, 19:00–22:00. */
export function initialValues(
  defaults: {
    title: string;
    venue: string;
    address: string;
    region: string;
    price: number;
    lineLink: string;
    courts: number;
    capacity: number;
    categories: Category[];
    isPublic: boolean;
    signupMode?: SignupMode;
    lotteryMinutes?: number;
  },
  now: Date,
): SessionFormValues {
  return {
    mode: 'single',
    title: defaults.title,
    venue: defaults.venue,
    address: defaults.address,
    region: defaults.region,
    courts: String(defaults.courts || 2),
    capacity: String(defaults.capacity || 12),
    price: String(defaults.price),
    categories: defaults.categories.length > 0 ? defaults.categories : ['casual'],
    notes: '',
    lineLink: defaults.lineLink,
    isPublic: defaults.isPublic,
    date: addDays(taipeiDate(now), 7),
    startTime: '19:00',
    endTime: '22:00',
    weeks: '4',
    weekdays: [],
    dates: [],
    signupDaysBefore: '7',
    signupTime: '12:00',
    signupMode: defaults.signupMode ?? 'firstCome',
    lotteryMinutes: String(defaults.lotteryMinutes ?? FAIR_SIGNUP_LIMITS.defaultLotteryMinutes),
  };
}

function integer(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The day of the first session: the chosen date, or the earliest of the listed dates. */
function firstDay(values: SessionFormValues): string {
  return values.mode === 'dates' ? ([...values.dates].sort()[0] ?? '') : values.date;
}

/** Bounds of the form's whole-number fields, the shared schema's limits. */
export const NUMBER_RANGES = {
  courts: [1, ADMIN_LIMITS.maxCourts],
  capacity: [1, ADMIN_LIMITS.maxCapacity],
  price: [0, ADMIN_LIMITS.maxPrice],
  weeks: [ADMIN_LIMITS.minWeeks, ADMIN_LIMITS.maxWeeks],
  signupDaysBefore: [0, ADMIN_LIMITS.maxSignupDaysBefore],
  lotteryMinutes: [FAIR_SIGNUP_LIMITS.minLotteryMinutes, FAIR_SIGNUP_LIMITS.maxLotteryMinutes],
} as const satisfies Partial<Record<FieldName, readonly [number, number]>>;
export type RangeField = keyof typeof NUMBER_RANGES;
const rangeError = (field: RangeField): FieldError => ({
  key: 'range',
  values: { min: NUMBER_RANGES[field][0], max: NUMBER_RANGES[field][1] },
});

/** A problem the shared contract found with one of the session's details, as the form shows it. */
function detailError(field: FieldName, issue: z.core.$ZodIssue): FieldError {
  if (field in NUMBER_RANGES) return rangeError(field as RangeField);
  if (field === 'region') return { key: 'regionRequired' };
  if (field === 'categories') return { key: 'categoryRequired' };
  if (field === 'lineLink') return { key: 'httpsLink' };
  if (issue.code === 'too_big') return { key: 'tooLong', values: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small') return { key: 'required' };
  return { key: 'invalid' };
}

/**
 * Checks the form and builds the create request. The session's details are checked with the
 * shared contract (`sessionDetails`), the times and the repeat here; errors name the field and
 * an i18n key, so the form can show them in place. The request is checked against the shared
 * contract as a whole at the end.
 */
export function buildCreateRequest(
  values: SessionFormValues,
  now: Date,
): { ok: true; request: CreateSessionRequest } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const number = (field: RangeField, text: string) => {
    const n = integer(text);
    if (n === null) errors[field] = rangeError(field);
    return n ?? NUMBER_RANGES[field][0];
  };

  const details = {
    title: values.title.trim(),
    venue: values.venue.trim(),
    address: values.address.trim(),
    region: values.region,
    courts: number('courts', values.courts),
    capacity: number('capacity', values.capacity),
    price: number('price', values.price),
    categories: CATEGORIES.filter((c) => values.categories.includes(c)),
    notes: values.notes.trim(),
    lineLink: values.lineLink.trim(),
    isPublic: values.isPublic,
    ...(values.levelMin ? { levelMin: Number(values.levelMin) } : {}),
    ...(values.levelMax ? { levelMax: Number(values.levelMax) } : {}),
  };
  const checked = sessionDetails.safeParse(details);
  if (details.levelMin !== undefined && details.levelMax !== undefined && details.levelMin > details.levelMax)
    errors.levelMax = { key: 'invalid' };
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = String(issue.path[0]) as FieldName;
    errors[field] ??= detailError(field, issue);
  }

  if (!TIME.test(values.startTime)) errors.startTime = { key: 'required' };
  if (!TIME.test(values.endTime)) errors.endTime = { key: 'required' };
  if (!TIME.test(values.signupTime)) errors.signupTime = { key: 'required' };
  const daysBefore = number('signupDaysBefore', values.signupDaysBefore);
  if (daysBefore > ADMIN_LIMITS.maxSignupDaysBefore) errors.signupDaysBefore = rangeError('signupDaysBefore');

  const lottery = values.signupMode === 'lottery';
  const lotteryMinutes = lottery ? number('lotteryMinutes', values.lotteryMinutes) : 0;
  if (lottery && !errors.lotteryMinutes) {
    const [min, max] = NUMBER_RANGES.lotteryMinutes;
    if (lotteryMinutes < min || lotteryMinutes > max) errors.lotteryMinutes = rangeError('lotteryMinutes');
  }

  let weeks = 1;
  let weekdays: number[] | undefined;
  if (values.mode === 'weekly') {
    weeks = number('weeks', values.weeks);
    if (weeks < ADMIN_LIMITS.minWeeks || weeks > ADMIN_LIMITS.maxWeeks) errors.weeks = rangeError('weeks');
    weekdays = DATE.test(values.date) ? repeatWeekdays(values.date, values.weekdays) : undefined;
    if (!errors.weeks && weekdays && repeatCount({ weeks, weekdays }) > ADMIN_LIMITS.maxSessionsPerCreate) {
      errors.weeks = { key: 'tooManySessions', values: { max: ADMIN_LIMITS.maxSessionsPerCreate } };
    }
  }
  if (values.mode === 'dates') {
    const unique = new Set(values.dates);
    if (values.dates.length === 0) errors.dates = { key: 'datesRequired' };
    else if (values.dates.length > ADMIN_LIMITS.maxDates) {
      errors.dates = { key: 'tooManyDates', values: { max: ADMIN_LIMITS.maxDates } };
    } else if (unique.size !== values.dates.length || values.dates.some((d) => !DATE.test(d))) {
      errors.dates = { key: 'datesRepeat' };
    }
  } else if (!DATE.test(values.date)) {
    errors.date = { key: 'required' };
  }

  const day = firstDay(values);
  let times: Occurrence | null = null;
  if (DATE.test(day) && !errors.startTime && !errors.endTime && !errors.signupTime && !errors.signupDaysBefore) {
    const startsAt = taipeiInstant(day, values.startTime);
    // An end at or before the start means the session runs past midnight.
    const endDay = values.endTime > values.startTime ? day : addDays(day, 1);
    const endsAt = taipeiInstant(endDay, values.endTime);
    const signupOpensAt = taipeiInstant(addDays(day, -daysBefore), values.signupTime);
    const hours = (Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000;
    if (hours > ADMIN_LIMITS.maxSessionHours) {
      errors.endTime = { key: 'tooLongSession', values: { hours: ADMIN_LIMITS.maxSessionHours } };
    }
    if (Date.parse(signupOpensAt) > Date.parse(startsAt)) errors.signupTime = { key: 'signupAfterStart' };
    if (lottery && Date.parse(signupOpensAt) + lotteryMinutes * 60_000 > Date.parse(startsAt)) {
      errors.lotteryMinutes ??= { key: 'lotteryAfterStart' };
    }
    if (Date.parse(startsAt) <= now.getTime()) errors[values.mode === 'dates' ? 'dates' : 'date'] = { key: 'inPast' };
    times = { startsAt, endsAt, signupOpensAt };
  }

  if (Object.keys(errors).length > 0 || !checked.success || !times) return { ok: false, errors };

  const fields = {
    ...checked.data,
    ...times,
    signupMode: values.signupMode,
    ...(lottery ? { lotteryMinutes } : {}),
  };
  const draft: CreateSessionRequest =
    values.mode === 'single'
      ? { publishState: 0, ...fields }
      : {
          publishState: 1,
          ...fields,
          repeat:
            values.mode === 'weekly'
              ? { weeks, ...(weekdays && weekdays.length > 1 ? { weekdays } : {}) }
              : { dates: [...values.dates].sort() },
        };
  const request = createSessionRequest.safeParse(draft);
  if (!request.success) {
    const path = String(request.error.issues[0]?.path[0] ?? 'date') as FieldName;
    return { ok: false, errors: { [path]: { key: 'invalid' } } };
  }
  return { ok: true, request: request.data };
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  return taipeiWeekday(taipeiDayStart(date));
}

/** The weekdays a weekly repeat from `date` runs on: the date's own and the chosen others, in order. */
export function repeatWeekdays(date: string, others: readonly number[]): number[] {
  return [...new Set([weekdayOf(date), ...others])].sort((a, b) => a - b);
}

/** The sessions a create request publishes, as the server plans them (see `expandRecurrence`). */
export function expandOccurrences(request: CreateSessionRequest): Occurrence[] {
  return expandRecurrence(request, request.publishState === 1 ? request.repeat : undefined);
}
