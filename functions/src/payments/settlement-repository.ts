import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reopenUntil, SETTLEMENT_LIMITS, type Settlement, SHUTTLES_PER_TUBE, type ShuttleStock } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import type { ReadCodec } from '#db/codec.ts';
import { settlementCodec, shuttleStockCodec } from '#db/codecs/payments.ts';
import { index, key } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord, SessionRecord } from '#sessions/model.ts';
import {
  closedView,
  computeSettlement,
  type SettlementInputs,
  type SettlementRecord,
  type ShuttleStockRecord,
  stockView,
} from './settlement.ts';

/** Tries of a read-modify-write on the settlement's version before answering SETTLEMENT_CHANGED. */
const VERSION_TRIES = 3;

/**
 * The night's settlement (one item per session with a version; every write is conditional on
 * the version read) and the team's shuttle stock; payment details are `payment-details.ts`.
 * Never touches a booking: settlement is not money state of the booking engine
 * (functions/src/db/TABLE.md, "Settlement").
 */
export class SettlementRepository {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  private async getItem<T>(codec: ReadCodec<T>, k: Record<string, string>): Promise<T | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: k, ConsistentRead: true }),
    );
    return codec.decodeOrNull(Item);
  }

  record = (sessionId: string) => this.getItem(settlementCodec, key.settlement(sessionId));
  stock = (teamId: string) => this.getItem(shuttleStockCodec, key.teamShuttles(teamId));

  /**
   * The answer: a closed settlement's costs and shares as they were kept (its income from the
   * payments now, `closedView`), an open one computed from the bookings now.
   */
  view(
    session: SessionRecord,
    bookings: readonly BookingRecord[],
    record: SettlementRecord | null,
    stock: ShuttleStockRecord | null,
    boardCourts?: number,
  ): Settlement {
    if (record?.status === 'closed' && record.closed)
      return closedView({ ...record, closed: record.closed }, session, bookings);
    return computeSettlement(
      session,
      bookings,
      record ?? {},
      { courtFeePerHour: stock?.courtFeePerHour ?? 0, pricePerShuttle: stock?.pricePerShuttle ?? 0, boardCourts },
      { version: record?.version ?? 0, reopened: record?.reopened },
    );
  }

  /** Writes the changed inputs on the condition that the version is still the one read. */
  async update(session: SessionRecord, change: SettlementInputs): Promise<SettlementRecord> {
    for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
      const current = await this.record(session.id);
      if (current?.status === 'closed') throw new DomainError('SETTLEMENT_CLOSED');
      const next: SettlementRecord = {
        ...(current ?? this.fresh(session)),
        ...definedOnly(change),
        version: (current?.version ?? 0) + 1,
        updatedAt: this.clock.now().toISOString(),
      };
      try {
        await this.store.doc.send(
          new PutCommand({
            TableName: this.store.tableName,
            Item: settlementCodec.encode(next),
            ...versionCondition(current),
          }),
        );
        return next;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
    throw new DomainError('SETTLEMENT_CHANGED');
  }

  /**
   * Closes the settlement: one transaction keeps the figures on the item (under the version read
   * and `status = open`), takes the shuttles used from the team's stock (`ADD shuttlesUsed`,
   * remembering the court fee as the next settlement's default) and, for a per-head split, writes
   * each present player's share on their booking (`share`, under the attendance and party size
   * it was computed from), so every view of the booking owes that amount (docs/MONEY.md). Before
   * the session's end only with `early` (409 SESSION_NOT_ENDED). A session holds at most
   * `maxCapacity` (60) seats, so the transaction stays under DynamoDB's 100 items.
   */
  async close(
    session: SessionRecord,
    readBookings: () => Promise<BookingRecord[]>,
    options: { by: string; early?: boolean; boardCourts?: number },
  ): Promise<{ settlement: Settlement; closedNow: boolean }> {
    for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
      const [current, stock, bookings] = await Promise.all([
        this.record(session.id),
        this.stock(session.teamId),
        readBookings(),
      ]);
      if (current?.status === 'closed' && current.closed) {
        return { settlement: this.view(session, bookings, current, stock), closedNow: false };
      }
      const now = this.clock.now();
      if (!options.early && now.getTime() < Date.parse(session.endsAt)) throw new DomainError('SESSION_NOT_ENDED');
      const nowIso = now.toISOString();
      const version = (current?.version ?? 0) + 1;
      const figures = this.view(session, bookings, current, stock, options.boardCourts);
      const closed: Settlement = { ...figures, status: 'closed', version, closedAt: nowIso, closedBy: options.by };
      const item: SettlementRecord = {
        ...(current ?? this.fresh(session)),
        // The defaults used are kept too, so the record says what was applied.
        courtFeePerHour: figures.courtFeePerHour,
        pricePerShuttle: figures.pricePerShuttle,
        status: 'closed',
        version,
        updatedAt: nowIso,
        closed,
        closedAt: nowIso,
        closedBy: options.by,
      };
      const tx = new Transaction(this.store.tableName)
        .put('settlement', { Item: settlementCodec.encode(item), ...versionCondition(current) })
        .update('stock', stockChange(session.teamId, figures.shuttlesUsed, figures.courtFeePerHour));
      if (figures.split === 'perHead') {
        const byUser = new Map(bookings.map((b) => [b.userId, b]));
        for (const s of figures.shares) {
          tx.update(`share:${s.userId}`, {
            Key: key.booking(session.id, s.userId),
            UpdateExpression: 'SET #share = :share',
            ConditionExpression: '#status = :accepted AND attendance = :attended AND partySize = :party',
            ExpressionAttributeNames: { '#share': 'share', '#status': 'status' },
            ExpressionAttributeValues: {
              ':share': s.amount,
              ':accepted': 'accepted',
              ':attended': 'attended',
              ':party': byUser.get(s.userId)?.partySize ?? s.partySize,
            },
          });
        }
      }
      try {
        await runTransaction(this.store, tx);
        const shares = new Map(figures.split === 'perHead' ? figures.shares.map((x) => [x.userId, x.amount]) : []);
        const settled = bookings.map((b) => (shares.has(b.userId) ? { ...b, share: shares.get(b.userId) } : b));
        return { settlement: this.view(session, settled, item, stock), closedNow: true };
      } catch (error) {
        // The settlement or a present player's booking moved since the read: read both again.
        if (!(error instanceof TransactionRefusedError)) throw error;
      }
    }
    throw new DomainError('SETTLEMENT_CHANGED');
  }

  /**
   * Reopens a closed settlement (the route checks the caller is the team's owner): within
   * REOPEN_HOURS of closing (409 REOPEN_EXPIRED), and only while no refund of its shares was
   * settled (409 REFUND_SETTLED). One transaction opens the item under the version read and logs
   * who and when, gives the shuttles it took back to the stock and takes the shares off the
   * bookings (each only while no refund was settled on it), so they owe as before closing.
   */
  async reopen(
    session: SessionRecord,
    readBookings: () => Promise<BookingRecord[]>,
    by: { name: string; adminId: string },
  ): Promise<Settlement> {
    for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
      const [current, stock, bookings] = await Promise.all([
        this.record(session.id),
        this.stock(session.teamId),
        readBookings(),
      ]);
      if (current?.status !== 'closed' || !current.closed || !current.closedAt) {
        throw new DomainError('SETTLEMENT_NOT_CLOSED');
      }
      const now = this.clock.now();
      if (now.toISOString() > reopenUntil(current.closedAt)) throw new DomainError('REOPEN_EXPIRED');
      const shared = bookings.filter((b) => b.share !== undefined);
      if (shared.some((b) => b.payment?.refund)) throw new DomainError('REFUND_SETTLED');
      const { closed, closedAt: _at, closedBy: _by, ...open } = current;
      const item: SettlementRecord = {
        ...open,
        status: 'open',
        version: current.version + 1,
        updatedAt: now.toISOString(),
        reopened: [...(current.reopened ?? []), { by: by.name, adminId: by.adminId, at: now.toISOString() }].slice(
          -SETTLEMENT_LIMITS.reopenedKept,
        ),
      };
      const tx = new Transaction(this.store.tableName)
        .put('settlement', { Item: settlementCodec.encode(item), ...versionCondition(current) })
        .update('stock', stockChange(session.teamId, -closed.shuttlesUsed, closed.courtFeePerHour));
      for (const b of shared) {
        tx.update(`share:${b.userId}`, {
          Key: key.booking(session.id, b.userId),
          UpdateExpression: 'REMOVE #share',
          ConditionExpression: 'attribute_not_exists(payment.refund)',
          ExpressionAttributeNames: { '#share': 'share' },
        });
      }
      try {
        await runTransaction(this.store, tx);
        return this.view(session, await readBookings(), item, stock);
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        if (shared.some((b) => error.failed(`share:${b.userId}`))) throw new DomainError('REFUND_SETTLED');
      }
    }
    throw new DomainError('SETTLEMENT_CHANGED');
  }

  /** Closed settlements of the team whose sessions start in [from, to): one Query of GSI3. */
  async closedIn(teamId: string, from: string, to: string): Promise<(SettlementRecord & { closed: Settlement })[]> {
    const items = await queryAll(this.store, settlementCodec, {
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.teamSettlementsPartition(teamId), ':from': from, ':to': to },
    });
    return items.filter(
      (i): i is SettlementRecord & { closed: Settlement } => i.status === 'closed' && !!i.closed && i.startsAt < to,
    );
  }

  /** A purchase: one UpdateItem adds the tubes and sets the price per shuttle from it. */
  async addPurchase(teamId: string, tubes: number, pricePerTube: number): Promise<ShuttleStock> {
    const stock = await this.stock(teamId);
    const purchase = { at: this.clock.now().toISOString(), tubes, pricePerTube };
    const purchases = [purchase, ...(stock?.purchases ?? [])].slice(0, SETTLEMENT_LIMITS.purchasesKept);
    const { Attributes } = await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.teamShuttles(teamId),
        UpdateExpression:
          'SET #type = :type, teamId = :team, pricePerShuttle = :price, purchases = :list ADD tubesBought :tubes',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'shuttles',
          ':team': teamId,
          ':price': Math.round(pricePerTube / SHUTTLES_PER_TUBE),
          ':list': purchases,
          ':tubes': tubes,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stockView(shuttleStockCodec.decode(Attributes ?? {}));
  }

  async updateThreshold(teamId: string, lowStockTubes: number): Promise<ShuttleStock> {
    const { Attributes } = await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.teamShuttles(teamId),
        UpdateExpression: 'SET #type = :type, teamId = :team, lowStockTubes = :low',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'shuttles', ':team': teamId, ':low': lowStockTubes },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stockView(shuttleStockCodec.decode(Attributes ?? {}));
  }

  private fresh(session: SessionRecord): SettlementRecord {
    return {
      type: 'settlement',
      sessionId: session.id,
      teamId: session.teamId,
      startsAt: session.startsAt,
      title: session.title,
      version: 0,
      status: 'open',
      updatedAt: this.clock.now().toISOString(),
    };
  }
}

/** The stock's update at a close (or, with negative shuttles, a reopening). */
const stockChange = (teamId: string, shuttles: number, courtFeePerHour: number) => ({
  Key: key.teamShuttles(teamId),
  UpdateExpression: 'SET #type = :type, teamId = :team, courtFeePerHour = :fee ADD shuttlesUsed :used',
  ExpressionAttributeNames: { '#type': 'type' },
  ExpressionAttributeValues: { ':type': 'shuttles', ':team': teamId, ':fee': courtFeePerHour, ':used': shuttles },
});

/** The first write needs no item there; later ones the version they read. */
const versionCondition = (current: SettlementRecord | null) =>
  current
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
