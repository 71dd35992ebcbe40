import { describe, expect, it } from 'vitest';
import { ITEM, releaseSeats, takeSeats } from '#bookings/seat-items.ts';
import { fingerprintOf, IDEMPOTENCY_ITEM, recordAnswer } from '#db/idempotency.ts';
import { Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { MAX_NOTICES_PER_CHANGE, mergeChanges, noticeFieldsChanged, noticeSnapshot } from '#sessions/changes.ts';
import type { SessionRecord } from '#sessions/model.ts';

const now = new Date('2026-03-01T02:00:00.000Z');

function session(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    type: 'session',
    id: 's1',
    teamId: 't1',
    teamName: 'Team',
    title: 'Evening',
    venue: 'Hall A',
    address: 'Road 1',
    region: '台北市',
    categories: [],
    courts: 2,
    capacity: 4,
    price: 200,
    startsAt: '2026-03-02T11:00:00.000Z',
    endsAt: '2026-03-02T13:00:00.000Z',
    signupOpensAt: '2026-02-25T00:00:00.000Z',
    isPublic: true,
    bookingClosed: false,
    notes: '',
    lineLink: '',
    cancelWindowMinutes: 120,
    acceptedCount: 4,
    remaining: 0,
    waitingCount: 3,
    waitlist: ['a*2', 'b*1', 'c*1'],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    createdBy: 'admin',
    ...overrides,
  };
}

describe('session changes', () => {
  it('merges only the fields given and tells players of venue and time changes, not courts', () => {
    const before = session();
    const next = mergeChanges(before, { venue: 'Hall B', courts: 3, address: undefined }, now);
    expect(next.venue).toBe('Hall B');
    expect(next.courts).toBe(3);
    expect(next.address).toBe(before.address);
    expect(noticeFieldsChanged(before, next)).toEqual(['venue']);
    expect(noticeFieldsChanged(before, mergeChanges(before, { courts: 1 }, now))).toEqual([]);
  });

  it('refuses a change once the session has started', () => {
    const started = session({ startsAt: '2026-03-01T01:00:00.000Z', endsAt: '2026-03-01T03:00:00.000Z' });
    expect(() => mergeChanges(started, { venue: 'x' }, now)).toThrow(
      expect.objectContaining({ code: 'SESSION_NOT_CHANGEABLE' }),
    );
  });

  it('refuses times that do not fit, naming every field at fault', () => {
    const attempt = () =>
      mergeChanges(
        session(),
        {
          startsAt: '2026-02-28T00:00:00.000Z',
          endsAt: '2026-02-27T00:00:00.000Z',
          signupOpensAt: '2026-03-05T00:00:00.000Z',
        },
        now,
      );
    expect(attempt).toThrow(ValidationError);
    try {
      attempt();
    } catch (error) {
      expect((error as ValidationError).issues?.map((i) => i.path).sort()).toEqual([
        'endsAt',
        'signupOpensAt',
        'startsAt',
      ]);
    }
  });

  it('snapshots what a notice tells, and fits a notice per player in one transaction', () => {
    expect(noticeSnapshot(session())).toEqual({
      id: 's1',
      title: 'Evening',
      teamName: 'Team',
      venue: 'Hall A',
      address: 'Road 1',
      region: '台北市',
      startsAt: '2026-03-02T11:00:00.000Z',
      endsAt: '2026-03-02T13:00:00.000Z',
    });
    expect(MAX_NOTICES_PER_CHANGE + 2).toBe(100);
  });
});

describe('releasing seats', () => {
  const ids = (() => {
    let n = 0;
    return () => `id${++n}`;
  })();

  it('promotes the waitlist prefix that fits, each with its booking update and notice, pinning the state read', () => {
    const tx = new Transaction('table');
    const promoted = releaseSeats(tx, session(), { freedSeats: 3, reason: 'cancellation' }, now, ids);
    expect(promoted.map((e) => e.userId)).toEqual(['a', 'b']);
    expect(tx.names).toEqual([ITEM.session, 'promoted:a', 'notice:a', 'promoted:b', 'notice:b']);
    const update = tx.items[0]!.Update!;
    expect(update.ConditionExpression).toBe(
      'remaining = :remainingBefore AND #capacity = :capacityBefore AND waitlist[0] = :head0 AND waitlist[1] = :head1 AND waitlist[2] = :blocker',
    );
    // Joins appended behind the first entry that did not fit change nothing this release read.
    expect(update.ConditionExpression).not.toContain('size(waitlist)');
    expect(update.ExpressionAttributeValues).toMatchObject({
      ':remainingAfter': 0,
      ':acceptedDelta': 0,
      ':promotedCount': 2,
      ':blocker': 'c*1',
    });
    const notice = tx.items[2]!.Put!.Item!;
    expect(notice).toMatchObject({
      type: 'outbox',
      kind: 'promoted',
      reason: 'cancellation',
      userId: 'a',
      sessionId: 's1',
    });
  });

  it('raises capacity without counting the new seats as freed bookings', () => {
    const tx = new Transaction('table');
    const promoted = releaseSeats(
      tx,
      session({ acceptedCount: 4 }),
      { freedSeats: 2, newCapacity: 6, reason: 'capacityRaised' },
      now,
      ids,
    );
    expect(promoted.map((e) => e.userId)).toEqual(['a']);
    expect(tx.items[0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':capacity': 6, ':acceptedDelta': 2 });
  });

  it('pins the end of the list when every waiting player is promoted', () => {
    const tx = new Transaction('table');
    releaseSeats(
      tx,
      session({ waitlist: ['a*1'], waitingCount: 1 }),
      { freedSeats: 2, reason: 'cancellation' },
      now,
      ids,
    );
    expect(tx.items[0]!.Update!.ConditionExpression).toContain('size(waitlist) = :promotedCount');
  });

  it('refuses a capacity below the seats taken', () => {
    const tx = new Transaction('table');
    expect(() =>
      releaseSeats(
        tx,
        session({ remaining: 0 }),
        { freedSeats: -1, newCapacity: 3, reason: 'capacityRaised' },
        now,
        ids,
      ),
    ).toThrow(DomainError);
  });

  it('takes a seat only while enough are left and nobody waits, and on a walk-in ignores closed sign-up', () => {
    const join = takeSeats(new Transaction('t'), session(), 2, now.toISOString()).items[0]!.Update!;
    expect(join.ConditionExpression).toBe(
      'remaining >= :party AND size(waitlist) = :zero AND bookingClosed = :false AND startsAt = :startsAt',
    );
    const walkIn = takeSeats(new Transaction('t'), session(), 1, now.toISOString(), false).items[0]!.Update!;
    expect(walkIn.ConditionExpression).not.toContain('bookingClosed');
  });
});

describe('transactions and idempotency', () => {
  it('decodes a refusal by item name, whatever the position', () => {
    const tx = new Transaction('t')
      .update('session', { Key: { PK: 'a', SK: 'b' } })
      .put('booking', { Item: { PK: 'a', SK: 'c' } });
    const refusal = new TransactionRefusedError(tx.names, [
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Item: { status: { S: 'accepted' } } },
    ]);
    expect(refusal.failed('booking')).toBe(true);
    expect(refusal.failed('session')).toBe(false);
    const statusOf = { decode: (item: Record<string, unknown>) => ({ status: item.status }) };
    expect(refusal.item('booking', statusOf)).toEqual({ status: 'accepted' });
    expect(refusal.item('session', statusOf)).toBeUndefined();
  });

  it('refuses two items under one name', () => {
    const tx = new Transaction('t').put('x', { Item: {} });
    expect(() => tx.put('x', { Item: {} })).toThrow(/named twice/);
  });

  it('fingerprints the whole request: key order does not matter, any other value does', () => {
    expect(fingerprintOf({ sessionId: 's', partySize: 2 })).toBe(fingerprintOf({ partySize: 2, sessionId: 's' }));
    expect(fingerprintOf({ sessionId: 's', partySize: 2 })).not.toBe(fingerprintOf({ sessionId: 's', partySize: 3 }));
    expect(fingerprintOf({ a: [1, { b: 2 }] })).not.toBe(fingerprintOf({ a: [1, { b: 3 }] }));
  });

  it('records the answer under the idempotency item name, keyed by scope, operation and key', () => {
    const tx = recordAnswer(
      new Transaction('t'),
      { scope: 'u1', operation: 'join', key: 'k-12345678', request: { sessionId: 's', partySize: 1 } },
      { ok: true },
      now,
    );
    expect(tx.names).toEqual([IDEMPOTENCY_ITEM]);
    expect(tx.items[0]!.Put!.Item).toMatchObject({
      PK: 'IDEM#u1:join#k-12345678',
      response: { ok: true },
      fingerprint: fingerprintOf({ sessionId: 's', partySize: 1 }),
    });
    expect(tx.items[0]!.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
  });
});
