import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamCredit } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type CreditRecord, creditCodec } from '#db/codecs/payments.ts';
import { key, prefix } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import type { BookingRecord } from '#sessions/model.ts';

/** The stored shape (key `TEAM#teamId / CREDIT#userId`), checked by its codec on every read (`#db/codecs/payments.ts`). */
export type { CreditRecord };

/** The credit item's update that takes `amount` of it, only while that much is left. */
export const takeCredit = (teamId: string, userId: string, amount: number, nowIso: string) => ({
  Key: key.credit(teamId, userId),
  UpdateExpression: 'SET balance = balance - :amount, updatedAt = :now',
  ConditionExpression: 'balance >= :amount',
  ExpressionAttributeValues: { ':amount': amount, ':now': nowIso },
});

/** The credit item's update that gives `amount` back (an undone payment that took it). */
export const returnCredit = (teamId: string, userId: string, amount: number, now: Date) => ({
  Key: key.credit(teamId, userId),
  UpdateExpression: 'SET updatedAt = :now ADD balance :amount',
  ConditionExpression: 'attribute_exists(PK)',
  ExpressionAttributeValues: { ':amount': amount, ':now': now.toISOString() },
});

/** The credit item's update that adds a refund kept as credit, creating the item on the first. */
export const addCredit = (
  booking: Pick<BookingRecord, 'teamId' | 'userId' | 'userName'>,
  amount: number,
  nowIso: string,
) => ({
  Key: key.credit(booking.teamId, booking.userId),
  UpdateExpression:
    'SET #type = :type, teamId = :team, userId = :user, #name = :name, updatedAt = :now ADD balance :amount',
  ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
  ExpressionAttributeValues: {
    ':type': 'credit',
    ':team': booking.teamId,
    ':user': booking.userId,
    ':name': booking.userName,
    ':now': nowIso,
    ':amount': amount,
  },
});

/**
 * Players' credit with a team (docs/MONEY.md, "Refunds and credit"): refunds kept for later
 * sessions (`PaymentRepository.settleRefund`), taken by a later payment (`markPaid` with `credit`).
 */
export class CreditRepository {
  constructor(private readonly store: Store) {}

  /** The team's credits above zero: one Query of the team's `CREDIT#` items. */
  async ofTeam(teamId: string): Promise<TeamCredit[]> {
    const items = await queryAll(this.store, creditCodec, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :credit)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':credit': prefix.credit },
    });
    return items
      .filter((c) => c.balance > 0)
      .map((c) => ({ userId: c.userId, name: c.name, balance: c.balance, updatedAt: c.updatedAt }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One player's credit with the team (0 without one): one GetItem. */
  async balance(teamId: string, userId: string): Promise<number> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.credit(teamId, userId) }),
    );
    return creditCodec.decodeOrNull(Item)?.balance ?? 0;
  }
}
