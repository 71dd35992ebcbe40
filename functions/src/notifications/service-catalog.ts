import type { UserOutboxKind } from '#outbox/model.ts';

/** The notices that answer what the player did (a booking, a waitlist place, a lottery entry). */
export const SERVICE_KINDS = [
  'promoted',
  'offered',
  'lastCall',
  'lotteryWaitlisted',
  'sessionChanged',
  'sessionCancelled',
  'bookingReminder',
] as const satisfies readonly UserOutboxKind[];
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const isServiceKind = (kind: string): kind is ServiceKind => (SERVICE_KINDS as readonly string[]).includes(kind);

/**
 * Which entry of LINE's Service Message Catalog serves each notice kind: the console's "Template
 * name for API use" without its language tag (docs/LINE.md, "Registering the templates"). The
 * names are LINE's, shown once the entry is added to the MINI App channel, so they are written
 * here when the templates pass review; until then (null) a send names the local template
 * (`promoted_zh-TW`), which LINE refuses with 403, and the notice falls back to today's channel
 * plan. Kinds that say the same kind of thing share one entry: LINE takes at most 20 templates a
 * channel (entries × the 3 LINE languages used, zh-TW, en and ja;
 * functions/test/service-templates.test.ts checks the count).
 */
export const LINE_CATALOG_ENTRY: Record<ServiceKind, string | null> = {
  // Reservation › waitlist status ("your place is confirmed / offered / open to claim / your position").
  promoted: null,
  offered: null,
  lastCall: null,
  lotteryWaitlisted: null,
  // Reservation › change or cancellation by the business.
  sessionChanged: null,
  sessionCancelled: null,
  // Reservation › reminder before the day.
  bookingReminder: null,
};

/** How kinds are grouped onto catalog entries (the comment groups above), for the count LINE allows. */
export const CATALOG_GROUP: Record<ServiceKind, 'waitlist' | 'change' | 'reminder'> = {
  promoted: 'waitlist',
  offered: 'waitlist',
  lastCall: 'waitlist',
  lotteryWaitlisted: 'waitlist',
  sessionChanged: 'change',
  sessionCancelled: 'change',
  bookingReminder: 'reminder',
};
