import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredItem } from '@shuttle/functions/db/codec.ts';
import { emailClaimCodec } from '@shuttle/functions/db/codecs/players.ts';
import { ITEM_CODECS } from '@shuttle/functions/db/codecs/registry.ts';
import { sessionCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import { seedDemoData } from '@shuttle/functions/local/seed.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AdminHarness, createAdminHarness } from '../support/admin-harness.ts';

/**
 * The storage boundary (docs/ARCHITECTURE.md, "Storage"; functions/src/db/codec.ts) against
 * DynamoDB Local: every item the product writes decodes through its codec without losing an
 * attribute, and a corrupt or foreign item read by a call is answered with a logged
 * CORRUPT_ITEM envelope while the process goes on serving.
 */

let h: AdminHarness;
beforeAll(async () => {
  h = await createAdminHarness();
  await seedDemoData(h.store, h.clock.now());
});
afterAll(() => h.close());

/** Key and index attributes: the codec's `encode` writes them, its records leave them out. */
const KEY_ATTRIBUTE = /^(PK|SK|GSI\d(PK|SK))$/;

/** A round of calls that writes most item types the demo data does not. */
async function aRoundOfCalls() {
  const admin = await h.adminWithTeam('codecs-owner@example.tw');
  const team = { teamId: admin.teamId };
  await h.ok('setting/saveVenue', { ...team, name: '編碼場地', region: '台北市' }, admin.token);
  await h.ok('setting/lineBindCode', team, admin.token);
  await h.ok('setting/inviteAdmin', { ...team, email: 'codecs-co@example.tw' }, admin.token);
  await h.ok('shuttles/addPurchase', { ...team, tubes: 2, pricePerTube: 480 }, admin.token);

  const session = await h.newSession(admin.token, { capacity: 1 });
  const [first, second] = await h.players(2, 'codecs');
  for (const p of [first!, second!]) await h.call('checkState/member/joinTeam', team, { token: p.token });
  const keyed = { token: first!.token, headers: { 'Idempotency-Key': 'codecs-join-0001' } };
  expect((await h.call('checkState/sessionList/joinSession', { sessionId: session.id }, keyed)).status).toBe(200);
  expect((await h.join(second!.token, session.id)).body.data?.status).toBe('waiting');
  // The holder leaves: the waiting player is promoted with an outbox record in the same transaction.
  await h.call('checkState/booked/cancelBooked', { sessionId: session.id }, { token: first!.token });

  await h.call('checkState/email/sendCode', { email: 'codecs-player@example.tw' }, { token: second!.token });
  await h.call('checkState/calendar/resetFeed', {}, { token: second!.token });
  await h.call('checkState/setting/level', { level: 7 }, { token: second!.token });
  // The ratings switch writes the player's rating item (no rated game yet, `off` set).
  await h.call('checkState/setting/ratings', { on: false }, { token: second!.token });
  await h.ok(
    'passes/sell',
    {
      ...team,
      userId: second!.userId,
      name: '季打',
      credits: 10,
      validFrom: '2026-12-01',
      validUntil: '2027-02-28',
      price: 2000,
      method: 'cash',
    },
    admin.token,
  );
  await h.ok('settlement/update', { sessionId: session.id, courtFeePerHour: 400 }, admin.token);
  await h.ok('signed/signed', { sessionId: session.id, userId: second!.userId, attendance: 'attended' }, admin.token);
  await h.ok('rotation/setup', { sessionId: session.id, courts: [1], mode: 'doubles', rule: 'balanced' }, admin.token);
  await h.ok('signed/getSelfCheckIn', { sessionId: session.id }, admin.token);
  await h.ok('settlement/close', { sessionId: session.id, early: true }, admin.token);
  // Reopened and closed again: the settlement keeps who closed it and its reopenings.
  await h.ok('settlement/reopen', { sessionId: session.id }, admin.token);
  await h.ok('settlement/close', { sessionId: session.id, early: true }, admin.token);
  // A wrong password counts against the email's guard.
  await h.adminLogin('codecs-owner@example.tw', 'not the password');
}

describe('codecs of the stored items', () => {
  it('decode every item the demo data and a round of calls leave behind, keeping every attribute', async () => {
    await aRoundOfCalls();
    const items = await h.snapshot();
    const found = new Set<string>();
    const problems = items.flatMap((item) => {
      const where = `${String(item.PK)} | ${String(item.SK)}`;
      const codec = ITEM_CODECS.find((c) => c.is(item));
      if (!codec) return [`${where}: no codec claims it`];
      found.add(codec.name);
      const record = codec.decode(item);
      const kept = new Set(record && typeof record === 'object' ? Object.keys(record) : []);
      const dropped = Object.keys(item).filter((attribute) => !KEY_ATTRIBUTE.test(attribute) && !kept.has(attribute));
      return dropped.length > 0 ? [`${codec.name} ${where}: its codec drops ${dropped.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
    // What this round is meant to reach: if a call stops writing its item, the audit says which.
    expect([...found].sort()).toEqual(
      expect.arrayContaining([
        'admin',
        'adminEmail',
        'booking',
        'calendarFeed',
        'calendarFeedPointer',
        'codeTries',
        'emailCode',
        'idempotency',
        'invite',
        'lineBindCode',
        'loginGuard',
        'member',
        'outbox',
        'pass',
        'rating',
        'rotation',
        'rotationScreen',
        'selfCheckIn',
        'session',
        'settlement',
        'shuttles',
        'signupJob',
        'team',
        'teamAdmin',
        'teamLineBindCode',
        'teamQuota',
        'user',
        'venue',
      ]),
    );
  });

  it('gives every codec its own name', () => {
    const names = ITEM_CODECS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('a corrupt or foreign item read through the API', () => {
  async function plant(item: StoredItem) {
    await h.store.doc.send(new PutCommand({ TableName: h.store.tableName, Item: item }));
  }

  it('answers CORRUPT_ITEM without a stack, logs the keys and not the contents, and keeps serving', async () => {
    const admin = await h.adminWithTeam('codecs-corrupt@example.tw');
    const session = await h.newSession(admin.token);
    const sound = await h.newSession(admin.token);
    const stored = sessionCodec.encode({ ...(await readSession(session.id)), title: '秘密的標題' });
    // Broken: a capacity that is not a number, and no waitlist.
    const broken: StoredItem = { ...stored, capacity: 'lots' };
    delete broken.waitlist;
    await plant(broken);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await h.call('withoutAuth/getDetail', { sessionId: session.id });
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ success: false, error: 'CORRUPT_ITEM' });
      expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts|stack|capacity|秘密/);
      const logged = errors.mock.calls
        .map((call) => call.map(String).join(' '))
        .filter((line) => line.includes('CORRUPT_ITEM'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(`SESSION#${session.id}`);
      expect(logged[0]).toContain('"path":"capacity"');
      expect(logged[0]).toContain('"path":"waitlist"');
      expect(logged[0]).not.toContain('秘密的標題');
      expect(logged[0]).not.toContain('lots');
    } finally {
      errors.mockRestore();
    }
    // The process keeps serving: the next call, of a sound session, is answered as usual.
    const next = await h.call<{ id: string }>('withoutAuth/getDetail', { sessionId: sound.id });
    expect(next.status).toBe(200);
    expect(next.body.data?.id).toBe(sound.id);
  });

  it('refuses a foreign item under a session key the same way, masking an e-mail address in its key', async () => {
    const id = 'codecs-foreign-session';
    await plant({ ...key.session(id), type: 'booking', sessionId: id, userId: 'line_Usomeone' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await h.call('withoutAuth/getDetail', { sessionId: id });
      expect(answer.status).toBe(500);
      expect(answer.body.error).toBe('CORRUPT_ITEM');
      const logged = errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(logged).toContain('"path":"type"');
      expect(logged).not.toContain('line_Usomeone');
    } finally {
      errors.mockRestore();
    }
    // An e-mail in a key (`EMAIL#…`) is personal: the log line masks it.
    await plant({ ...key.emailClaim('someone@example.tw'), type: 'emailClaim' });
    const masked = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { Item } = await h.store.doc.send(
        new GetCommand({ TableName: h.store.tableName, Key: key.emailClaim('someone@example.tw') }),
      );
      expect(() => emailClaimCodec.decode(Item!)).toThrow(/could not be read/);
      const line = masked.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
      expect(line).toContain('EMAIL#<email>');
      expect(line).not.toContain('someone@example.tw');
    } finally {
      masked.mockRestore();
    }
  });
});

/** The session as stored, through its codec. */
async function readSession(id: string) {
  const { Item } = await h.store.doc.send(
    new GetCommand({ TableName: h.store.tableName, Key: key.session(id), ConsistentRead: true }),
  );
  return sessionCodec.decode(Item ?? {});
}
