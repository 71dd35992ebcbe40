import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { effectiveStatus } from '@shuttle/functions/bookings/lottery.ts';
import { decodeEntry } from '@shuttle/functions/bookings/waitlist.ts';
import type { Store } from '@shuttle/functions/db/client.ts';
import { bookingCodec, sessionCodec } from '@shuttle/functions/db/codecs/sessions.ts';
import { teamPlayedCodec } from '@shuttle/functions/db/codecs/teams.ts';
import { isGuestId, key } from '@shuttle/functions/db/keys.ts';
import { batchGetAll } from '@shuttle/functions/db/query.ts';
import type { BookingRecord, SessionRecord } from '@shuttle/functions/sessions/model.ts';
import { expect } from 'vitest';

/**
 * Reads a session's partition straight from the table (consistent): the session item, or
 * undefined once it was deleted, and every booking row.
 */
export async function readSessionRows(store: Store, sessionId: string) {
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
  // Through the codecs, as the product reads them: a stored row the codec refuses fails the test.
  const found = items.find((i) => i.SK === 'SESSION');
  const session: SessionRecord | undefined = found ? sessionCodec.decode(found) : undefined;
  const bookings = items.filter((i) => String(i.SK).startsWith('BOOKING#')).map((i) => bookingCodec.decode(i));
  return { session, bookings };
}

/** A session that is stored and every booking row of it (consistent); fails when the session is gone. */
export async function readSessionState(store: Store, sessionId: string) {
  const { session, bookings } = await readSessionRows(store, sessionId);
  if (!session) throw new Error(`Session ${sessionId} is not stored`);
  return { session, bookings };
}

/**
 * Booking invariants 1-3 of docs/ARCHITECTURE.md for one session, checked against the stored
 * rows, with the fair sign-up states (docs/FAIR-SIGNUP.md): seats held by open offers are
 * neither free nor accepted, each offer is one `offered` row, nobody is both offered and
 * waiting, and before the draw the lottery entries are exactly the `entered` rows. Last call:
 * seats open to everyone waiting (`lastCallSeats`) are neither free, offered nor accepted (no
 * seat both open and taken), exist only while someone waits, and never exceed all seats ever
 * opened minus those claimed (exactly one winner per open seat).
 */
export async function expectSessionInvariants(store: Store, sessionId: string) {
  const { session, bookings } = await readSessionState(store, sessionId);
  const statusOf = (b: BookingRecord) => effectiveStatus(session, b);
  const accepted = bookings.filter((b) => statusOf(b) === 'accepted');
  const waiting = bookings.filter((b) => statusOf(b) === 'waiting');
  const offered = bookings.filter((b) => b.status === 'offered');
  const seats = accepted.reduce((sum, b) => sum + b.partySize, 0);
  const offers = (session.offers ?? []).map(decodeEntry);
  const offeredSeats = offers.reduce((sum, e) => sum + e.partySize, 0);
  const openSeats = session.lastCallSeats ?? 0;

  expect(seats + offeredSeats + openSeats, 'accepted + offered + open seats <= capacity').toBeLessThanOrEqual(
    session.capacity,
  );
  expect(session.acceptedCount, 'counter matches accepted rows').toBe(seats);
  expect(session.remaining, 'remaining = capacity - accepted - offered - open').toBe(
    session.capacity - seats - offeredSeats - openSeats,
  );
  expect(openSeats, 'open seats are never negative').toBeGreaterThanOrEqual(0);
  if (openSeats > 0) expect(session.waitlist.length, 'seats are open only while someone waits').toBeGreaterThan(0);
  const claimed = bookings.filter((b) => b.status === 'accepted' && b.lastCallAt);
  const claimedSeats = claimed.reduce((sum, b) => sum + b.partySize, 0);
  expect(claimedSeats + openSeats, 'claimed + open seats <= seats ever opened').toBeLessThanOrEqual(
    session.lastCallOpened ?? 0,
  );
  expect(session.waitingCount, 'waiting counter matches the list').toBe(session.waitlist.length);

  const listed = session.waitlist.map(decodeEntry);
  expect(new Set(listed.map((e) => e.userId)).size, 'no one twice on the waitlist').toBe(listed.length);
  expect(listed.map((e) => e.userId).sort(), 'waitlist = waiting rows').toEqual(waiting.map((b) => b.userId).sort());
  expect(offers.map((e) => e.userId).sort(), 'offers = offered rows').toEqual(offered.map((b) => b.userId).sort());
  const both = offers.filter((o) => listed.some((w) => w.userId === o.userId));
  expect(both, 'nobody both offered a place and waiting').toEqual([]);
  if (!session.lotteryDrawnAt) {
    const entered = bookings.filter((b) => b.status === 'entered').map((b) => b.userId);
    expect((session.lotteryEntries ?? []).map((e) => decodeEntry(e).userId).sort(), 'entries = entered rows').toEqual(
      entered.sort(),
    );
  }
  const head = listed[0];
  if (head) expect(session.remaining, 'nobody waits while their seat is free').toBeLessThan(head.partySize);
  // Every booking row of a player with an account was written with its `PLAYED#` record (TABLE.md, "References").
  const players = bookings.filter((b) => !isGuestId(b.userId) && !b.anonymised);
  const played = await batchGetAll(
    store,
    teamPlayedCodec,
    players.map((b) => key.teamPlayed(session.teamId, b.userId)),
  );
  expect(played.map((p) => p.userId).sort(), 'every booked player has booked with the team').toEqual(
    [...new Set(players.map((b) => b.userId))].sort(),
  );
  return { session, bookings, accepted, waiting, offered, waitlist: listed, claimed };
}
