import {
  ADMIN_LIMITS,
  addDays,
  CATEGORIES,
  type Category,
  type CreateSessionRequest,
  createSessionRequest,
  REGIONS,
  taipeiDate,
  taipeiDayStart,
} from '@shuttle/shared';
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
  dates: string[];
  /** Sign-up opens this many days before each start, at `signupTime` (Taipei). */
  signupDaysBefore: string;
  signupTime: string;
}

export type FieldName = keyof SessionFormValues;
/** An i18n key under `create.errors` and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number | string>;
}
export type FormErrors = Partial<Record<FieldName, FieldError>>;

export interface Occurrence {
  startsAt: string;
  endsAt: string;
  signupOpensAt: string;
}

const DAY_MS = 86_400_000;
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
    dates: [],
    signupDaysBefore: '7',
    signupTime: '12:00',
  };
}

function integer(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The day of the first session: the chosen date, or the earliest of the listed dates. */
function firstDay(values: SessionFormValues): string {
  return values.mode === 'dates' ? ([...values.dates].sort()[0] ?? '') : values.date;
}

/**
 * Checks the form and builds the create request. Errors name the field and an i18n key, so
 * the form can show them in place; the request is also checked against the shared contract.
 */
export function buildCreateRequest(
  values: SessionFormValues,
  now: Date,
): { ok: true; request: CreateSessionRequest } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const range = (field: FieldName, text: string, min: number, max: number) => {
    const n = integer(text);
    if (n === null || n < min || n > max) {
      errors[field] = { key: 'range', values: { min, max } };
      return min;
    }
    return n;
  };

  if (values.title.trim().length > 60) errors.title = { key: 'tooLong', values: { max: 60 } };
  if (!values.venue.trim()) errors.venue = { key: 'required' };
  else if (values.venue.trim().length > 100) errors.venue = { key: 'tooLong', values: { max: 100 } };
  if (values.address.trim().length > 200) errors.address = { key: 'tooLong', values: { max: 200 } };
  if (!(REGIONS as readonly string[]).includes(values.region)) errors.region = { key: 'regionRequired' };
  const courts = range('courts', values.courts, 1, ADMIN_LIMITS.maxCourts);
  const capacity = range('capacity', values.capacity, 1, ADMIN_LIMITS.maxCapacity);
  const price = range('price', values.price, 0, ADMIN_LIMITS.maxPrice);
  const categories = CATEGORIES.filter((c) => values.categories.includes(c));
  if (categories.length === 0) errors.categories = { key: 'categoryRequired' };
  if (values.notes.trim().length > 1000) errors.notes = { key: 'tooLong', values: { max: 1000 } };
  const lineLink = values.lineLink.trim();
  if (lineLink && !/^https:\/\/\S+$/.test(lineLink)) errors.lineLink = { key: 'httpsLink' };

  if (!TIME.test(values.startTime)) errors.startTime = { key: 'required' };
  if (!TIME.test(values.endTime)) errors.endTime = { key: 'required' };
  if (!TIME.test(values.signupTime)) errors.signupTime = { key: 'required' };
  const daysBefore = range('signupDaysBefore', values.signupDaysBefore, 0, 60);

  let weeks = 1;
  if (values.mode === 'weekly') weeks = range('weeks', values.weeks, 2, ADMIN_LIMITS.maxWeeks);
  if (values.mode === 'dates') {
    const unique = new Set(values.dates);
    if (values.dates.length === 0) errors.dates = { key: 'datesRequired' };
    else if (values.dates.length > ADMIN_LIMITS.maxDates) errors.dates = { key: 'tooManyDates', values: { max: 52 } };
    else if (unique.size !== values.dates.length || values.dates.some((d) => !DATE.test(d))) {
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
    if (hours > ADMIN_LIMITS.maxSessionHours) errors.endTime = { key: 'tooLongSession', values: { hours: 12 } };
    if (Date.parse(signupOpensAt) > Date.parse(startsAt)) errors.signupTime = { key: 'signupAfterStart' };
    if (Date.parse(startsAt) <= now.getTime()) errors[values.mode === 'dates' ? 'dates' : 'date'] = { key: 'inPast' };
    times = { startsAt, endsAt, signupOpensAt };
  }

  if (Object.keys(errors).length > 0 || !times) return { ok: false, errors };

  const fields = {
    title: values.title.trim(),
    venue: values.venue.trim(),
    address: values.address.trim(),
    region: values.region as (typeof REGIONS)[number],
    courts,
    capacity,
    price,
    categories,
    notes: values.notes.trim(),
    lineLink,
    isPublic: values.isPublic,
    ...times,
  };
  const draft: CreateSessionRequest =
    values.mode === 'single'
      ? { publishState: 0, ...fields }
      : {
          publishState: 1,
          ...fields,
          repeat: values.mode === 'weekly' ? { weeks } : { dates: [...values.dates].sort() },
        };
  const checked = createSessionRequest.safeParse(draft);
  if (!checked.success) {
    const path = String(checked.error.issues[0]?.path[0] ?? 'date') as FieldName;
    return { ok: false, errors: { [path]: { key: 'invalid' } } };
  }
  return { ok: true, request: checked.data };
}

/**
 * The sessions a create request publishes, as the server plans them: weekly repeats shift by
 * whole weeks, listed dates keep the first session's time of day; sign-up opens the same time
 * before every start.
 */
export function expandOccurrences(request: CreateSessionRequest): Occurrence[] {
  let offsets = [0];
  if (request.publishState === 1) {
    if ('weeks' in request.repeat) {
      offsets = Array.from({ length: request.repeat.weeks }, (_, k) => k * 7 * DAY_MS);
    } else {
      const first = Date.parse(taipeiDayStart(taipeiDate(request.startsAt)));
      offsets = [...request.repeat.dates].sort().map((date) => Date.parse(taipeiDayStart(date)) - first);
    }
  }
  const shift = (instant: string, offset: number) => new Date(Date.parse(instant) + offset).toISOString();
  return offsets.map((offset) => ({
    startsAt: shift(request.startsAt, offset),
    endsAt: shift(request.endsAt, offset),
    signupOpensAt: shift(request.signupOpensAt, offset),
  }));
}
