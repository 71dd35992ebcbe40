import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TeamMembershipState } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { oneOf } from '#db/codec.ts';
import {
  type JoinRequestRecord,
  joinRequestCodec,
  type MemberRecord,
  memberCodec,
  teamPlayedCodec,
} from '#db/codecs/teams.ts';
import { index, key, prefix } from '#db/keys.ts';
import { batchGetAll, queryAll } from '#db/query.ts';
import { isConditionFailure, runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';

/** A player's items in a team's partition, for `standing`. */
const STANDING = oneOf('teamStanding', memberCodec, joinRequestCodec, teamPlayedCodec);

/** The stored shapes, checked by their codecs on every read (`#db/codecs/teams.ts`). */
export type { JoinRequestRecord, MemberRecord };

/** Who a new membership is for, as shown in the team's member list. */
export interface NewMember {
  userId: string;
  name: string;
  pictureUrl: string;
}

/**
 * Team membership: joining, the block flag and the membership tier. The only module that
 * writes membership items; the booking engine only checks them (blocked players never book).
 */
export class MembershipRepository {
  constructor(private readonly store: Store) {}

  async get(teamId: string, userId: string): Promise<MemberRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.teamMember(teamId, userId) }),
    );
    return memberCodec.decodeOrNull(Item);
  }

  /** The player's place in the team: membership and join request in one BatchGetItem. */
  async stateOf(teamId: string, userId: string): Promise<TeamMembershipState> {
    const items = await batchGetAll(this.store, MEMBER_OR_REQUEST, [
      key.teamMember(teamId, userId),
      key.joinRequest(teamId, userId),
    ]);
    const member = items.find((i) => i.type === 'member');
    if (member) return member.blocked ? 'blocked' : 'member';
    return items.length > 0 ? 'pending' : 'none';
  }

  /**
   * Where a player stands with a team, for the references of admin calls (access/references.ts):
   * their membership, pending join request and whether they ever booked one of its sessions,
   * in one BatchGetItem.
   */
  async standing(
    teamId: string,
    userId: string,
  ): Promise<{ member: MemberRecord | null; joinRequest: JoinRequestRecord | null; played: boolean }> {
    const items = await batchGetAll(this.store, STANDING, [
      key.teamMember(teamId, userId),
      key.joinRequest(teamId, userId),
      key.teamPlayed(teamId, userId),
    ]);
    return {
      member: items.find((i): i is MemberRecord => i.type === 'member') ?? null,
      joinRequest: items.find((i): i is JoinRequestRecord => i.type === 'joinRequest') ?? null,
      played: items.some((i) => i.type === 'teamPlayed'),
    };
  }

  /** Records a join request, once; asking again keeps the first request. */
  async requestJoin(teamId: string, player: NewMember, now: Date): Promise<void> {
    const request: JoinRequestRecord = {
      type: 'joinRequest',
      teamId,
      userId: player.userId,
      name: player.name,
      pictureUrl: player.pictureUrl,
      requestedAt: now.toISOString(),
    };
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.store.tableName,
          Item: joinRequestCodec.encode(request),
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** The team's pending join requests, oldest first. */
  async joinRequestsOf(teamId: string): Promise<JoinRequestRecord[]> {
    const requests = await queryAll(this.store, joinRequestCodec, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :request)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':request': prefix.joinRequest },
    });
    return requests.sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  }

  /**
   * Turns the request into a membership (and removes it) in one transaction. Approving again
   * answers the membership as it is; without a request or membership, JOIN_REQUEST_NOT_FOUND.
   */
  async approve(teamId: string, userId: string, now: Date): Promise<TeamMembershipState> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.joinRequest(teamId, userId), ConsistentRead: true }),
    );
    const request = joinRequestCodec.decodeOrNull(Item);
    if (request) {
      const added = await this.add(teamId, request, false, now, key.joinRequest(teamId, userId));
      if (added) return 'member';
      // Already a member (or blocked meanwhile): the request is spent.
      await this.reject(teamId, userId).catch(() => undefined);
    }
    const member = await this.get(teamId, userId);
    if (!member) throw new DomainError('JOIN_REQUEST_NOT_FOUND');
    return member.blocked ? 'blocked' : 'member';
  }

  /** Removes the request; the player may ask again. */
  async reject(teamId: string, userId: string): Promise<void> {
    try {
      await this.store.doc.send(
        new DeleteCommand({
          TableName: this.store.tableName,
          Key: key.joinRequest(teamId, userId),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('JOIN_REQUEST_NOT_FOUND');
      throw error;
    }
  }

  /** Every membership of a team, blocked ones included. */
  async membersOf(teamId: string): Promise<MemberRecord[]> {
    return queryAll(this.store, memberCodec, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':member': prefix.member },
    });
  }

  /** The teams the player belongs to and is not blocked in. */
  async teamIdsOf(userId: string): Promise<Set<string>> {
    const memberships = await queryAll(this.store, memberCodec, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': index.userTeamsPartition(userId) },
    });
    return new Set(memberships.filter((m) => !m.blocked).map((m) => m.teamId));
  }

  /**
   * Adds the player to the team and counts them, once; joining again changes nothing. A
   * player the team has blocked cannot join.
   */
  async join(teamId: string, player: NewMember, now: Date): Promise<void> {
    const existing = await this.get(teamId, player.userId);
    if (existing?.blocked) throw new DomainError('MEMBER_BLOCKED');
    await this.add(teamId, player, false, now);
  }

  /** Sets the block flag. A player who is not a member yet gets a (blocked) member record. */
  async setBlocked(teamId: string, player: NewMember, blocked: boolean, now: Date): Promise<MemberRecord> {
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.teamMember(teamId, player.userId),
          UpdateExpression: 'SET blocked = :blocked',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':blocked': blocked },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return memberCodec.decode(Attributes ?? {});
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    if (!blocked) throw new DomainError('MEMBER_NOT_FOUND');
    const added = await this.add(teamId, player, true, now);
    // Joined a moment ago: block the record they just made.
    return added ?? this.setBlocked(teamId, player, true, now);
  }

  async setMembership(teamId: string, userId: string, membership: MemberRecord['membership']): Promise<MemberRecord> {
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.teamMember(teamId, userId),
          UpdateExpression: 'SET membership = :membership',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':membership': membership },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return memberCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('MEMBER_NOT_FOUND');
      throw error;
    }
  }

  /**
   * Suspends the member's bookings until `until` (the no-show rule); players without a membership
   * are not suspended. `bySession`: the session whose absent mark reached the limit (kept with the
   * reset it replaces, so unmarking that absent can undo it: {@link undoSuspension}).
   */
  async suspend(
    teamId: string,
    userId: string,
    until: string,
    noShows: number,
    nowIso: string,
    bySession?: { sessionId: string; previousResetAt: string | undefined },
  ): Promise<void> {
    const set = ['suspendedUntil = :until', 'suspendedNoShows = :count', 'noShowResetAt = :now'];
    const remove: string[] = [];
    if (bySession) set.push('suspendedBySession = :session');
    else remove.push('suspendedBySession');
    if (bySession?.previousResetAt) set.push('previousNoShowResetAt = :previous');
    else remove.push('previousNoShowResetAt');
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.teamMember(teamId, userId),
        UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':until': until,
          ':count': noShows,
          ':now': nowIso,
          ...(bySession ? { ':session': bySession.sessionId } : {}),
          ...(bySession?.previousResetAt ? { ':previous': bySession.previousResetAt } : {}),
        },
      }),
    );
  }

  /**
   * Undoes the suspension `sessionId`'s absent mark caused (that mark was taken back): the
   * suspension goes and the no-show count is reset as it was before it. Only while that very
   * suspension stands (`until` as read): a lift or a newer suspension meanwhile is left alone.
   */
  async undoSuspension(
    teamId: string,
    userId: string,
    read: { sessionId: string; until: string; previousResetAt: string | undefined },
  ): Promise<boolean> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.teamMember(teamId, userId),
          UpdateExpression: read.previousResetAt
            ? 'SET noShowResetAt = :previous REMOVE suspendedUntil, suspendedNoShows, suspendedBySession, previousNoShowResetAt'
            : 'REMOVE suspendedUntil, suspendedNoShows, suspendedBySession, previousNoShowResetAt, noShowResetAt',
          ConditionExpression: 'suspendedBySession = :session AND suspendedUntil = :until',
          ExpressionAttributeValues: {
            ':session': read.sessionId,
            ':until': read.until,
            ...(read.previousResetAt ? { ':previous': read.previousResetAt } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Lifts a suspension at once (an admin's choice); earlier no-shows stop counting. Idempotent. */
  async liftSuspension(teamId: string, userId: string, nowIso: string): Promise<void> {
    try {
      await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.teamMember(teamId, userId),
          UpdateExpression:
            'REMOVE suspendedUntil, suspendedNoShows, suspendedBySession, previousNoShowResetAt SET noShowResetAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': nowIso },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('MEMBER_NOT_FOUND');
      throw error;
    }
  }

  /**
   * Writes a new membership and counts it on the team item, in one transaction. Null when the
   * player is a member already (nothing written); TEAM_NOT_FOUND when there is no such team.
   * `spentRequest` is the join request the membership replaces, deleted in the same transaction.
   */
  private async add(
    teamId: string,
    player: NewMember,
    blocked: boolean,
    now: Date,
    spentRequest?: ReturnType<typeof key.joinRequest>,
  ): Promise<MemberRecord | null> {
    const member: MemberRecord = {
      type: 'member',
      teamId,
      userId: player.userId,
      name: player.name,
      pictureUrl: player.pictureUrl,
      blocked,
      membership: 'member',
      joinedAt: now.toISOString(),
    };
    const tx = new Transaction(this.store.tableName)
      .put('member', {
        Item: memberCodec.encode(member),
        ConditionExpression: 'attribute_not_exists(PK)',
      })
      .update('team', {
        Key: key.team(teamId),
        UpdateExpression: 'ADD memberCount :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':one': 1 },
      });
    if (spentRequest) tx.delete('request', { Key: spentRequest });
    try {
      await runTransaction(this.store, tx);
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        if (error.failed('team')) throw new DomainError('TEAM_NOT_FOUND');
        if (error.failed('member')) return null;
      }
      throw error;
    }
    return member;
  }
}

const MEMBER_OR_REQUEST = oneOf('membership', memberCodec, joinRequestCodec);
