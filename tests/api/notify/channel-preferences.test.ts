import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../../support/harness.ts';
import { dispatcherOf, player, promotion, withHarnessAndLineStub } from './fixtures.ts';
import type { LineApiStub } from './line-api-stub.ts';

/**
 * Notification channels a player switches in settings (docs/PLAYER-EXPERIENCE.md,
 * "Notifications"): LINE and email each on or off, for every player, checked at the captured
 * LINE push and email.
 */
let h: ApiHarness;
let stub: LineApiStub;
const dispatcher = () => dispatcherOf(h, stub, { appBaseUrl: 'https://shuttle.example.tw' });

withHarnessAndLineStub((started, line) => {
  h = started;
  stub = line;
});

describe('notification channels', () => {
  it('a LINE-only player who mutes LINE gets no push', async () => {
    const holder = await player(h, 'Uchan1');
    const waiting = await player(h, 'Uchan2');
    const token = await h.login('Uchan2');
    const muted = await h.call('checkState/email/updatePreferences', { line: false }, { token });
    expect(muted.status).toBe(200);
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'skipped', reason: 'no channel reaches this user' });
    expect(stub.pushes()).toHaveLength(0);
    expect(h.emails.sent).toHaveLength(0);
  });

  it('LINE off and email on: the verified address gets the notice instead', async () => {
    const holder = await player(h, 'Uchan3');
    const waiting = await player(h, 'Uchan4', { email: 'chan4@example.tw', preferences: { line: false } });
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['email'] });
    expect(stub.pushes()).toHaveLength(0);
    expect(h.emails.sent.map((m) => m.to)).toEqual(['chan4@example.tw']);
  });

  it('email off and LINE on: only the push goes', async () => {
    const holder = await player(h, 'Uchan5');
    const waiting = await player(h, 'Uchan6', { email: 'chan6@example.tw', preferences: { email: false } });
    const { record } = await promotion(h, holder, waiting);

    expect(await dispatcher().deliver(record)).toEqual({ status: 'delivered', channels: ['line'] });
    expect(stub.pushes()).toHaveLength(1);
    expect(h.emails.sent).toHaveLength(0);
  });
});
