import { createHash } from 'node:crypto';
import { taipeiMonth, toUtcInstant } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { sessionCodec } from '#db/codecs/sessions.ts';
import { index } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { newOutboxItem } from '#outbox/model.ts';
import type { SessionRecord } from '#sessions/model.ts';
import { type ReminderJobDeps, scheduleSignupOpenings } from './signup-openings.ts';

/** Players are reminded of sessions that start within this window. */
export const REMINDER_HORIZON_MS = 24 * 3_600_000;

/**
 * One reminder per booking and session start: a run that overlaps an earlier one writes
 * nothing new, and a session moved to another time gets a fresh reminder for the new time.
 */
export function reminderOutboxId(sessionId: string, userId: string, startsAt: string): string {
  // The UTC form (TABLE.md, "Instants"): one start has one id however its time was written.
  const at = toUtcInstant(startsAt) ?? startsAt;
  const digest = createHash('sha256').update(`${sessionId}|${userId}|${at}`).digest('hex').slice(0, 32);
  return `reminder_${digest}`;
}

/** Sessions starting in (from, to], read by key from the Taipei month partitions the range touches. */
async function sessionsStartingBetween(store: Store, from: Date, to: Date): Promise<SessionRecord[]> {
  const months = [...new Set([taipeiMonth(from), taipeiMonth(to)])];
  const pages = await Promise.all(
    months.map((month) =>
      queryAll(store, sessionCodec, {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': index.monthPartition(month),
          // `<startsAt>#<id>`: '~' sorts after '#', so sessions starting exactly at `to` count.
          ':from': `${from.toISOString()}~`,
          ':to': `${to.toISOString()}~`,
        },
      }),
    ),
  );
  return pages.flat();
}

export interface ReminderRun {
  sessions: number;
  written: number;
}

/**
 * The reminder job (EventBridge schedule on AWS, a timer locally): one 'bookingReminder'
 * outbox record per accepted booking of every session starting in the next 24 hours.
 * Idempotent: ids are derived from booking and start, and written with a conditional Put.
 */
export async function scheduleBookingReminders(deps: ReminderJobDeps & { horizonMs?: number }): Promise<ReminderRun> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + (deps.horizonMs ?? REMINDER_HORIZON_MS));
  const sessions = await sessionsStartingBetween(deps.store, now, until);
  const { sessions: bookings, outbox } = deps;
  let written = 0;
  for (const session of sessions) {
    const accepted = (await bookings.bookings(session.id)).filter((b) => b.status === 'accepted');
    const results = await Promise.all(
      accepted.map((booking) =>
        outbox.putIfAbsent(
          newOutboxItem({
            id: reminderOutboxId(session.id, booking.userId, session.startsAt),
            kind: 'bookingReminder',
            userId: booking.userId,
            sessionId: session.id,
            now,
          }),
        ),
      ),
    );
    written += results.filter(Boolean).length;
  }
  return { sessions: sessions.length, written };
}

/** Locally: run the reminder job (and the sign-up announcements) now and then every `intervalMs` until stopped. */
export function startReminderTimer(deps: ReminderJobDeps & { intervalMs?: number; log?: Pick<Console, 'error'> }): {
  stop(): Promise<void>;
} {
  const log = deps.log ?? console;
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const run = () => {
    inFlight = Promise.all([scheduleBookingReminders(deps), scheduleSignupOpenings(deps)]).catch((error: unknown) => {
      if (!stopped) log.error('Reminder job failed', error);
    });
  };
  run();
  const timer = setInterval(run, deps.intervalMs ?? 5 * 60_000);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
