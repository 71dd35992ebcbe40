import { reminderJobDeps } from '@shuttle/functions/app/jobs.ts';
import { reminderOutboxId, scheduleBookingReminders } from '@shuttle/functions/notifications/reminders.ts';
import { translate } from '@shuttle/shared/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { dispatcherOf, engineOf, outboxItem, pendingOutbox, player } from './fixtures.ts';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

// 18:00 on 31 December in Taipei: the next 24 hours reach into the January partition.
const NOW = '2026-12-31T10:00:00.000Z';

let h: ApiHarness;
let stub: LineApiStub;

beforeAll(async () => {
  h = await createApiHarness({ now: NOW });
  stub = await startLineApiStub();
});
afterAll(async () => {
  await stub.close();
  await h.close();
});

describe('booking reminders', () => {
  it('writes one reminder per accepted booking of sessions starting in the next 24 hours, once', async () => {
    const team = await h.putTeam();
    const soon = await h.putSession(team, { startsInHours: 2, capacity: 1 });
    const afterMidnight = await h.putSession(team, { startsInHours: 10 });
    const tooLate = await h.putSession(team, { startsInHours: 27 });
    const engine = engineOf(h);
    const book = async (sessionId: string, sub: string) => {
      const userId = await player(h, sub);
      await engine.join({ sessionId, player: { userId, name: sub, pictureUrl: '' }, partySize: 1 });
      return userId;
    };
    const accepted = await book(soon.id, 'Uacc');
    await book(soon.id, 'Uwaitlisted');
    const cancelled = await book(afterMidnight.id, 'Ucancelled');
    await engine.cancel({ sessionId: afterMidnight.id, userId: cancelled });
    const january = await book(afterMidnight.id, 'Ujanuary');
    await book(tooLate.id, 'Utoolate');
    const started = await h.putSession(team, { startsInHours: 1 });
    const latecomer = await book(started.id, 'Ulatecomer');
    h.clock.advance(90 * 60_000);

    const first = await scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock }));

    expect(first).toEqual({ sessions: 2, written: 2 });
    const reminders = (await pendingOutbox(h)).filter((r) => r.kind === 'bookingReminder');
    expect(reminders.map((r) => [r.sessionId, r.userId]).sort()).toEqual(
      [
        [soon.id, accepted],
        [afterMidnight.id, january],
      ].sort(),
    );
    expect(reminders.map((r) => r.id)).not.toContain(reminderOutboxId(started.id, latecomer, started.startsAt));

    expect(await scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock }))).toEqual({
      sessions: 2,
      written: 0,
    });
  });

  it('sends the reminder push in the player language', async () => {
    const team = await h.putTeam();
    const session = await h.putSession(team, { startsInHours: 5, title: '晨間練習' });
    const userId = await player(h, 'Ureminded', { language: 'en' });
    await engineOf(h).join({ sessionId: session.id, player: { userId, name: 'r', pictureUrl: '' }, partySize: 1 });
    await scheduleBookingReminders(reminderJobDeps({ store: h.store, clock: h.clock }));
    const id = reminderOutboxId(session.id, userId, session.startsAt);
    const dispatcher = dispatcherOf(h, stub);

    expect(await dispatcher.deliver({ id })).toEqual({ status: 'delivered', channels: ['line'] });
    const body = stub.pushes().at(-1)?.body as { to: string; messages: { type: string; altText?: string }[] };
    expect(body.to).toBe('Ureminded');
    // One notice, one message: a card whose alt text carries the notice.
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]?.type).toBe('flex');
    expect(body.messages[0]?.altText).toContain(translate('en', 'notifications', 'bookingReminder.title'));
    expect(body.messages[0]?.altText).toContain('晨間練習');
    expect(JSON.stringify(body.messages[0])).toContain(
      `"uri":"https://liff.line.me/1650000000-Shuttle0/session?id=${session.id}"`,
    );
    expect((await outboxItem(h, id))?.status).toBe('delivered');
  });
});
