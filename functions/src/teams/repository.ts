import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CANCEL_WINDOW_MINUTES, DEFAULT_LANGUAGE, type Language, type NoShowRule } from '@shuttle/shared';
import type { Store } from '#db/client.ts';
import { type GroupAnnouncements, type TeamRecord, teamCodec, type VenueRecord, venueCodec } from '#db/codecs/teams.ts';
import { adminKey, adminPrefix, index, key } from '#db/keys.ts';
import { batchGetAll, queryAll } from '#db/query.ts';
import { isConditionFailure, runTransaction, Transaction } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import { addFirstOwner, type LinkedAdmin, type TeamAdminLink } from './team-admin-repository.ts';

/** The stored shapes, checked by their codecs on every read (`#db/codecs/teams.ts`). */
export type { GroupAnnouncements, TeamRecord, VenueRecord };

/** The team's group announcement settings, every one on unless turned off. */
export function groupAnnouncementsOf(team: Pick<TeamRecord, 'groupAnnouncements'>): GroupAnnouncements {
  return { newSessions: true, signupOpening: true, placeFreed: true, changes: true, ...team.groupAnnouncements };
}

/** The language the bot speaks in the team's bound group. */
export const teamLanguageOf = (team: Pick<TeamRecord, 'language'> | null | undefined): Language =>
  team?.language ?? DEFAULT_LANGUAGE;

/** What an admin chooses when creating a team; the rest starts at its default. */
export type NewTeam = Omit<
  TeamRecord,
  'type' | 'memberCount' | 'ownerCount' | 'privateRules' | 'lineGroupId' | 'cancelWindowMinutes'
>;

export type TeamSettingsChanges = Partial<
  Pick<
    TeamRecord,
    | 'name'
    | 'defaultPlaceName'
    | 'defaultPrice'
    | 'defaultLocation'
    | 'defaultRegion'
    | 'defaultLine'
    | 'cancelWindowMinutes'
    | 'privateRules'
    | 'lineGroupId'
    | 'joinRule'
    | 'groupAnnouncements'
    | 'lineMonthlyBudget'
    | 'language'
    | 'signupMode'
    | 'lotteryMinutes'
    | 'waitlistOfferMinutes'
    | 'quietHours'
    | 'memberPriorityHours'
    | 'scoring'
    | 'levelCheck'
  >
>;

/** How long one process answers the team list from memory (`listCached`). */
export const TEAM_LIST_MAX_AGE_MS = 60_000;

/** The team item (the team, its defaults and settings) and the team's venues. */
export class TeamRepository {
  constructor(private readonly store: Store) {}

  private get table() {
    return this.store.tableName;
  }

  /** The team, or null; an eventually consistent read (the player-facing lists). */
  async get(teamId: string): Promise<TeamRecord | null> {
    const { Item } = await this.store.doc.send(new GetCommand({ TableName: this.table, Key: key.team(teamId) }));
    return teamCodec.decodeOrNull(Item);
  }

  /** The team read strongly (so an admin sees their own change), or TEAM_NOT_FOUND. */
  require(teamId: string): Promise<TeamRecord> {
    return readTeamStrongly(this.store, teamId);
  }

  /** The teams with these ids by id; ids without a team are left out. */
  async getMany(teamIds: string[]): Promise<Map<string, TeamRecord>> {
    const teams = await batchGetAll(
      this.store,
      teamCodec,
      teamIds.map((id) => key.team(id)),
    );
    return new Map(teams.map((team) => [team.id, team]));
  }

  /** All teams by name. One partition: fine for the few thousand teams of a country. */
  async list(): Promise<TeamRecord[]> {
    return queryAll(this.store, teamCodec, {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': index.allTeamsPartition },
    });
  }

  private listed: { at: number; teams: Promise<TeamRecord[]> } | null = null;

  /**
   * All teams by name, kept in this process for `maxAgeMs`: the member app's team filter asks
   * on every visit, and names and member counts a minute old do no harm there (TABLE.md).
   */
  listCached(maxAgeMs = TEAM_LIST_MAX_AGE_MS): Promise<TeamRecord[]> {
    const at = Date.now();
    if (!this.listed || at - this.listed.at > maxAgeMs) {
      const teams = this.list();
      this.listed = { at, teams };
      teams.catch(() => {
        if (this.listed?.teams === teams) this.listed = null;
      });
    }
    return this.listed.teams;
  }

  /** A new team with `owner` as its first owner (and their current team), in one transaction. */
  async create(team: NewTeam, owner: LinkedAdmin): Promise<{ team: TeamRecord; link: TeamAdminLink }> {
    const record: TeamRecord = {
      type: 'team',
      ...team,
      privateRules: '',
      lineGroupId: '',
      cancelWindowMinutes: DEFAULT_CANCEL_WINDOW_MINUTES,
      memberCount: 0,
      ownerCount: 1,
    };
    const link: TeamAdminLink = {
      type: 'teamAdmin',
      teamId: team.id,
      adminId: owner.adminId,
      role: 'owner',
      displayName: owner.displayName,
      email: owner.email,
      addedAt: team.createdAt,
      addedBy: owner.adminId,
    };
    const tx = new Transaction(this.table).put('team', {
      Item: teamCodec.encode(record),
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    await runTransaction(this.store, addFirstOwner(tx, link));
    this.listed = null;
    return { team: record, link };
  }

  async updateSettings(teamId: string, changes: TeamSettingsChanges): Promise<TeamRecord> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
    if (changes.name !== undefined) {
      sets.push('GSI1SK = :byName');
      values[':byName'] = index.teamsByName(changes.name, teamId).GSI1SK;
    }
    if (sets.length === 0) return this.require(teamId);
    try {
      const { Attributes } = await this.store.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: key.team(teamId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      this.listed = null;
      return teamCodec.decode(Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('TEAM_NOT_FOUND');
      throw error;
    }
  }

  /** The team's venues by name. */
  async venues(teamId: string): Promise<VenueRecord[]> {
    const venues = await queryAll(this.store, venueCodec, {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :venue)',
      ExpressionAttributeValues: { ':pk': key.team(teamId).PK, ':venue': adminPrefix.venue },
    });
    return venues.sort((a, b) => a.name.localeCompare(b.name, 'zh-TW'));
  }

  /** One venue of the team, or null (GetItem). */
  async venue(teamId: string, venueId: string): Promise<VenueRecord | null> {
    const { Item } = await this.store.doc.send(
      new GetCommand({ TableName: this.table, Key: adminKey.venue(teamId, venueId) }),
    );
    return venueCodec.decodeOrNull(Item);
  }

  /** Adds a venue, or (`mustExist`) replaces one, refusing with VENUE_NOT_FOUND when it is gone. */
  async saveVenue(venue: VenueRecord, mustExist: boolean): Promise<VenueRecord> {
    try {
      await this.store.doc.send(
        new PutCommand({
          TableName: this.table,
          Item: venueCodec.encode(venue),
          ...(mustExist ? { ConditionExpression: 'attribute_exists(PK)' } : {}),
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('VENUE_NOT_FOUND');
      throw error;
    }
    return venue;
  }

  async deleteVenue(teamId: string, venueId: string): Promise<void> {
    try {
      await this.store.doc.send(
        new DeleteCommand({
          TableName: this.table,
          Key: adminKey.venue(teamId, venueId),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) throw new DomainError('VENUE_NOT_FOUND');
      throw error;
    }
  }
}

/** The team read strongly (so an admin sees their own change), or TEAM_NOT_FOUND. */
export async function readTeamStrongly(store: Store, teamId: string): Promise<TeamRecord> {
  const { Item } = await store.doc.send(
    new GetCommand({ TableName: store.tableName, Key: key.team(teamId), ConsistentRead: true }),
  );
  if (!Item) throw new DomainError('TEAM_NOT_FOUND');
  return teamCodec.decode(Item);
}

/** The team's no-show rule (attributes of the team item; docs/MONEY.md, "No-show rule"). */
export async function writeNoShowRule(store: Store, teamId: string, rule: NoShowRule): Promise<void> {
  try {
    await store.doc.send(
      new UpdateCommand({
        TableName: store.tableName,
        Key: key.team(teamId),
        UpdateExpression:
          'SET noShowLimit = :limit, noShowWindowDays = :window, noShowPenaltyDays = :penalty, lateCancelCountsHalf = :half',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':limit': rule.noShowLimit,
          ':window': rule.noShowWindowDays,
          ':penalty': rule.noShowPenaltyDays,
          ':half': rule.lateCancelCountsHalf,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError('TEAM_NOT_FOUND');
    throw error;
  }
}
