import * as z from 'zod';
import { ADMIN_LIMITS, TEXT_LIMITS } from '../../constants.ts';
import { id } from '../entities.ts';
import { multiLineText, nameText, singleLineText } from '../text.ts';

// Building blocks of the admin contracts; admin-api.ts exports the scopes, not these helpers.

export const email = z
  .string()
  .trim()
  .min(1, 'Please enter email address')
  .max(TEXT_LIMITS.email)
  .pipe(z.email('Please enter a valid email address'))
  .transform((v) => v.toLowerCase());
export const password = z.string().min(ADMIN_LIMITS.passwordMin).max(ADMIN_LIMITS.passwordMax);
/** Free text (`../text.ts`): one line, or `multiLine` for notes, rules and news. */
export const text = singleLineText;
export const multiLine = multiLineText;
/** A name (team, venue, court, person, session title): visible, without invisible ends (`../text.ts`). */
export const name = nameText;
export const lineLink = z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(TEXT_LIMITS.lineLink)]);
export const month = z
  .string()
  .max(7)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected YYYY-MM');
export const nonNegativeInt = z.number().int().nonnegative();

/** Calls that act on one team take its id; when absent the admin's current team is used. */
export const teamScope = z.strictObject({ teamId: id.optional() });
export const sessionScope = z.strictObject({ sessionId: id });

export const emptyAdminRequest = z.strictObject({});
