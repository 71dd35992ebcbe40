import { TEXT_LIMITS } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import {
  buildCreateRequest,
  expandOccurrences,
  initialValues,
  repeatWeekdays,
  type SessionFormValues,
} from './session-form';

// 2026-03-02 10:00 in Taipei, a Monday.
const NOW = new Date('2026-03-02T02:00:00Z');

const defaults = {
  title: '大安羽球同好會',
  venue: '大安運動中心',
  address: '台北市大安區辛亥路三段55號',
  region: '台北市',
  price: 250,
  lineLink: '',
  courts: 4,
  capacity: 24,
  categories: ['casual' as const],
  isPublic: true,
};

function form(patch: Partial<SessionFormValues> = {}): SessionFormValues {
  return { ...initialValues(defaults, NOW), date: '2026-03-10', ...patch };
}

function ok(values: SessionFormValues) {
  const result = buildCreateRequest(values, NOW);
  if (!result.ok) throw new Error(`expected a request, got ${JSON.stringify(result.errors)}`);
  return result.request;
}

function errorsOf(values: SessionFormValues) {
  const result = buildCreateRequest(values, NOW);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('create-session form', () => {
  it('starts from the team defaults, a week ahead, 19:00 to 22:00, sign-up 7 days before at noon', () => {
    const values = initialValues(defaults, NOW);
    expect(values).toMatchObject({
      mode: 'single',
      venue: '大安運動中心',
      region: '台北市',
      courts: '4',
      capacity: '24',
      price: '250',
      date: '2026-03-09',
      startTime: '19:00',
      endTime: '22:00',
      signupDaysBefore: '7',
      signupTime: '12:00',
    });
  });

  it('builds publish state 0 for one session with Taipei times', () => {
    const request = ok(form());
    expect(request).toMatchObject({
      publishState: 0,
      venue: '大安運動中心',
      region: '台北市',
      courts: 4,
      capacity: 24,
      price: 250,
      categories: ['casual'],
      startsAt: '2026-03-10T11:00:00.000Z',
      endsAt: '2026-03-10T14:00:00.000Z',
      signupOpensAt: '2026-03-03T04:00:00.000Z',
    });
    expect('repeat' in request).toBe(false);
  });

  it('runs past midnight when the end is before the start', () => {
    const request = ok(form({ startTime: '21:00', endTime: '01:00' }));
    expect(request.endsAt).toBe('2026-03-10T17:00:00.000Z');
  });

  it('refuses sessions longer than 12 hours, sign-up after the start and starts in the past', () => {
    expect(errorsOf(form({ startTime: '08:00', endTime: '21:00' })).endTime?.key).toBe('tooLongSession');
    expect(errorsOf(form({ signupDaysBefore: '0', signupTime: '20:00' })).signupTime?.key).toBe('signupAfterStart');
    expect(errorsOf(form({ date: '2026-03-01' })).date?.key).toBe('inPast');
  });

  it('checks required fields and ranges in place', () => {
    const errors = errorsOf(
      form({
        venue: ' ',
        region: '',
        courts: '0',
        capacity: '61',
        price: '-1',
        categories: [],
        lineLink: 'http://line.me/x',
      }),
    );
    expect(errors.venue?.key).toBe('required');
    expect(errors.region?.key).toBe('regionRequired');
    expect(errors.courts).toEqual({ key: 'range', values: { min: 1, max: 12 } });
    expect(errors.capacity).toEqual({ key: 'range', values: { min: 1, max: 60 } });
    expect(errors.price?.key).toBe('range');
    expect(errors.categories?.key).toBe('categoryRequired');
    expect(errors.lineLink?.key).toBe('httpsLink');
  });

  it('checks text lengths against the shared limits', () => {
    const errors = errorsOf(
      form({
        title: 'x'.repeat(TEXT_LIMITS.sessionTitle + 1),
        venue: 'x'.repeat(TEXT_LIMITS.venueName + 1),
        notes: 'x'.repeat(TEXT_LIMITS.notes + 1),
      }),
    );
    expect(errors.title).toEqual({ key: 'tooLong', values: { max: TEXT_LIMITS.sessionTitle } });
    expect(errors.venue).toEqual({ key: 'tooLong', values: { max: TEXT_LIMITS.venueName } });
    expect(errors.notes).toEqual({ key: 'tooLong', values: { max: TEXT_LIMITS.notes } });
    expect(ok(form({ title: 'x'.repeat(TEXT_LIMITS.sessionTitle) })).title).toHaveLength(TEXT_LIMITS.sessionTitle);
  });

  it('builds publish state 1 for a weekly repeat and expands it a week apart', () => {
    const request = ok(form({ mode: 'weekly', weeks: '4', date: '2026-03-11', startTime: '20:00', endTime: '22:00' }));
    expect(request).toMatchObject({ publishState: 1, repeat: { weeks: 4 } });
    const sessions = expandOccurrences(request);
    expect(sessions.map((s) => s.startsAt)).toEqual([
      '2026-03-11T12:00:00.000Z',
      '2026-03-18T12:00:00.000Z',
      '2026-03-25T12:00:00.000Z',
      '2026-04-01T12:00:00.000Z',
    ]);
    expect(sessions.map((s) => s.signupOpensAt)).toEqual([
      '2026-03-04T04:00:00.000Z',
      '2026-03-11T04:00:00.000Z',
      '2026-03-18T04:00:00.000Z',
      '2026-03-25T04:00:00.000Z',
    ]);
    expect(sessions.every((s) => Date.parse(s.endsAt) - Date.parse(s.startsAt) === 2 * 3_600_000)).toBe(true);
  });

  it('limits weekly repeats to 2–26 weeks', () => {
    expect(errorsOf(form({ mode: 'weekly', weeks: '1' })).weeks?.key).toBe('range');
    expect(errorsOf(form({ mode: 'weekly', weeks: '27' })).weeks?.key).toBe('range');
  });

  it("repeats weekly on several weekdays: the first date's and the chosen ones, weeks × weekdays sessions", () => {
    // 2026-03-10 is a Tuesday; Thursday added: Tue, Thu, Tue, Thu.
    const request = ok(form({ mode: 'weekly', weeks: '2', date: '2026-03-10', weekdays: [4] }));
    expect(request).toMatchObject({ publishState: 1, repeat: { weeks: 2, weekdays: [2, 4] } });
    expect(expandOccurrences(request).map((s) => s.startsAt)).toEqual([
      '2026-03-10T11:00:00.000Z',
      '2026-03-12T11:00:00.000Z',
      '2026-03-17T11:00:00.000Z',
      '2026-03-19T11:00:00.000Z',
    ]);
    // The first date's weekday alone is the plain weekly repeat.
    const plain = ok(form({ mode: 'weekly', weeks: '2', date: '2026-03-10', weekdays: [2] }));
    expect(plain.publishState === 1 && plain.repeat).toEqual({ weeks: 2 });
    expect(repeatWeekdays('2026-03-15', [3, 1])).toEqual([1, 3, 7]);
  });

  it('refuses a weekly repeat of more than 52 sessions (weeks × weekdays)', () => {
    const errors = errorsOf(form({ mode: 'weekly', weeks: '26', date: '2026-03-10', weekdays: [4, 6] }));
    expect(errors.weeks).toEqual({ key: 'tooManySessions', values: { max: 52 } });
    expect(ok(form({ mode: 'weekly', weeks: '26', date: '2026-03-10', weekdays: [4] })).publishState).toBe(1);
  });

  it('builds publish state 1 for listed dates, sorted, timed from the earliest date', () => {
    const request = ok(form({ mode: 'dates', dates: ['2026-03-20', '2026-03-06', '2026-03-13'] }));
    expect(request).toMatchObject({ publishState: 1, repeat: { dates: ['2026-03-06', '2026-03-13', '2026-03-20'] } });
    expect(request.startsAt).toBe('2026-03-06T11:00:00.000Z');
    expect(expandOccurrences(request).map((s) => s.startsAt)).toEqual([
      '2026-03-06T11:00:00.000Z',
      '2026-03-13T11:00:00.000Z',
      '2026-03-20T11:00:00.000Z',
    ]);
  });

  it('needs at least one date, each date once, all in the future', () => {
    expect(errorsOf(form({ mode: 'dates', dates: [] })).dates?.key).toBe('datesRequired');
    expect(errorsOf(form({ mode: 'dates', dates: ['2026-03-06', '2026-03-06'] })).dates?.key).toBe('datesRepeat');
    expect(errorsOf(form({ mode: 'dates', dates: ['2026-02-27', '2026-03-06'] })).dates?.key).toBe('inPast');
  });

  it('expands one session to itself', () => {
    const request = ok(form());
    expect(expandOccurrences(request)).toEqual([
      { startsAt: request.startsAt, endsAt: request.endsAt, signupOpensAt: request.signupOpensAt },
    ]);
  });
});

describe('create-session form: sign-up mode (docs/FAIR-SIGNUP.md)', () => {
  it("starts from the team's default mode and window", () => {
    expect(initialValues({ ...defaults, signupMode: 'lottery', lotteryMinutes: 15 }, NOW)).toMatchObject({
      signupMode: 'lottery',
      lotteryMinutes: '15',
    });
    expect(initialValues(defaults, NOW)).toMatchObject({ signupMode: 'firstCome', lotteryMinutes: '10' });
  });

  it('sends signupMode and, for a lottery, lotteryMinutes', () => {
    expect(ok(form({ signupMode: 'lottery', lotteryMinutes: '30' }))).toMatchObject({
      signupMode: 'lottery',
      lotteryMinutes: 30,
    });
    const firstCome = ok(form({ signupMode: 'firstCome', lotteryMinutes: '30' }));
    expect(firstCome.signupMode).toBe('firstCome');
    expect(firstCome).not.toHaveProperty('lotteryMinutes');
  });

  it('refuses a window out of range or closing after the start', () => {
    expect(errorsOf(form({ signupMode: 'lottery', lotteryMinutes: '0' })).lotteryMinutes?.key).toBe('range');
    expect(errorsOf(form({ signupMode: 'lottery', lotteryMinutes: '1441' })).lotteryMinutes?.key).toBe('range');
    // Sign-up opens at 18:50 on the day of a 19:00 start: a 20-minute lottery would close after it.
    const late = form({ signupMode: 'lottery', lotteryMinutes: '20', signupDaysBefore: '0', signupTime: '18:50' });
    expect(errorsOf(late).lotteryMinutes?.key).toBe('lotteryAfterStart');
  });
});
