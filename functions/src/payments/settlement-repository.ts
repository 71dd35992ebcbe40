import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  SETTLEMENT_LIMITS,
  type Settlement,
  type SettlementMonth,
  SHUTTLES_PER_TUBE,
  type ShuttleStock,
} from '@shuttle/shared';
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

  /** The answer: a closed settlement as it was kept, an open one computed from the bookings now. */
  view(
    session: SessionRecord,
    bookings: readonly BookingRecord[],
    record: SettlementRecord | null,
    stock: ShuttleStockRecord | null,
  ): Settlement {
    if (record?.status === 'closed' && record.closed) return record.closed;
    return computeSettlement(
      session,
      bookings,
      record ?? {},
      { courtFeePerHour: stock?.courtFeePerHour ?? 0, pricePerShuttle: stock?.pricePerShuttle ?? 0 },
      { version: record?.version ?? 0 },
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
   * and `status = open`) and takes the shuttles used from the team's stock (`ADD shuttlesUsed`),
   * remembering the court fee as the next settlement's default.
   */
  async close(
    session: SessionRecord,
    bookings: readonly BookingRecord[],
  ): Promise<{ settlement: Settlement; closedNow: boolean }> {
    for (let attempt = 0; attempt < VERSION_TRIES; attempt++) {
      const [current, stock] = await Promise.all([this.record(session.id), this.stock(session.teamId)]);
      if (current?.status === 'closed' && current.closed) return { settlement: current.closed, closedNow: false };
      const nowIso = this.clock.now().toISOString();
      const version = (current?.version ?? 0) + 1;
      const figures = this.view(session, bookings, current, stock);
      const closed: Settlement = { ...figures, status: 'closed', version, closedAt: nowIso };
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
      };
      const tx = new Transaction(this.store.tableName)
        .put('settlement', { Item: settlementCodec.encode(item), ...versionCondition(current) })
        .update('stock', {
          Key: key.teamShuttles(session.teamId),
          UpdateExpression: 'SET #type = :type, teamId = :team, courtFeePerHour = :fee ADD shuttlesUsed :used',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: {
            ':type': 'shuttles',
            ':team': session.teamId,
            ':fee': figures.courtFeePerHour,
            ':used': figures.shuttlesUsed,
          },
        });
      try {
        await runTransaction(this.store, tx);
        return { settlement: closed, closedNow: true };
      } catch (error) {
        if (!(error instanceof TransactionRefusedError && error.failed('settlement'))) throw error;
      }
    }
    throw new DomainError('SETTLEMENT_CHANGED');
  }

  /** Closed settlements of the team whose sessions start in [from, to): one Query of GSI3. */
  async month(teamId: string, month: string, from: string, to: string): Promise<SettlementMonth> {
    const items = await queryAll(this.store, settlementCodec, {
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.teamSettlementsPartition(teamId), ':from': from, ':to': to },
    });
    const sessions = items
      .filter((i) => i.status === 'closed' && i.closed && i.startsAt < to)
      .map((i) => ({
        sessionId: i.sessionId,
        title: i.title,
        startsAt: i.startsAt,
        costs: i.closed!.costs.total,
        income: i.closed!.income,
        balance: i.closed!.balance,
        closedAt: i.closedAt!,
      }));
    const total = (pick: (s: (typeof sessions)[number]) => number) => sessions.reduce((a, s) => a + pick(s), 0);
    return {
      month,
      sessions,
      total: { costs: total((s) => s.costs), income: total((s) => s.income), balance: total((s) => s.balance) },
    };
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

/** The first write needs no item there; later ones the version they read. */
const versionCondition = (current: SettlementRecord | null) =>
  current
    ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': current.version } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
