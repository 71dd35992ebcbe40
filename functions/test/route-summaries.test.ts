import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  ADMIN_LIMITS,
  adminRoutes,
  ERRORS,
  type ErrorCode,
  LEVEL_MAX,
  LEVEL_MIN,
  MONEY_LIMITS,
  memberRoutes,
  REOPEN_HOURS,
  SELF_CHECK_IN_LEAD_MINUTES,
  SIGN_IN_LIMITS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_WRONG_TRIES,
  VERIFICATION_MAX_WRONG_TRIES_PER_DAY,
  VERIFICATION_RESEND_COOLDOWN_SECONDS,
} from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { spacingSeconds } from '#admin-accounts/sign-in.ts';
import { RATING } from '#rotation/ratings.ts';
import { BIND_CODE_TTL_MINUTES } from '#teams/line-binding.ts';

/**
 * Route summaries (the OpenAPI texts) say what the code does: every figure a summary states is
 * the constant the code uses, every error code it names exists with the status it gives, and the
 * admin sign-in is described the same way in the admin OpenAPI and in functions/src/app/LIMITS.md.
 */

const NOT_MODIFIED = 304;
const status = (code: ErrorCode) => ERRORS[code].status;

/** The figures of each summary that states any, in the order it states them. */
const FIGURES: Record<string, number[]> = {
  'admin login': [
    SIGN_IN_LIMITS.freeTries,
    SIGN_IN_LIMITS.windowMinutes,
    SIGN_IN_LIMITS.maxSpacingSeconds,
    status('RATE_LIMITED'),
  ],
  'admin password/requestReset': [ADMIN_LIMITS.resetCodeMinutes],
  'admin email/sendCode': [
    VERIFICATION_CODE_LENGTH,
    VERIFICATION_CODE_TTL_SECONDS / 60,
    VERIFICATION_RESEND_COOLDOWN_SECONDS,
  ],
  'admin email/verifyCode': [VERIFICATION_MAX_WRONG_TRIES, VERIFICATION_MAX_WRONG_TRIES_PER_DAY],
  'admin setting/lineBindCode': [BIND_CODE_TTL_MINUTES],
  'admin setting/inviteAdmin': [ADMIN_LIMITS.inviteDays],
  // The two values of `publishState`.
  'admin createSession/createSession': [0, 1],
  'admin reports/revenueByMonth': [ADMIN_LIMITS.reportMonthsMax],
  'admin payments/getOutstanding': [MONEY_LIMITS.outstandingPastDays, MONEY_LIMITS.outstandingFutureDays],
  // `noShowLimit` 0 turns the rule off; a threshold of 0 never warns.
  'admin noShow/getRule': [0],
  'admin shuttles/updateThreshold': [0],
  'admin rotation/getBoard': [NOT_MODIFIED],
  'admin rotation/startNext': [status('ROTATION_CHANGED')],
  // Bank codes have 3 digits (the request's pattern).
  'admin setting/updatePaymentDetails': [3, status('OWNER_ONLY')],
  'admin payments/settleRefund': [status('NO_REFUND_DUE')],
  'admin rotation/correctResult': [RATING.correctionMinutes],
  'admin rotation/finish': [status('IMPOSSIBLE_SCORE')],
  'admin settlement/close': [status('SESSION_NOT_ENDED')],
  'admin settlement/reopen': [REOPEN_HOURS, status('OWNER_ONLY'), status('REOPEN_EXPIRED'), status('REFUND_SETTLED')],
  'member checkState/notify/serviceToken': [status('MINI_APP_OFF')],
  'member checkState/booked/acceptOffer': [status('PLACE_TAKEN')],
  'member checkState/booked/selfCheckIn': [SELF_CHECK_IN_LEAD_MINUTES / 60],
  'member checkState/email/sendCode': [
    VERIFICATION_CODE_LENGTH,
    VERIFICATION_CODE_TTL_SECONDS / 60,
    VERIFICATION_RESEND_COOLDOWN_SECONDS,
  ],
  'member checkState/email/verifyCode': [VERIFICATION_MAX_WRONG_TRIES],
  // An example of a reference, not a limit.
  'member checkState/payments/reportTransfer': [5, 5],
  'member checkState/setting/level': [LEVEL_MIN, LEVEL_MAX],
  'member checkState/account/delete': [status('ACCOUNT_HAS_BOOKINGS'), status('ACCOUNT_RUNS_TEAM')],
  'member checkState/rotation/getBoard': [NOT_MODIFIED],
  'member withoutAuth/rotation/screen': [NOT_MODIFIED],
};

const summaries = [
  ...Object.entries(memberRoutes).map(([path, c]) => [`member ${path}`, c.summary] as const),
  ...Object.entries(adminRoutes).map(([path, c]) => [`admin ${path}`, c.summary] as const),
];
/** Figures of a text; "UTF-8" names an encoding, not a figure. */
const figuresOf = (text: string) => (text.replace(/UTF-8/gi, '').match(/\d+/g) ?? []).map(Number);
const summaryOf = (route: string) => summaries.find(([r]) => r === route)?.[1] ?? '';

describe('route summaries', () => {
  it('state only the figures the code uses', () => {
    const stated = Object.fromEntries(
      summaries.flatMap(([route, text]) => (figuresOf(text).length > 0 ? [[route, figuresOf(text)]] : [])),
    );
    expect(stated).toEqual(FIGURES);
  });

  it('name only error codes that exist, with the status they are answered with', () => {
    const wrong = summaries.flatMap(([route, text]) => [
      ...[...text.matchAll(/\b[A-Z]+(?:_[A-Z]+)+\b/g)]
        .filter(([code]) => !(code in ERRORS))
        .map(([code]) => `${route}: ${code} is no error code`),
      ...[...text.matchAll(/\b(\d{3}) ([A-Z][A-Z_]+)\b/g)]
        .filter(([, s, code]) => ERRORS[code as ErrorCode]?.status !== Number(s))
        .map(([pair]) => `${route}: ${pair}`),
    ]);
    expect(wrong).toEqual([]);
  });

  it('never say admin sign-in locks an account: it slows tries down', () => {
    const locking = summaries.filter(([, text]) =>
      /\block(s|ed)?\b[^.;]*\baccount|account[^.;]*\block(ed)?\b/i.test(text.replace(/never lock/gi, '')),
    );
    expect(locking).toEqual([]);
    expect(summaryOf('admin login')).toContain('never lock');
    expect(ERRORS).not.toHaveProperty('ACCOUNT_LOCKED');
  });
});

describe('admin sign-in in LIMITS.md and the admin OpenAPI', () => {
  const limits = readFileSync(resolve(import.meta.dirname, '../src/app/LIMITS.md'), 'utf8');
  const paragraph = /\*\*Admin sign-in\.\*\*([\s\S]*?)\n- \*\*/.exec(limits)?.[1]?.replace(/\s+/g, ' ') ?? '';
  const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

  it('LIMITS.md states the constants of sign-in.ts', () => {
    expect(paragraph).toContain('never locks');
    const spaced =
      /from the (\d+)(?:st|nd|rd|th) try within (\d+) minutes, tries to one email are spaced ([\d, ]+), then at most (\d+) s apart/.exec(
        paragraph,
      );
    expect(spaced).not.toBeNull();
    const [, first, window, steps, most] = spaced!;
    expect(Number(first)).toBe(SIGN_IN_LIMITS.freeTries + 1);
    expect(Number(window)).toBe(SIGN_IN_LIMITS.windowMinutes);
    const waits = steps!
      .split(',')
      .map((w) => Number(w.trim()))
      .filter(Boolean);
    expect(waits).toEqual(waits.map((_, i) => spacingSeconds(SIGN_IN_LIMITS.freeTries + i)));
    expect(Number(most)).toBe(SIGN_IN_LIMITS.maxSpacingSeconds);
    expect(spacingSeconds(SIGN_IN_LIMITS.freeTries + waits.length)).toBe(SIGN_IN_LIMITS.maxSpacingSeconds);
    const alert = /The (\w+) failure within (\d+) minutes from a second address/.exec(paragraph);
    expect(ORDINALS.indexOf(alert?.[1] ?? '')).toBe(SIGN_IN_LIMITS.alertAfter);
    expect(Number(alert?.[2])).toBe(SIGN_IN_LIMITS.windowMinutes);
  });

  it('the login summary says the same as LIMITS.md', () => {
    const login = summaryOf('admin login');
    expect(login).toContain(
      `after ${SIGN_IN_LIMITS.freeTries} tries to one email within ${SIGN_IN_LIMITS.windowMinutes} minutes`,
    );
    expect(paragraph).toContain(`within ${SIGN_IN_LIMITS.windowMinutes} minutes`);
    expect(login).toContain(`at most ${SIGN_IN_LIMITS.maxSpacingSeconds} s apart`);
    expect(paragraph).toContain(`at most ${SIGN_IN_LIMITS.maxSpacingSeconds} s apart`);
  });
});
