import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PaymentMethod } from '@shuttle/shared';
import { MONEY_LIMITS } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { passCodec } from '#db/codecs/payments.ts';
import { findReplay, IDEMPOTENCY_ITEM, type IdempotentRequest, recordAnswer } from '#db/idempotency.ts';
import { index, key, prefix } from '#db/keys.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import { DomainError, ValidationError } from '#platform/errors.ts';
import { newPassId, type PassRecord, passStart } from './model.ts';

/** Most passes one list answers (a team's valid passes; far above a club's season). */
const LIST_LIMIT = 500;

export interface SellPass {
  teamId: string;
  teamName: string;
  userId: string;
  playerName: string;
  name: string;
  credits: number | null;
  validFrom: string;
  validUntil: string;
  price: number;
  method: PaymentMethod;
  soldBy: string;
}

const toPass = (record: PassRecord) => ({
  passId: record.passId,
  teamId: record.teamId,
  teamName: record.teamName,
  userId: record.userId,
  playerName: record.playerName,
  name: record.name,
  credits: record.credits,
  remaining: record.remaining,
  validFrom: passStart(record),
  validUntil: record.validUntil,
  price: record.price,
  soldAt: record.soldAt,
});

/**
 * Season passes (季打, docs/MONEY.md): sold by an admin, paid at the sale, used one credit per
 * booking by `PaymentRepository.usePass`. Ids start with the last valid date, so the lists read
 * only passes valid today or later (a key range, never the team's whole history).
 */
export class PassRepository {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async sell(sale: SellPass, idempotency?: { scope: string; key: string }) {
    const now = this.clock.now();
    const claim: IdempotentRequest | undefined = idempotency
      ? { scope: idempotency.scope, operation: 'sellPass', key: idempotency.key, request: sale }
      : undefined;
    if (claim) {
      const replay = await findReplay<ReturnType<typeof toPass>>(this.store, claim);
      if (replay) return replay;
    }
    const passId = newPassId(sale.validUntil, this.ids());
    const record: PassRecord = {
      type: 'pass',
      passId,
      teamId: sale.teamId,
      teamName: sale.teamName,
      userId: sale.userId,
      playerName: sale.playerName,
      name: sale.name,
      credits: sale.credits,
      remaining: sale.credits,
      validFrom: sale.validFrom,
      validUntil: sale.validUntil,
      price: sale.price,
      method: sale.method,
      soldAt: now.toISOString(),
      soldBy: sale.soldBy,
    };
    const pass = toPass(record);
    const tx = new Transaction(this.store.tableName);
    tx.put('pass', {
      Item: passCodec.encode(record),
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    if (claim) recordAnswer(tx, claim, pass, now);
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (claim && error instanceof TransactionRefusedError && error.failed(IDEMPOTENCY_ITEM)) {
        const replay = await findReplay<ReturnType<typeof toPass>>(this.store, claim);
        if (replay) return replay;
      }
      throw error;
    }
    return pass;
  }

  /** One pass of the team, or null (GetItem). */
  async get(teamId: string, passId: string): Promise<PassRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.pass(teamId, passId) }),
    );
    return passCodec.decodeOrNull(Item);
  }

  /**
   * Moves a pass's start date (docs/MONEY.md, "Season passes"): one GetItem, then one UpdateItem
   * conditioned on the end date read, so the start never passes the end. Bookings it already
   * settled stay settled.
   */
  async updateStart(teamId: string, passId: string, validFrom: string) {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.pass(teamId, passId), ConsistentRead: true }),
    );
    const record = passCodec.decodeOrNull(Item);
    if (!record) throw new DomainError('PASS_NOT_FOUND');
    const days = (Date.parse(record.validUntil) - Date.parse(validFrom)) / 86_400_000;
    if (days < 0) throw new ValidationError([{ path: 'validFrom', message: 'must not be after the last valid date' }]);
    if (days >= MONEY_LIMITS.maxPassDays)
      throw new ValidationError([{ path: 'validFrom', message: 'at most 366 days' }]);
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.pass(teamId, passId),
          UpdateExpression: 'SET validFrom = :from',
          ConditionExpression: 'validUntil = :until',
          ExpressionAttributeValues: { ':from': validFrom, ':until': record.validUntil },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('PASS_NOT_FOUND');
      throw error;
    }
    return toPass({ ...record, validFrom });
  }

  /** The team's passes valid on `today` or later: Query `TEAM#id` from `PASS#<today>`. */
  async ofTeam(teamId: string, today: string) {
    const { Items } = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': key.team(teamId).PK,
          ':from': `${prefix.pass}${today}`,
          ':to': `${prefix.pass}~`,
        },
        Limit: LIST_LIMIT,
      }),
    );
    return (Items ?? []).map((item) => toPass(passCodec.decode(item)));
  }

  /** A player's passes valid on `today` or later, of every team: Query GSI2 `USER#id#PASSES`. */
  async ofUser(userId: string, today: string) {
    const { Items } = await this.store.doc.send(
      new QueryCommand({
        TableName: this.store.tableName,
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK >= :from',
        ExpressionAttributeValues: { ':pk': index.userPassesPartition(userId), ':from': today },
        Limit: LIST_LIMIT,
      }),
    );
    return (Items ?? []).map((item) => toPass(passCodec.decode(item)));
  }
}
