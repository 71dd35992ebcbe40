import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, monthsBetween, type SessionListQuery, taipeiDate, taipeiDayStart } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { index, key, prefix } from '#db/keys.ts';
import { queryAll } from '#db/query.ts';
import { DomainError } from '#platform/errors.ts';
import type { BookingRecord, SessionRecord } from './model.ts';

/** Days of the past and the future a browse covers when no date is chosen. */
export const BROWSE_WINDOW = { pastDays: 14, futureDays: 90, endedPastDays: 30 } as const;

/** The closed Taipei date range a browse reads, chosen by date filter and status tab. */
export function browseWindow(
  query: Pick<SessionListQuery, 'date' | 'status'>,
  now: Date,
): { from: string; to: string } {
  if (query.date) return { from: query.date, to: query.date };
  const today = taipeiDate(now);
  switch (query.status) {
    case 'ended':
      return { from: addDays(today, -BROWSE_WINDOW.endedPastDays), to: today };
    case 'inProgress':
      return { from: addDays(today, -1), to: today };
    case 'open':
    case 'notYetOpen':
      return { from: today, to: addDays(today, BROWSE_WINDOW.futureDays) };
    default:
      return { from: addDays(today, -BROWSE_WINDOW.pastDays), to: addDays(today, BROWSE_WINDOW.futureDays) };
  }
}

const REGION_INDEX_MAX = 3;

export class SessionRepository {
  constructor(private readonly store: Store) {}

  async get(sessionId: string): Promise<SessionRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.session(sessionId) }),
    );
    return (Item as SessionRecord | undefined) ?? null;
  }

  async require(sessionId: string): Promise<SessionRecord> {
    const session = await this.get(sessionId);
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    return session;
  }

  async getMany(sessionIds: string[]): Promise<Map<string, SessionRecord>> {
    const found = new Map<string, SessionRecord>();
    const unique = [...new Set(sessionIds)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => key.session(id));
      while (keys && keys.length > 0) {
        const result = await this.store.doc.send(
          new BatchGetCommand({ RequestItems: { [this.store.tableName]: { Keys: keys } } }),
        );
        for (const item of result.Responses?.[this.store.tableName] ?? []) found.set(item.id, item as SessionRecord);
        keys = result.UnprocessedKeys?.[this.store.tableName]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    return found;
  }

  /**
   * Sessions starting in the browse window, read by key: a team's partition when one team is
   * chosen, region-month partitions for up to three regions, month partitions otherwise.
   */
  async window(query: SessionListQuery, now: Date): Promise<SessionRecord[]> {
    const { from, to } = browseWindow(query, now);
    const fromInstant = taipeiDayStart(from);
    const toInstant = taipeiDayStart(addDays(to, 1));
    const range = { ':from': fromInstant, ':to': toInstant };
    const months = monthsBetween(taipeiDate(fromInstant), to);

    if (query.teamId) {
      return queryAll<SessionRecord>(this.store, {
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': index.teamSessionsPartition(query.teamId), ...range },
      });
    }
    if (query.regions.length > 0 && query.regions.length <= REGION_INDEX_MAX) {
      const pages = await Promise.all(
        query.regions.flatMap((region) =>
          months.map((month) =>
            queryAll<SessionRecord>(this.store, {
              IndexName: 'GSI2',
              KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
              ExpressionAttributeValues: { ':pk': index.regionMonthPartition(region, month), ...range },
            }),
          ),
        ),
      );
      return pages.flat();
    }
    const pages = await Promise.all(
      months.map((month) =>
        queryAll<SessionRecord>(this.store, {
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': index.monthPartition(month), ...range },
        }),
      ),
    );
    return pages.flat();
  }

  /** Every booking row of a session (accepted, waiting and cancelled), strongly consistent. */
  async bookings(sessionId: string): Promise<BookingRecord[]> {
    return queryAll<BookingRecord>(this.store, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :booking)',
      ExpressionAttributeValues: { ':pk': key.session(sessionId).PK, ':booking': prefix.booking },
      ConsistentRead: true,
    });
  }

  async booking(sessionId: string, userId: string): Promise<BookingRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.booking(sessionId, userId), ConsistentRead: true }),
    );
    return (Item as BookingRecord | undefined) ?? null;
  }

  /** A player's bookings of sessions starting in [from, to), from the user-bookings index. */
  async bookingsOfUser(userId: string, from: string, to: string): Promise<BookingRecord[]> {
    return queryAll<BookingRecord>(this.store, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': index.userBookingsPartition(userId), ':from': from, ':to': to },
    });
  }
}
