import { bookingEngine } from '@shuttle/functions/app/factories.ts';
import { signupJobDeps } from '@shuttle/functions/app/jobs.ts';
import type { BookingEngine } from '@shuttle/functions/bookings/engine.ts';
import { runSignupJobs } from '@shuttle/functions/bookings/sign-up-jobs.ts';
import type { OutboxRecord } from '@shuttle/functions/outbox/model.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import type { Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import { describe, expect, it } from 'vitest';
import type { ApiHarness } from '../support/harness.ts';
import { expectSessionInvariants } from '../support/invariants.ts';
import { dispatcherOf, type PlayerSetup, pendingOutbox, player, withHarnessAndLineStub } from './notify/fixtures.ts';
import type { LineApiStub } from './notify/line-api-stub.ts';

/**
 * Every player in a lottery's draw is told its result once (docs/FAIR-SIGNUP.md, "Opening
 * lottery"): a seat ("you're in") or the place on the waitlist ("you are #N"), by LINE push in
 * their language and by email when they verified one, as their settings allow. Checked at the
 * LINE API stub and the email capture, through the outbox and the real dispatcher, also when the
 * draw's runner dies after its commit and when runners race, and for a draw of 500 entries.
 */

let h: ApiHarness;
let stub: LineApiStub;
let team: Awaited<ReturnType<ApiHarness['putTeam']>>;
let engine: BookingEngine;
withHarnessAndLineStub(async (started, line) => {
  h = started;
  stub = line;
  team = await h.putTeam();
  engine = bookingEngine({ store: h.store, clock: h.clock, ids: randomId });
});

interface PushBody {
  to: string;
  /** One notice, one message: a Flex card whose alt text is the notice. */
  messages: [{ type: 'flex'; altText: string }];
}

const jobs = () => runSignupJobs(signupJobDeps({ store: h.store, clock: h.clock, ids: randomId }));
const t = (language: Language, path: string, vars?: Record<string, string | number>) =>
  translate(language, 'notifications', path, vars);

/** A lottery session whose 1-minute window opens now, entered by `players` (sub → settings). */
async function enteredLottery(capacity: number, players: Record<string, PlayerSetup>) {
  const session = await h.putSession(team, {
    capacity,
    signupMode: 'lottery',
    lotteryMinutes: 1,
    signupOpensAt: h.clock.now().toISOString(),
  });
  const userIds: Record<string, string> = {};
  for (const [sub, setup] of Object.entries(players)) {
    const userId = await player(h, sub, setup);
    userIds[sub] = userId;
    const answer = await engine.join({
      sessionId: session.id,
      player: { userId, name: sub, pictureUrl: '' },
      partySize: 1,
    });
    expect(answer.status).toBe('entered');
  }
  return { session, userIds };
}

const noticesOf = async (sessionId: string) =>
  (await pendingOutbox(h)).filter((r) => r.sessionId === sessionId) as (OutboxRecord & { position?: number })[];

/** Where each player stands after the draw, from the session item: 'accepted' or their waitlist place. */
async function results(sessionId: string) {
  const state = await expectSessionInvariants(h.store, sessionId);
  const place = new Map<string, number | 'accepted'>(state.accepted.map((b) => [b.userId, 'accepted']));
  for (const [i, e] of state.waitlist.entries()) place.set(e.userId, i + 1);
  return place;
}

describe('the draw tells every entrant its result', () => {
  it('winners get "you\'re in", the rest "you are #N on the waitlist", in their language, by LINE and email', async () => {
    const players: Record<string, PlayerSetup> = {
      Uwl0: { language: 'en' },
      Uwl1: { language: 'ja' },
      Uwl2: { language: 'de' },
      Uwl3: { language: 'es' },
      Uwl4: {},
      Uwl5: { language: 'en', email: 'uwl5@example.tw' },
      Uwl6: { language: 'en', preferences: { waitlist: false } },
    };
    const { session, userIds } = await enteredLottery(2, players);
    h.clock.advance(61_000);
    expect(await jobs()).toMatchObject({ draws: 1, settled: 7 });
    const place = await results(session.id);

    const notices = await noticesOf(session.id);
    expect(notices.map((n) => n.userId).sort(), 'one notice per entrant').toEqual(Object.values(userIds).sort());
    for (const notice of notices) {
      const at = place.get(notice.userId);
      if (at === 'accepted') expect(notice).toMatchObject({ kind: 'promoted', reason: 'lotteryDrawn' });
      else expect(notice).toMatchObject({ kind: 'lotteryWaitlisted', position: at });
    }

    const dispatcher = dispatcherOf(h, stub);
    for (const notice of notices) await dispatcher.deliver(notice);
    const pushes = stub.pushes().map((r) => r.body as PushBody);
    // The player whose waitlist notices are off gets nothing; everyone else exactly one push.
    const pushed = Object.keys(players).filter((sub) => sub !== 'Uwl6');
    expect(pushes.map((p) => p.to).sort()).toEqual(pushed);
    for (const sub of pushed) {
      const language = players[sub]!.language ?? 'zh-TW';
      const at = place.get(userIds[sub]!)!;
      const { messages } = pushes.find((p) => p.to === sub)!;
      expect(messages.map((m) => m.type)).toEqual(['flex']);
      const text = { text: messages[0].altText };
      if (at === 'accepted') {
        expect(text!.text).toContain(t(language, 'lotteryWon.title'));
        continue;
      }
      const vars = { position: at, title: session.title, venue: session.venue };
      expect(text!.text).toContain(t(language, 'lotteryWaitlisted.title', vars));
      expect(text!.text).toContain(`${at}`);
      expect(text!.text).toContain(session.title);
    }
    // Email as the player's settings say: only the one with a verified address.
    expect(h.emails.sent.map((m) => m.to)).toEqual(['uwl5@example.tw']);
    const at5 = place.get(userIds.Uwl5!)!;
    expect(h.emails.sent[0]!.subject).toContain(
      at5 === 'accepted' ? t('en', 'lotteryWon.title') : t('en', 'lotteryWaitlisted.title', { position: at5 }),
    );
    // The Traditional Chinese default names the place.
    const zh = place.get(userIds.Uwl4!)!;
    if (zh !== 'accepted')
      expect(pushes.find((p) => p.to === 'Uwl4')!.messages[0].altText).toContain(`候補第 ${zh} 位`);
  });

  it('is told once when the draw runner dies after its commit and three runners then race', async () => {
    const players = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`Uwlf${i}`, {}]));
    const { session, userIds } = await enteredLottery(2, players);
    h.clock.advance(61_000);
    // The draw commits, then its runner dies (the answer is lost with an error that is not retried).
    const restore = loseAnswers(1);
    await expect(jobs()).rejects.toThrow('answer lost after commit');
    restore();
    expect(await noticesOf(session.id), 'nothing told before the rows are settled').toEqual([]);

    const runs = await Promise.all([jobs(), jobs(), jobs()]);
    expect(runs.reduce((n, r) => n + r.draws, 0)).toBe(0);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(6);
    expect(await jobs()).toMatchObject({ draws: 0, settled: 0 });
    const place = await results(session.id);

    const notices = await noticesOf(session.id);
    expect(notices.map((n) => n.userId).sort()).toEqual(Object.values(userIds).sort());
    expect(
      notices
        .filter((n) => n.kind === 'lotteryWaitlisted')
        .map((n) => n.position)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    // Two dispatchers at once, as the stream consumer and the sweep can be: one push per player.
    const [one, two] = [dispatcherOf(h, stub), dispatcherOf(h, stub)];
    await Promise.all(notices.flatMap((n) => [one.deliver(n), two.deliver(n)]));
    const pushes = stub.pushes().map((r) => r.body as PushBody);
    expect(pushes.map((p) => p.to).sort()).toEqual(Object.keys(players).sort());
    for (const push of pushes) {
      const at = place.get(`line_${push.to}`)!;
      const title =
        at === 'accepted' ? t('zh-TW', 'lotteryWon.title') : t('zh-TW', 'lotteryWaitlisted.title', { position: at });
      expect(push.messages.map((m) => m.type)).toEqual(['flex']);
      expect(push.messages[0].altText).toContain(title);
    }
  });

  /** Fails the answer of the next `n` committed transactions with a non-transient error. */
  function loseAnswers(n: number) {
    let left = n;
    h.store.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'TransactWriteItemsCommand' && left-- > 0) {
          throw Object.assign(new Error('answer lost after commit'), { name: 'ValidationException', $metadata: {} });
        }
        return result;
      },
      { step: 'initialize', name: 'loseDrawAnswer' },
    );
    return () => h.store.doc.middlewareStack.remove('loseDrawAnswer');
  }
});

const ENTRIES = 500;
const CAPACITY = 24;

describe(`a draw of ${ENTRIES} entries`, () => {
  it('tells the 24 seated and the 476 waiting once each, positions 1..476, far past one transaction', async () => {
    const session = await h.putSession(team, {
      capacity: CAPACITY,
      signupMode: 'lottery',
      lotteryMinutes: 1,
      signupOpensAt: h.clock.now().toISOString(),
    });
    for (let i = 0; i < ENTRIES; i += 1) {
      const userId = `line_Ubig${String(i).padStart(3, '0')}`;
      await engine.join({ sessionId: session.id, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });
    }
    h.clock.advance(61_000);
    const started = performance.now();
    const runs = await Promise.all([jobs(), jobs()]);
    console.log(`draw, settling and ${ENTRIES} result notices: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    expect(runs.reduce((n, r) => n + r.draws, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(ENTRIES);

    const notices = await noticesOf(session.id);
    expect(notices).toHaveLength(ENTRIES);
    expect(new Set(notices.map((n) => n.userId)).size).toBe(ENTRIES);
    expect(notices.filter((n) => n.kind === 'promoted')).toHaveLength(CAPACITY);
    const positions = notices
      .filter((n) => n.kind === 'lotteryWaitlisted')
      .map((n) => n.position!)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: ENTRIES - CAPACITY }, (_, i) => i + 1));
    const state = await expectSessionInvariants(h.store, session.id);
    expect(state.waitlist).toHaveLength(ENTRIES - CAPACITY);
  });
});
