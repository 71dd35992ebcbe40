import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '#db/client.ts';
import { lineBindCodeCodec, lineGroupCodec, teamLineBindCodeCodec } from '#db/codecs/teams.ts';
import { key, ttlAt } from '#db/keys.ts';
import { runTransaction, Transaction, TransactionRefusedError } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';
import { claimRefusalAlert, readBindCode, readGroupLink, readTeam, saveGroupName } from './line-binding-repository.ts';
import type { TeamRecord } from './repository.ts';

/** Unambiguous characters (no 0/O, 1/I): 32 of them, so a random byte maps without bias. */
export const BIND_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const BIND_CODE_LENGTH = 6;
export const BIND_CODE_TTL_MINUTES = 30;
/** Keep spent and expired codes a day, so the bot can say why a code no longer works. */
const CODE_ITEM_TTL_SECONDS = 24 * 3600;
const ATTEMPTS = 3;
/** A refused code alerts the group's team at most this often. */
const REFUSAL_ALERT_EVERY_MS = 3600_000;
const CODE_SHAPE = new RegExp(`^[${BIND_CODE_ALPHABET}]{${BIND_CODE_LENGTH}}$`);

export type Redemption =
  | { status: 'bound'; team: TeamRecord }
  | { status: 'expired' | 'used' }
  /**
   * The group is bound to another team (`owner`), which must unbind it first (docs/LINE.md,
   * "Team groups and chat commands"): nothing changes, the code stays unspent. `alert`: the owner's admins should be
   * told (at most once an hour per group, so repeated codes cannot flood them).
   */
  | { status: 'refused'; owner: TeamRecord; alert: boolean }
  /** No such code: most likely chatter that only looks like one. */
  | { status: 'unknown' };

/** The code a chat text holds, upper-cased, or null when it does not have a code's shape. */
export function bindCodeIn(text: string): string | null {
  const candidate = text.normalize('NFKC').trim().toUpperCase();
  return CODE_SHAPE.test(candidate) ? candidate : null;
}

const hashOf = (code: string) => createHash('sha256').update(`line-bind:${code}`).digest('base64url');

function newCode(): string {
  return [...randomBytes(BIND_CODE_LENGTH)].map((b) => BIND_CODE_ALPHABET[b & 31]).join('');
}

/**
 * Binding a LINE group to a team by a one-time code (TABLE.md, "LINE groups"): codes are
 * stored under their hash, expire after 30 minutes, work once, and a team's new code replaces
 * its previous one. A group belongs to one team and a team has one group.
 */
export class LineBindings {
  constructor(private readonly store: Store) {}

  /**
   * A fresh code for the team. The team's pointer names the newest code, so an earlier one,
   * though its item stays until the TTL, no longer binds (the bot says it expired).
   */
  async issue(teamId: string, now: Date): Promise<{ code: string; expiresAt: string }> {
    const expiresAt = new Date(now.getTime() + BIND_CODE_TTL_MINUTES * 60_000).toISOString();
    const ttl = ttlAt(now, BIND_CODE_TTL_MINUTES * 60 + CODE_ITEM_TTL_SECONDS);
    for (let attempt = 1; ; attempt++) {
      const code = newCode();
      const codeHash = hashOf(code);
      const tx = new Transaction(this.store.tableName)
        .put('code', {
          Item: lineBindCodeCodec.encode({ type: 'lineBindCode', teamId, codeHash, expiresAt, ttl }),
          ConditionExpression: 'attribute_not_exists(PK)',
        })
        .put('current', {
          Item: teamLineBindCodeCodec.encode({ type: 'teamLineBindCode', teamId, codeHash, expiresAt, ttl }),
        });
      try {
        await runTransaction(this.store, tx);
        return { code, expiresAt };
      } catch (error) {
        if (!(error instanceof TransactionRefusedError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** The team a code (spent or not) was issued for, or null. */
  async teamOfCode(code: string): Promise<TeamRecord | null> {
    const item = await readBindCode(this.store, hashOf(code));
    return item ? readTeam(this.store, item.teamId) : null;
  }

  /** The id of the team a group is bound to, or null. */
  async teamOfGroup(groupId: string): Promise<string | null> {
    return (await readGroupLink(this.store, groupId))?.teamId ?? null;
  }

  /**
   * Spends a code sent in a group: binds the group to the code's team. A group bound to another
   * team is refused until that team unbinds it (the bot leaving the group unbinds it too).
   */
  async redeem(code: string, groupId: string, now: Date): Promise<Redemption> {
    const codeHash = hashOf(code);
    for (let attempt = 1; ; attempt++) {
      const item = await readBindCode(this.store, codeHash);
      if (!item) return { status: 'unknown' };
      if (item.usedAt) {
        // A redelivered event of the message that spent the code: the group is bound already.
        const team = item.groupId === groupId ? await readTeam(this.store, item.teamId) : null;
        return team?.lineGroupId === groupId ? { status: 'bound', team } : { status: 'used' };
      }
      if (item.expiresAt <= now.toISOString()) return { status: 'expired' };
      const [team, groupOwner] = await Promise.all([readTeam(this.store, item.teamId), this.teamOfGroup(groupId)]);
      if (!team) return { status: 'expired' };
      const owner = groupOwner && groupOwner !== team.id ? await readTeam(this.store, groupOwner) : null;
      // A group moves only once its team unbinds it; a link its team no longer names is stale.
      if (owner?.lineGroupId === groupId) {
        const alert = await claimRefusalAlert(this.store, groupId, owner.id, now, REFUSAL_ALERT_EVERY_MS);
        return { status: 'refused', owner, alert };
      }
      const tx = new Transaction(this.store.tableName)
        .update('code', {
          Key: key.lineBindCode(codeHash),
          UpdateExpression: 'SET usedAt = :now, groupId = :group',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':group': groupId },
        })
        .delete('current', {
          Key: key.teamLineBindCode(team.id),
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': codeHash },
        })
        .put('group', {
          Item: lineGroupCodec.encode({ type: 'lineGroup', groupId, teamId: team.id, boundAt: now.toISOString() }),
          ...(groupOwner
            ? { ConditionExpression: 'teamId = :owner', ExpressionAttributeValues: { ':owner': groupOwner } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        })
        .include(this.setTeamGroup(team.id, team.lineGroupId ?? '', groupId, 'team'));
      const earlier = team.lineGroupId;
      if (earlier && earlier !== groupId) tx.include(this.dropGroup(earlier, team.id, 'earlierGroup'));
      try {
        await runTransaction(this.store, tx);
        return { status: 'bound', team: { ...team, lineGroupId: groupId } };
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        if (error.failed('current')) return { status: 'expired' };
        if (attempt >= ATTEMPTS && !error.failed('code')) throw error;
      }
    }
  }

  /**
   * Keeps the bound group's name (LINE's group summary) on the team, for the admin LINE page;
   * only while the team still names that group.
   */
  async saveGroupName(teamId: string, groupId: string, name: string): Promise<void> {
    await saveGroupName(this.store, teamId, groupId, name);
  }

  /** The bot left (or was removed from) the group: the group's team no longer has one. */
  async unbindGroup(groupId: string): Promise<void> {
    const teamId = await this.teamOfGroup(groupId);
    if (!teamId) return;
    const drop = this.dropGroup(groupId, teamId, 'group');
    try {
      await runTransaction(this.store, drop.include(this.setTeamGroup(teamId, groupId, '', 'team')));
    } catch (error) {
      if (!(error instanceof TransactionRefusedError) || error.failed('group')) return;
      // The team already moved to another group; only this group's link remains to go.
      await runTransaction(this.store, this.dropGroup(groupId, teamId, 'group')).catch(() => undefined);
    }
  }

  /** An admin unbinds the team's group; returns the team as it is afterwards. */
  async unbindTeam(teamId: string): Promise<TeamRecord> {
    for (let attempt = 1; ; attempt++) {
      const team = await readTeam(this.store, teamId);
      if (!team) throw new DomainError('TEAM_NOT_FOUND');
      const groupId = team.lineGroupId ?? '';
      if (!groupId) return team;
      const tx = this.setTeamGroup(teamId, groupId, '', 'team').include(this.dropGroup(groupId, teamId, 'group'));
      try {
        await runTransaction(this.store, tx);
        return { ...team, lineGroupId: '' };
      } catch (error) {
        if (!(error instanceof TransactionRefusedError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** Sets the team's `lineGroupId` from `from` to `to`, pinned to `from`. */
  private setTeamGroup(teamId: string, from: string, to: string, name: string): Transaction {
    return new Transaction(this.store.tableName).update(name, {
      Key: key.team(teamId),
      // The earlier group's name (saveGroupName) goes with it.
      UpdateExpression: 'SET lineGroupId = :to REMOVE lineGroupName',
      ConditionExpression: from
        ? 'lineGroupId = :from'
        : 'attribute_exists(PK) AND (attribute_not_exists(lineGroupId) OR lineGroupId = :from)',
      ExpressionAttributeValues: { ':to': to, ':from': from },
    });
  }

  /** Deletes a group's link when it still names the team. */
  private dropGroup(groupId: string, teamId: string, name: string): Transaction {
    return new Transaction(this.store.tableName).delete(name, {
      Key: key.lineGroup(groupId),
      ConditionExpression: 'attribute_not_exists(PK) OR teamId = :team',
      ExpressionAttributeValues: { ':team': teamId },
    });
  }
}
