import { TEAM_DAILY_LIMITS, taipeiDate } from '@shuttle/shared';
import { key, ttlAt } from '#db/keys.ts';
import { Transaction } from '#db/transaction.ts';
import { DomainError } from '#platform/errors.ts';

/** What a team's day is counted in: new sessions and sent co-admin invitations. */
export type QuotaKind = 'sessions' | 'invites';

/** The team item's fields a quota reads (`TeamRecord` has them). */
export type QuotaTeam = { id: string; dailySessionLimit?: number; dailyInviteLimit?: number };

/** Name of the counter in the transaction that creates what it counts: its refusal means the cap. */
export const QUOTA_ITEM = 'teamQuota';

const OPERATOR_LIMIT = { sessions: 'dailySessionLimit', invites: 'dailyInviteLimit' } as const;
const REFUSAL = { sessions: 'DAILY_SESSION_LIMIT', invites: 'DAILY_INVITE_LIMIT' } as const;

/** The team's cap per Taipei day: the operator's value on the team item, else the default. */
export function dailyLimit(team: QuotaTeam, kind: QuotaKind): number {
  const raised = team[OPERATOR_LIMIT[kind]];
  return typeof raised === 'number' && raised >= 0 ? raised : TEAM_DAILY_LIMITS[kind];
}

export const quotaRefusal = (kind: QuotaKind) => new DomainError(REFUSAL[kind]);

/**
 * The item counting `count` more against the team's Taipei day (key `TEAM#id / QUOTA#date`,
 * TTL), for the transaction that creates them, so the cap holds under parallel calls.
 */
export function chargeQuota(tableName: string, team: QuotaTeam, kind: QuotaKind, count: number, now: Date) {
  const limit = dailyLimit(team, kind);
  if (count > limit) throw quotaRefusal(kind);
  return new Transaction(tableName).update(QUOTA_ITEM, {
    Key: key.teamQuota(team.id, taipeiDate(now)),
    UpdateExpression: 'ADD #kind :n SET #ttl = if_not_exists(#ttl, :ttl)',
    ConditionExpression: 'attribute_not_exists(#kind) OR #kind <= :room',
    ExpressionAttributeNames: { '#kind': kind, '#ttl': 'ttl' },
    ExpressionAttributeValues: { ':n': count, ':room': limit - count, ':ttl': ttlAt(now, 2 * 86_400) },
  });
}
