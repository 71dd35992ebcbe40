import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeEntry } from '@shuttle/functions/bookings/waitlist.ts';
import type { Store } from '@shuttle/functions/db/client.ts';
import { key } from '@shuttle/functions/db/keys.ts';
import type { BookingRecord, SessionRecord } from '@shuttle/functions/sessions/model.ts';
import { expect } from 'vitest';

/** Reads a session's item and every booking row straight from the table (consistent). */
export async function readSessionState(store: Store, sessionId: string) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await store.doc.send(
      new QueryCommand({
        TableName: store.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': key.session(sessionId).PK },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const session = items.find((i) => i.SK === 'SESSION') as unknown as SessionRecord;
  const bookings = items.filter((i) => String(i.SK).startsWith('BOOKING#')) as unknown as BookingRecord[];
  return { session, bookings };
}

/** Booking invariants 1-3 of docs/ARCHITECTURE.md for one session, checked against the stored rows. */
export async function expectSessionInvariants(store: Store, sessionId: string) {
  const { session, bookings } = await readSessionState(store, sessionId);
  const accepted = bookings.filter((b) => b.status === 'accepted');
  const waiting = bookings.filter((b) => b.status === 'waiting');
  const seats = accepted.reduce((sum, b) => sum + b.partySize, 0);

  expect(seats, 'accepted seats <= capacity').toBeLessThanOrEqual(session.capacity);
  expect(session.acceptedCount, 'counter matches accepted rows').toBe(seats);
  expect(session.remaining, 'remaining = capacity - accepted').toBe(session.capacity - seats);
  expect(session.waitingCount, 'waiting counter matches the list').toBe(session.waitlist.length);

  const listed = session.waitlist.map(decodeEntry);
  expect(new Set(listed.map((e) => e.userId)).size, 'no one twice on the waitlist').toBe(listed.length);
  expect(listed.map((e) => e.userId).sort(), 'waitlist = waiting rows').toEqual(waiting.map((b) => b.userId).sort());
  const head = listed[0];
  if (head) expect(session.remaining, 'nobody waits while their seat is free').toBeLessThan(head.partySize);
  return { session, bookings, accepted, waiting, waitlist: listed };
}
