import type { AdminRole, PaymentDetailsEditable } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller } from '#platform/http.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamAdminRepository } from '#teams/team-admin-repository.ts';
import type { AdminAccounts } from './repository.ts';

export interface TeamAccess {
  teamId: string;
  role: AdminRole;
}

/**
 * Team scoping of every admin call, decided before any of the team's data is read: the
 * caller must hold an admin link to the team (read strongly, so a removal counts at once).
 * The team ids in the token are never trusted for this.
 */
export class TeamScope {
  constructor(private readonly links: TeamAdminRepository) {}

  async requireTeam(admin: AdminCaller, teamId: string): Promise<TeamAccess> {
    const link = await this.links.link(teamId, admin.adminId);
    if (!link) throw new DomainError('FORBIDDEN');
    return { teamId, role: link.role };
  }

  /** The team named in the request, or else the admin's current team. */
  async team(admin: AdminCaller, teamId: string | undefined): Promise<TeamAccess> {
    const chosen = teamId ?? admin.currentTeamId;
    if (!chosen) throw new DomainError('TEAM_NOT_SELECTED');
    return this.requireTeam(admin, chosen);
  }

  async owner(admin: AdminCaller, teamId: string | undefined): Promise<TeamAccess> {
    const access = await this.team(admin, teamId);
    if (access.role !== 'owner') throw new DomainError('OWNER_ONLY');
    return access;
  }
}

/**
 * A session of one of the caller's teams; only its team id is looked at before the check. Read
 * strongly: the call's handler works on this read (docs/ARCHITECTURE.md, "References"). Apart
 * from `TeamScope`, so the groups whose calls name no session build no session repository.
 */
export async function teamSession(
  scope: TeamScope,
  sessions: Pick<SessionRepository, 'get'>,
  admin: AdminCaller,
  sessionId: string,
): Promise<SessionRecord> {
  const session = await sessions.get(sessionId, { consistent: true });
  if (!session) throw new DomainError('SESSION_NOT_FOUND');
  await scope.requireTeam(admin, session.teamId);
  return session;
}

/**
 * Whether the caller may change the team's money settings (docs/MONEY.md, "Who changes where
 * players pay"): an owner of the team whose email is verified (`yes`); a co-admin reads them only
 * (`ownerOnly`); an owner must verify their email first (`verifyEmail`). One GetItem of the account
 * (and of its player for a leader's account) for an owner, none for a co-admin.
 */
export async function moneySettingsAccess(
  access: TeamAccess,
  adminId: string,
  accounts: Pick<AdminAccounts, 'require' | 'identity'>,
): Promise<PaymentDetailsEditable> {
  if (access.role !== 'owner') return 'ownerOnly';
  return (await accounts.identity(await accounts.require(adminId))).verified ? 'yes' : 'verifyEmail';
}

/** 403 unless the caller may change money settings: OWNER_ONLY for a co-admin, EMAIL_NOT_VERIFIED for an unverified owner. */
export function requireMoneySettings(editable: PaymentDetailsEditable): void {
  if (editable === 'ownerOnly') throw new DomainError('OWNER_ONLY');
  if (editable === 'verifyEmail') throw new DomainError('EMAIL_NOT_VERIFIED');
}
