import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bookingEngine, sessionChangeEngine } from '@shuttle/functions/app/factories.ts';
import { notifierRepositories } from '@shuttle/functions/app/jobs.ts';
import { index, key } from '@shuttle/functions/db/keys.ts';
import { createLineMessaging } from '@shuttle/functions/line/client.ts';
import { OutboxDispatcher } from '@shuttle/functions/notifications/dispatcher.ts';
import type { OutboxRecord } from '@shuttle/functions/outbox/model.ts';
import { OutboxRepository } from '@shuttle/functions/outbox/repository.ts';
import { randomId } from '@shuttle/functions/platform/clock.ts';
import { userIdFor } from '@shuttle/functions/players/repository.ts';
import type { Language, NotificationPreferences } from '@shuttle/shared';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ApiHarness, createApiHarness } from '../../support/harness.ts';
import { type LineApiStub, startLineApiStub } from './line-api-stub.ts';

/**
 * An API harness and the LINE API stub for a test file: started once (`started` receives both,
 * and may set up more with them), closed after the file, and the stub's requests and the
 * captured emails emptied before each test.
 */
export function withHarnessAndLineStub(started: (h: ApiHarness, stub: LineApiStub) => void | Promise<void>): void {
  let h: ApiHarness | undefined;
  let stub: LineApiStub | undefined;
  beforeAll(async () => {
    h = await createApiHarness();
    stub = await startLineApiStub();
    await started(h, stub);
  });
  afterAll(async () => {
    await stub?.close();
    await h?.close();
  });
  beforeEach(() => {
    stub?.reset();
    if (h) h.emails.sent.length = 0;
  });
}

export const TEST_APP_URL = 'https://shuttle.example.tw';
export const TEST_LIFF_ID = '1650000000-Shuttle0';

/** The notifier as deployed, pushing to the LINE API stub and mailing into the harness's capture. */
export const dispatcherOf = (
  h: ApiHarness,
  stub: LineApiStub,
  options: Partial<ConstructorParameters<typeof OutboxDispatcher>[0]> = {},
) =>
  new OutboxDispatcher({
    store: h.store,
    repositories: notifierRepositories(h.store),
    clock: h.clock,
    line: createLineMessaging({ channelAccessToken: 'test-channel-token', baseURL: stub.baseURL }),
    mailer: h.emails,
    appBaseUrl: TEST_APP_URL,
    liffId: TEST_LIFF_ID,
    log: { warn: () => {}, error: () => {} },
    ...options,
  });

export interface PlayerSetup {
  provider?: 'line' | 'google';
  language?: Language;
  email?: string;
  preferences?: Partial<NotificationPreferences>;
}

/** Signs a player in through the API (creating their user) and sets what the test needs. */
export async function player(h: ApiHarness, sub: string, setup: PlayerSetup = {}): Promise<string> {
  const provider = setup.provider ?? 'line';
  await h.login(sub, `Player ${sub}`, provider);
  const userId = userIdFor(provider, sub);
  const sets: string[] = [];
  const values: Record<string, unknown> = {};
  if (setup.language) {
    sets.push('#language = :language');
    values[':language'] = setup.language;
  }
  if (setup.email) {
    sets.push('email = :email, emailVerified = :true');
    values[':email'] = setup.email;
    values[':true'] = true;
  }
  for (const [name, on] of Object.entries(setup.preferences ?? {})) {
    // Its own placeholder: `:email` already holds the address.
    sets.push(`preferences.${name} = :pref_${name}`);
    values[`:pref_${name}`] = on;
  }
  if (sets.length) {
    await h.store.doc.send(
      new UpdateCommand({
        TableName: h.store.tableName,
        Key: key.user(userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ExpressionAttributeNames: setup.language ? { '#language': 'language' } : undefined,
        ExpressionAttributeValues: values,
      }),
    );
  }
  return userId;
}

export const engineOf = (h: ApiHarness) => bookingEngine({ store: h.store, clock: h.clock, ids: randomId });
export const sessionChangesOf = (h: ApiHarness) =>
  sessionChangeEngine({ store: h.store, clock: h.clock, ids: randomId });

/**
 * A full session of one place whose holder cancels: the booking engine promotes `waiting`
 * and writes its 'promoted' outbox record in the same transaction. Returns that record.
 */
export async function promotion(h: ApiHarness, holder: string, waiting: string) {
  const team = await h.putTeam();
  const session = await h.putSession(team, { capacity: 1, title: '週四晚場', venue: '大安運動中心' });
  const engine = engineOf(h);
  const join = (userId: string) =>
    engine.join({ sessionId: session.id, player: { userId, name: userId, pictureUrl: '' }, partySize: 1 });
  await join(holder);
  await join(waiting);
  await engine.cancel({ sessionId: session.id, userId: holder });
  const record = (await pendingOutbox(h)).find((r) => r.sessionId === session.id && r.userId === waiting);
  if (!record) throw new Error('the promotion wrote no outbox record');
  return { session, record };
}

/** Every pending record, read from the table (consistent) rather than the lagging index. */
export async function pendingOutbox(h: ApiHarness): Promise<OutboxRecord[]> {
  const due = await new OutboxRepository(h.store).due(new Date('2100-01-01T00:00:00Z'), 1000);
  const fresh = await Promise.all(due.map((r) => outboxItem(h, r.id)));
  return fresh.filter((r): r is OutboxRecord & { GSI1PK: string } => Boolean(r && 'GSI1PK' in r));
}

export async function outboxItem(h: ApiHarness, outboxId: string) {
  const { Item } = await h.store.doc.send(
    new GetCommand({ TableName: h.store.tableName, Key: key.outbox(outboxId), ConsistentRead: true }),
  );
  return Item as (OutboxRecord & { GSI1PK?: string; GSI1SK?: string }) | undefined;
}

export const PENDING = index.pendingOutboxPartition;
