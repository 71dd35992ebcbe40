import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Language, MemberProfile, NotificationPreferences } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { oneOf } from '#db/codec.ts';
import { deletedLoginCodec, emailClaimCodec, type UserRecord, userCodec } from '#db/codecs/players.ts';
import { isGuestId, key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { isConditionFailure } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import { rememberLivePlayer } from './live-player-repository.ts';

export type IdentityProvider = 'line' | 'google';

/** The stored shape, checked by its codec on every read (`#db/codecs/players.ts`). */
export type { UserRecord };

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  news: true,
  newsDirect: false,
  waitlist: true,
  bookingReminder: true,
  sessionChange: true,
  line: true,
  email: true,
};

/** The player's preferences, with channels and kinds stored before they existed on. */
export const preferencesOf = (user: Pick<UserRecord, 'preferences'>): NotificationPreferences => ({
  ...DEFAULT_PREFERENCES,
  ...(user.preferences ?? {}),
});

/** User ids are derived from the identity provider and its subject, never taken from a client. */
export const userIdFor = (provider: IdentityProvider, sub: string) => `${provider}_${sub}`;

/**
 * The record a login reaches: `<provider>_<sub>`, or after its account was deleted n times
 * `<provider>_<sub>.<n>`, a fresh player who never reaches the deleted record (docs/PRIVACY.md).
 */
export const userIdOfGeneration = (baseUserId: string, deletions: number) =>
  deletions > 0 ? `${baseUserId}.${deletions}` : baseUserId;

export class PlayerRepository {
  constructor(private readonly store: Store) {}

  /** Creates the user on first sign-in; later sign-ins refresh the name and picture. */
  async upsertOnLogin(
    provider: IdentityProvider,
    identity: { sub: string; name: string; picture: string },
    now: Date,
  ): Promise<UserRecord> {
    // A deleted account's login starts a new record (consistent: a login right after the delete counts it).
    const base = userIdFor(provider, identity.sub);
    const { Item: deleted } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.deletedLogin(base), ConsistentRead: true }),
    );
    const userId = userIdOfGeneration(base, deletedLoginCodec.decodeOrNull(deleted)?.deletions ?? 0);
    const { Attributes } = await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.user(userId),
        UpdateExpression: [
          'SET #type = :type, userId = :userId, provider = :provider, providerSub = :sub, #name = :name,',
          'pictureUrl = :picture, lastLoginAt = :now, createdAt = if_not_exists(createdAt, :now),',
          'email = if_not_exists(email, :null), emailVerified = if_not_exists(emailVerified, :false),',
          '#language = if_not_exists(#language, :null), preferences = if_not_exists(preferences, :prefs),',
          'isAdmin = if_not_exists(isAdmin, :false), isTeamLeader = if_not_exists(isTeamLeader, :false)',
        ].join(' '),
        ExpressionAttributeNames: { '#type': 'type', '#name': 'name', '#language': 'language' },
        ExpressionAttributeValues: {
          ':type': 'user',
          ':userId': userId,
          ':provider': provider,
          ':sub': identity.sub,
          ':name': identity.name,
          ':picture': identity.picture,
          ':now': now.toISOString(),
          ':null': null,
          ':false': false,
          ':prefs': DEFAULT_PREFERENCES,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    rememberLivePlayer(this.store, userId);
    return userCodec.decode(Attributes ?? {});
  }

  async get(userId: string): Promise<UserRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.user(userId) }),
    );
    return userCodec.decodeOrNull(Item);
  }

  async require(userId: string): Promise<UserRecord> {
    const user = await this.get(userId);
    if (!user) throw new DomainError('INVALID_TOKEN');
    return user;
  }

  async update(
    userId: string,
    changes: { language?: Language; preferences?: NotificationPreferences },
  ): Promise<UserRecord> {
    const sets: string[] = [];
    const values: Record<string, unknown> = {};
    if (changes.language) {
      sets.push('#language = :language');
      values[':language'] = changes.language;
    }
    if (changes.preferences) {
      sets.push('preferences = :preferences');
      values[':preferences'] = changes.preferences;
    }
    if (sets.length === 0) return this.require(userId);
    const { Attributes } = await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.user(userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: changes.language ? { '#language': 'language' } : undefined,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return userCodec.decode(Attributes ?? {});
  }

  /** Nicknames and levels of listed players (guests skipped); BatchGetItem, 100 keys a call. */
  async listedProfiles(userIds: string[]): Promise<Map<string, { nickname: string | null; level: number | null }>> {
    const unique = [...new Set(userIds)].filter((id) => !isGuestId(id));
    const users = await batchGetAll(
      this.store,
      userCodec,
      unique.map((id) => key.user(id)),
    );
    return new Map(users.map((u) => [u.userId, { nickname: u.nickname ?? null, level: u.level ?? null }]));
  }

  /** The names lists show of these players (nickname, else the LINE/Google name; guests skipped); BatchGetItem. */
  async visibleNames(userIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(userIds)].filter((id) => !isGuestId(id));
    const users = await batchGetAll(
      this.store,
      userCodec,
      unique.map((id) => key.user(id)),
    );
    return new Map(users.map((u) => [u.userId, u.nickname || u.name]));
  }

  /** Sets (or clears, with null) the name lists show instead of the LINE/Google name. */
  async setNickname(userId: string, nickname: string | null): Promise<UserRecord> {
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.store.tableName,
          Key: key.user(userId),
          UpdateExpression: 'SET nickname = :nickname',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':nickname': nickname },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return userCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('INVALID_TOKEN');
      throw error;
    }
  }

  /** Self-assessed levels of these players (guests and players without one: null); BatchGetItem, 100 keys a call. */
  async levels(userIds: string[]): Promise<Map<string, number | null>> {
    const unique = [...new Set(userIds)].filter((id) => !isGuestId(id));
    const users = await batchGetAll(
      this.store,
      userCodec,
      unique.map((id) => key.user(id)),
    );
    return new Map(users.map((u) => [u.userId, u.level ?? null]));
  }

  /** Which of these players blocked the LINE official account (`lineBlockedAt`); BatchGetItem, 100 keys a call. */
  async lineBlocked(userIds: string[]): Promise<Set<string>> {
    const unique = [...new Set(userIds)].filter((id) => !isGuestId(id));
    const users = await batchGetAll(
      this.store,
      userCodec,
      unique.map((id) => key.user(id)),
    );
    return new Set(users.flatMap((u) => (u.lineBlockedAt ? [u.userId] : [])));
  }

  /** Sets (or clears, with null) the player's self-assessed level. */
  async setLevel(userId: string, level: number | null): Promise<number | null> {
    await this.store.doc.send(
      new UpdateCommand({
        TableName: this.store.tableName,
        Key: key.user(userId),
        UpdateExpression: 'SET #level = :level',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#level': 'level' },
        ExpressionAttributeValues: { ':level': level },
      }),
    );
    return level;
  }

  /** The player who verified this address, or null (`EMAIL#<email>`, one owner per address). */
  async emailOwner(email: string): Promise<string | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.store.tableName, Key: key.emailClaim(email) }),
    );
    return emailClaimCodec.decodeOrNull(Item)?.userId ?? null;
  }

  /** Changes some of the player's notification preferences and keeps the others. */
  async updatePreferences(userId: string, changes: Partial<NotificationPreferences>): Promise<UserRecord> {
    const user = await this.require(userId);
    return this.update(userId, { preferences: { ...preferencesOf(user), ...changes } });
  }
}

export function toProfile(user: UserRecord): MemberProfile {
  return {
    userId: '',
    displayName: user.name,
    pictureUrl: user.pictureUrl,
    email: user.emailVerified ? user.email : null,
    emailVerified: user.emailVerified,
    language: user.language,
    isAdmin: user.isAdmin,
    isTeamLeader: user.isTeamLeader,
    provider: user.provider,
    nickname: user.nickname ?? null,
  };
}

/**
 * Renames a row a deleted player leaves behind (a booking, a pass) to the anonymous name and
 * takes it out of the player's index (`remove`: its index attributes); gone already: nothing.
 */
export async function anonymise(
  store: Store,
  itemKey: Record<string, string>,
  nameField: string,
  name: string,
  remove: string,
  picture: boolean,
): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: itemKey,
        UpdateExpression: `SET #name = :name${picture ? ', pictureUrl = :none' : ''}, anonymised = :true REMOVE ${remove}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#name': nameField },
        ExpressionAttributeValues: { ':name': name, ':true': true, ...(picture ? { ':none': '' } : {}) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The player a login (`<provider>_<sub>`) reaches today, or null when it never signed in: one
 * strongly consistent BatchGetItem of the base profile and its deletion count (same partition),
 * one more GetItem only for an account deleted before (docs/PRIVACY.md).
 */
export async function playerOfLogin(store: Store, baseUserId: string): Promise<UserRecord | null> {
  const items = await batchGetAll(store, PROFILE_OR_DELETIONS, [key.user(baseUserId), key.deletedLogin(baseUserId)], {
    consistent: true,
  });
  let deletions = 0;
  let profile: UserRecord | null = null;
  for (const item of items) {
    if ('userId' in item) profile = item;
    else deletions = item.deletions ?? 0;
  }
  if (deletions === 0) return profile;
  const { Item } = await store.doc.send(
    new GetCommand({
      TableName: store.tableName,
      Key: key.user(userIdOfGeneration(baseUserId, deletions)),
      ConsistentRead: true,
    }),
  );
  return userCodec.decodeOrNull(Item);
}

const PROFILE_OR_DELETIONS = oneOf('login', userCodec, deletedLoginCodec);

/**
 * `unfollow` (blocked) or `follow` (unblocked) of the LINE official account at `at`; an event older
 * than the last one applied changes nothing (false), as LINE may redeliver out of order.
 */
export async function recordLineFollow(store: Store, userId: string, blocked: boolean, at: string): Promise<boolean> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: key.user(userId),
        UpdateExpression: blocked
          ? 'SET lineBlockedAt = :at, lineFollowChangedAt = :at'
          : 'SET lineFollowChangedAt = :at REMOVE lineBlockedAt',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(lineFollowChangedAt) OR lineFollowChangedAt < :at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
