import type { AdminRole } from '@shuttle/shared';
import { DomainError } from '#platform/errors.ts';
import type { AdminCaller } from '#platform/http.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { TeamAdminRepository } from '#teams/team-admin-repository.ts';

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
  constructor(
    private readonly links: TeamAdminRepository,
    private readonly sessions: SessionRepository,
  ) {}

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

  /** A session of one of the caller's teams; only its team id is looked at before the check. */
  async session(admin: AdminCaller, sessionId: string): Promise<SessionRecord> {
    const session = await this.sessions.get(sessionId);
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    await this.requireTeam(admin, session.teamId);
    return session;
  }
}
