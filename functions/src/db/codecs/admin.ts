import { LANGUAGES } from '@shuttle/shared';
import { counterCodec, itemCodec, type RecordOf } from '../codec.ts';
import { adminKey } from '../keys.ts';
import * as z from '../schema.ts';

/** Admin accounts and their credentials (TABLE.md, "Admin entities"). */

export const adminSchema = /* @__PURE__ */ z.lazy(() =>
  z.object({
    type: z.literal('admin'),
    adminId: z.string(),
    /** Null for accounts opened from the member app ('become team leader'). */
    email: z.string().nullable(),
    displayName: z.string(),
    pictureUrl: z.string(),
    passwordHash: z.string().nullable(),
    /**
     * The admin API accepts the account's tokens only while this is true (authenticator.ts), and
     * 'become team leader' refuses an account where it is false: clearing it bars the account.
     */
    isAdmin: z.boolean(),
    linkedUserId: z.string().nullable(),
    currentTeamId: z.string().nullable(),
    language: z.enum(LANGUAGES).nullable(),
    /** Epoch seconds; tokens issued at or before it are refused (set by a password reset). */
    tokensValidAfter: z.number().nullable(),
    createdAt: z.string(),
    passwordChangedAt: z.string().optional(),
    /** The owner proved `email` (a code, a reset or an invitation reached it); unset means no. */
    emailVerified: z.boolean().optional(),
  }),
);

/** An admin account (key `ADMIN#id / PROFILE`). */
export type AdminRecord = z.output<typeof adminSchema>;

export const adminCodec = /* @__PURE__ */ itemCodec({
  name: 'admin',
  schema: adminSchema,
  keys: (a) => adminKey.admin(a.adminId),
});

/** One account per email (`ADMINEMAIL#<email> / ADMINEMAIL`). */
export const adminEmailCodec = /* @__PURE__ */ itemCodec({
  name: 'adminEmail',
  schema: /* @__PURE__ */ z.lazy(() => z.object({ type: z.literal('adminEmail'), adminId: z.string() })),
  keys: (_claim, email: string) => adminKey.adminEmail(email),
});

/**
 * The failed-login guard of an email (`ADMINEMAIL#<email> / LOGINGUARD`, TTL 1 d;
 * admin-accounts/sign-in.ts): written by `ADD failures`, so it carries no `type`.
 */
export const loginGuardCodec = /* @__PURE__ */ counterCodec({
  name: 'loginGuard',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({
      /** Tries in the window (a success ends the window). */
      failures: z.number(),
      windowStartsAt: z.string(),
      lastTryAt: z.string(),
      /** Hash of the address (/64) of the window's first try. */
      firstAddress: z.string(),
      alertedAt: z.string().optional(),
      ttl: z.number().optional(),
    }),
  ),
  skPrefix: 'LOGINGUARD',
});
export type LoginGuardRecord = RecordOf<typeof loginGuardCodec>;

/** What every stored one-time code keeps (db/one-time-code.ts). */
const storedCode = () => ({
  codeHash: z.string(),
  expiresAt: z.string(),
  sentAt: z.string(),
  wrongTries: z.number(),
  ttl: z.number().optional(),
});

/** A password reset by an emailed code or link (`ADMIN#id / RESET`, TTL; admin-accounts/password-reset.ts). */
export const passwordResetCodec = /* @__PURE__ */ itemCodec({
  name: 'passwordReset',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ type: z.literal('passwordReset'), ...storedCode(), tokenHash: z.string() }),
  ),
  keys: (_reset, adminId: string) => adminKey.passwordReset(adminId),
});

/** Proof of a sign-up account's email by a code (`ADMIN#id / EMAILCODE`, TTL). */
export const adminEmailCodeCodec = /* @__PURE__ */ itemCodec({
  name: 'adminEmailCode',
  schema: /* @__PURE__ */ z.lazy(() =>
    z.object({ type: z.literal('adminEmailCode'), ...storedCode(), email: z.string() }),
  ),
  keys: (_code, adminId: string) => adminKey.emailCode(adminId),
});
