import { type AccountDeleted, type AccountExport, paymentOf } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/deleted-player';
import type { Store } from '#db/client.ts';
import { keyed, oneOf, type RecordOf } from '#db/codec.ts';
import { serviceTokenCodec } from '#db/codecs/line.ts';
import { type PassRecord, passCodec } from '#db/codecs/payments.ts';
import {
  calendarFeedPointerCodec,
  codeTriesCodec,
  deletedLoginCodec,
  emailCodeCodec,
  userCodec,
} from '#db/codecs/players.ts';
import { type RatingItem, ratingCodec } from '#db/codecs/ratings.ts';
import { type BookingRecord, bookingCodec, sessionCodec } from '#db/codecs/sessions.ts';
import { type MemberRecord, memberCodec, teamCodec } from '#db/codecs/teams.ts';
import { index, key } from '#db/keys.ts';
import { batchGetAll, queryAll } from '#db/query.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { deleteItem } from '#db/writes.ts';
import type { Clock } from '#platform/clock.ts';
import { mapLimit } from '#platform/concurrency.ts';
import { DomainError } from '#platform/errors.ts';
import { forgetLivePlayer } from './live-player-repository.ts';
import { anonymise, preferencesOf, toProfile, userIdFor } from './repository.ts';

/** The longest session (TABLE.md, "Browse"): a booking that started longer ago than this has ended. */
const LONGEST_SESSION_MS = 12 * 3_600_000;
/** Parallel writes while anonymising a deleted player's bookings. */
const WRITE_PARALLELISM = 8;

export interface AccountDeps {
  store: Store;
  clock: Clock;
  /** Whether the player's team-leader account still runs a team (admin-accounts knows). */
  runsTeam: (userId: string) => Promise<boolean>;
}

/** Every item of a player's partition `USER#<id>` with its key (profile, email code, code tries, feed pointer, rating, notification tokens). */
const PARTITION = keyed(
  'player partition',
  oneOf(
    'player partition',
    userCodec,
    emailCodeCodec,
    codeTriesCodec,
    calendarFeedPointerCodec,
    deletedLoginCodec,
    ratingCodec,
    serviceTokenCodec,
  ),
);
type PartitionItem = RecordOf<typeof PARTITION>;
type PartitionRecord = PartitionItem['record'];

const ofType = <T extends string>(items: PartitionItem[], type: T) =>
  items.flatMap(({ record }) =>
    'type' in record && record.type === type ? [record as Extract<PartitionRecord, { type: T }>] : [],
  )[0];

/** The rating item of the partition as the export gives it (docs/ON-COURT.md, "Ratings"); it goes with the partition on deletion. */
function ratingOf(item: RatingItem | undefined) {
  if (!item) return null;
  const { mu, sigma, games, updatedAt, trend, won, lost, partners, off } = item;
  return {
    mu,
    sigma,
    games,
    updatedAt,
    trend,
    won: won ?? 0,
    lost: lost ?? 0,
    partners: Object.keys(partners ?? {}).length,
    off: Boolean(off),
  };
}

/**
 * A player's own account (docs/PRIVACY.md): a copy of everything stored about them, and its
 * deletion. Reads are bounded by the player's own data (their profile partition, teams,
 * bookings and passes), never by the number of players or sessions (TABLE.md, "Accounts").
 */
export class PlayerAccounts {
  constructor(private readonly deps: AccountDeps) {}

  private get table() {
    return this.deps.store.tableName;
  }

  /** Every item of `USER#<id>`: profile, pending email code, code tries, calendar feed pointer. */
  private async partition(userId: string): Promise<PartitionItem[]> {
    return queryAll(this.deps.store, PARTITION, {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': key.user(userId).PK },
      ConsistentRead: true,
    });
  }

  private async bookingsOf(userId: string): Promise<BookingRecord[]> {
    return queryAll(this.deps.store, bookingCodec, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': index.userBookingsPartition(userId) },
    });
  }

  private async membershipsOf(userId: string): Promise<MemberRecord[]> {
    return queryAll(this.deps.store, memberCodec, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': index.userTeamsPartition(userId) },
    });
  }

  private async passesOf(userId: string): Promise<PassRecord[]> {
    return queryAll(this.deps.store, passCodec, {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': index.userPassesPartition(userId) },
    });
  }

  async exportData(userId: string): Promise<AccountExport> {
    const [items, memberships, bookings, passes] = await Promise.all([
      this.partition(userId),
      this.membershipsOf(userId),
      this.bookingsOf(userId),
      this.passesOf(userId),
    ]);
    const user = ofType(items, 'user');
    if (!user) throw new DomainError('INVALID_TOKEN');
    const pendingCode = ofType(items, 'emailCode');
    const [sessions, teams] = await Promise.all([
      batchGetAll(
        this.deps.store,
        sessionCodec,
        [...new Set(bookings.map((b) => b.sessionId))].map((id) => key.session(id)),
      ),
      batchGetAll(
        this.deps.store,
        teamCodec,
        memberships.map((m) => key.team(m.teamId)),
      ),
    ]);
    const sessionById = new Map(sessions.map((s) => [s.id, s]));
    const teamName = new Map(teams.map((t) => [t.id, t.name]));
    const { userId: _hidden, ...profile } = toProfile(user);
    return {
      exportedAt: this.deps.clock.now().toISOString(),
      profile: {
        ...profile,
        accountId: user.userId,
        providerSubject: user.providerSub,
        level: user.level ?? null,
        createdAt: user.createdAt,
        lastLoginAt: user.lastLoginAt,
      },
      email: {
        address: user.email ?? null,
        verified: user.emailVerified,
        pendingAddress: pendingCode?.email ?? null,
      },
      language: user.language ?? null,
      preferences: preferencesOf(user),
      memberships: memberships.map((m) => ({
        teamId: m.teamId,
        teamName: teamName.get(m.teamId) ?? '',
        membership: m.membership,
        blocked: m.blocked,
        joinedAt: m.joinedAt,
        suspendedUntil: m.suspendedUntil ?? null,
      })),
      bookings: bookings.map((b) => {
        const session = sessionById.get(b.sessionId);
        return {
          sessionId: b.sessionId,
          teamId: b.teamId,
          teamName: session?.teamName ?? '',
          title: session?.title ?? '',
          venue: session?.venue ?? '',
          startsAt: b.startsAt,
          status: b.status,
          partySize: b.partySize,
          listedName: b.userName,
          bookedAt: b.bookedAt,
          cancelledAt: b.cancelledAt ?? null,
          attendance: b.attendance ?? null,
          payment: b.status === 'accepted' && session ? paymentOf(session.price, b) : null,
        };
      }),
      passes: passes.map((p) => ({
        passId: p.passId,
        teamId: p.teamId,
        teamName: p.teamName,
        name: p.name,
        credits: p.credits,
        remaining: p.remaining,
        validFrom: p.validFrom,
        validUntil: p.validUntil,
        price: p.price,
        soldAt: p.soldAt,
      })),
      calendarFeed: { exists: ofType(items, 'calendarFeedPointer') !== undefined },
      rating: ratingOf(ofType(items, 'rating')),
    };
  }

  /**
   * Deletes the account (docs/PRIVACY.md). Refused while the player holds a booking of a
   * session that has not ended (they cancel it first, under the session's own cancellation
   * rules, so waitlists move as for any cancellation) or runs a team. Then, in one transaction,
   * the profile partition (profile, email code, code tries, calendar feed pointer), the feed, the
   * email claim go and the login's deletion count goes up, so the same LINE/Google login later
   * starts a new record; then memberships are removed and bookings and passes stay for the teams
   * under an anonymous name, out of every per-player index.
   */
  async delete(userId: string): Promise<AccountDeleted> {
    const now = this.deps.clock.now();
    const [items, bookings] = await Promise.all([this.partition(userId), this.bookingsOf(userId)]);
    const user = ofType(items, 'user');
    if (!user) throw new DomainError('INVALID_TOKEN');

    const recent = bookings.filter(
      (b) => b.status !== 'cancelled' && Date.parse(b.startsAt) > now.getTime() - LONGEST_SESSION_MS,
    );
    if (recent.length > 0) {
      const sessions = await batchGetAll(
        this.deps.store,
        sessionCodec,
        [...new Set(recent.map((b) => b.sessionId))].map((id) => key.session(id)),
      );
      // A booking of a deleted session is cancelled by the session change: only live sessions count.
      if (sessions.some((s) => Date.parse(s.endsAt) > now.getTime())) throw new DomainError('ACCOUNT_HAS_BOOKINGS');
    }
    if (user.isTeamLeader && (await this.deps.runsTeam(userId))) throw new DomainError('ACCOUNT_RUNS_TEAM');

    const tx = new Transaction(this.table)
      .delete('profile', { Key: key.user(userId), ConditionExpression: 'attribute_exists(PK)' })
      .update('deletions', {
        Key: key.deletedLogin(userIdFor(user.provider, user.providerSub)),
        UpdateExpression: 'ADD deletions :one SET #type = :type, lastDeletedAt = :now',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'deletedLogin', ':now': now.toISOString() },
      });
    for (const { key: itemKey, record } of items) {
      if (itemKey.SK === 'PROFILE' || itemKey.SK === 'DELETED') continue;
      tx.delete(`item:${itemKey.SK}`, { Key: itemKey });
      if ('type' in record && record.type === 'calendarFeedPointer') {
        tx.delete('feed', { Key: key.calendarFeed(record.tokenHash) });
      }
    }
    if (user.email) {
      tx.delete('emailClaim', {
        Key: key.emailClaim(user.email),
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      });
    }
    try {
      await runTransaction(this.deps.store, tx);
    } catch (error) {
      // Deleted a moment ago by a parallel call.
      if (error instanceof TransactionRefusedError && error.failed('profile')) throw new DomainError('INVALID_TOKEN');
      throw error;
    }
    forgetLivePlayer(this.deps.store, userId);

    await this.leaveTeams(userId);
    const anonymised = await this.anonymise(userId, bookings);
    return { deleted: true, anonymisedBookings: anonymised };
  }

  /** Each membership goes with the team's count, once (a parallel removal wins the condition). */
  private async leaveTeams(userId: string) {
    const memberships = await this.membershipsOf(userId);
    await mapLimit(memberships, WRITE_PARALLELISM, async (m) => {
      const tx = new Transaction(this.table)
        .delete('member', { Key: key.teamMember(m.teamId, userId), ConditionExpression: 'attribute_exists(PK)' })
        .update('team', {
          Key: key.team(m.teamId),
          UpdateExpression: 'ADD memberCount :minus',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':minus': -1 },
        });
      try {
        await runTransaction(this.deps.store, tx);
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
      }
    });
  }

  /**
   * Bookings and passes stay for the teams' accounting (attendance, payments) under the anonymous
   * name in the team's language, without a picture, and leave the player's indexes, so no later
   * login, chat command or feed reaches them.
   */
  private async anonymise(userId: string, bookings: BookingRecord[]): Promise<number> {
    const passes = await this.passesOf(userId);
    const teamIds = [...new Set([...bookings.map((b) => b.teamId), ...passes.map((p) => p.teamId)])];
    const teams = await batchGetAll(
      this.deps.store,
      teamCodec,
      teamIds.map((id) => key.team(id)),
    );
    const language = new Map(teams.map((t) => [t.id, t.language ?? null]));
    const nameIn = (teamId: string) => translate(language.get(teamId), 'notifications', 'deletedPlayer');
    const { store } = this.deps;
    await mapLimit(bookings, WRITE_PARALLELISM, (b) =>
      anonymise(store, key.booking(b.sessionId, userId), 'userName', nameIn(b.teamId), 'GSI1PK, GSI1SK', true),
    );
    await mapLimit(passes, WRITE_PARALLELISM, (p) =>
      anonymise(store, key.pass(p.teamId, p.passId), 'playerName', nameIn(p.teamId), 'GSI2PK, GSI2SK', false),
    );
    // No team may name the player any more (docs/ARCHITECTURE.md, "References"): one Delete a team booked with.
    await mapLimit([...new Set(bookings.map((b) => b.teamId))], WRITE_PARALLELISM, (teamId) =>
      deleteItem(store, key.teamPlayed(teamId, userId)),
    );
    return bookings.length;
  }
}
