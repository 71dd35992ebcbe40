import { createHmac, randomBytes } from 'node:crypto';
import { ADMIN_LIMITS, type AdminRole } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/accounts';
import { ttlAt } from '#db/keys.ts';
import type { Clock, IdGenerator } from '#platform/clock.ts';
import type { EmailSender } from '#platform/email.ts';
import { DomainError } from '#platform/errors.ts';
import type { NewTeam, TeamRecord, TeamRepository } from '#teams/repository.ts';
import type { InviteRecord, TeamAdminLink, TeamAdminRepository } from '#teams/team-admin-repository.ts';
import type { AdminAccounts } from './repository.ts';

/**
 * What an admin does to the set of teams they run: found a team, invite co-admins by email,
 * accept an invitation, remove an admin. Each changes both a team's admin links and an admin
 * account (its current team), so it lives above both.
 */
export interface TeamAdministrationDeps {
  accounts: AdminAccounts;
  teams: TeamRepository;
  teamAdmins: TeamAdminRepository;
  clock: Clock;
  ids: IdGenerator;
  mailer: EmailSender;
  /** Server secret: invitations are stored under an HMAC of their token, never the token. */
  pepper: string;
  /** Origin of the admin app, for the link in the invitation email. */
  appBaseUrl: string;
}

/** A team and the caller's link to it, with the caller's current team afterwards. */
export interface TeamOfAdmin {
  team: TeamRecord;
  link: TeamAdminLink;
  currentTeamId: string | null;
}

const INVITE_MS = ADMIN_LIMITS.inviteDays * 86_400_000;

const inviteHash = (pepper: string, token: string) =>
  createHmac('sha256', pepper).update(`invite:${token}`).digest('hex');

/** A new team with the admin as its owner; it becomes their current team. */
export async function foundTeam(
  deps: Pick<TeamAdministrationDeps, 'accounts' | 'teams' | 'clock' | 'ids'>,
  adminId: string,
  settings: Omit<NewTeam, 'id' | 'createdAt' | 'createdBy'>,
): Promise<TeamOfAdmin> {
  const record = await deps.accounts.require(adminId);
  const { team, link } = await deps.teams.create(
    {
      id: `team-${deps.ids().slice(0, 16)}`,
      ...settings,
      createdAt: deps.clock.now().toISOString(),
      createdBy: record.adminId,
    },
    { adminId: record.adminId, displayName: record.displayName, email: record.email },
  );
  return { team, link, currentTeamId: team.id };
}

/**
 * Emails a co-admin invitation for the team, valid 7 days; the link's token is the only way to
 * find it. Only an inviter with a verified email may invite, within the team's daily cap
 * (DAILY_INVITE_LIMIT). When the email cannot be sent the invitation is dropped and
 * EMAIL_SEND_FAILED thrown.
 */
export async function inviteTeamAdmin(
  deps: Pick<
    TeamAdministrationDeps,
    'accounts' | 'teams' | 'teamAdmins' | 'clock' | 'mailer' | 'pepper' | 'appBaseUrl'
  >,
  teamId: string,
  inviterId: string,
  invitee: { email: string; role: AdminRole },
): Promise<{ email: string; role: AdminRole; expiresAt: string }> {
  const { email, role } = invitee;
  const [team, inviter] = await Promise.all([deps.teams.require(teamId), deps.accounts.require(inviterId)]);
  if (!(await deps.accounts.identity(inviter)).verified) throw new DomainError('EMAIL_NOT_VERIFIED');
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const invite: InviteRecord = {
    type: 'invite',
    tokenHash: inviteHash(deps.pepper, token),
    teamId: team.id,
    teamName: team.name,
    email,
    role,
    invitedBy: inviterId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_MS).toISOString(),
    ttl: ttlAt(now, INVITE_MS / 1000),
  };
  await deps.teamAdmins.putInvite(invite, team);
  const lng = inviter.language;
  const vars = {
    inviter: inviter.displayName,
    team: team.name,
    role: translate(lng, 'accounts', `invite.roles.${role}`),
    link: `${deps.appBaseUrl}/admin/login?invite=${token}`,
    days: ADMIN_LIMITS.inviteDays,
  };
  try {
    await deps.mailer.send({
      to: email,
      subject: translate(lng, 'accounts', 'invite.subject', vars),
      text: translate(lng, 'accounts', 'invite.body', vars),
    });
  } catch (error) {
    console.error('Invitation email failed', error instanceof Error ? error.message : error);
    await deps.teamAdmins.dropInvite(inviteHash(deps.pepper, token));
    throw new DomainError('EMAIL_SEND_FAILED');
  }
  return { email, role, expiresAt: invite.expiresAt };
}

/**
 * Makes the signed-in admin an admin (or owner) of the invitation's team; an admin without a
 * current team gets this one. Unknown, used or expired tokens are INVITE_INVALID; an account
 * answering to another email than the invited one is INVITE_EMAIL_MISMATCH. The token reached
 * the invited mailbox, so a sign-up account with that email counts as verified afterwards.
 */
export async function acceptTeamInvite(
  deps: Pick<TeamAdministrationDeps, 'accounts' | 'teams' | 'teamAdmins' | 'clock' | 'pepper'>,
  adminId: string,
  token: string,
): Promise<TeamOfAdmin> {
  const hash = inviteHash(deps.pepper, token);
  const invite = await deps.teamAdmins.liveInvite(hash, deps.clock.now());
  if (!invite) throw new DomainError('INVITE_INVALID');
  const record = await deps.accounts.require(adminId);
  const identity = await deps.accounts.identity(record);
  if (identity.email?.toLowerCase() !== invite.email.toLowerCase()) throw new DomainError('INVITE_EMAIL_MISMATCH');
  const link = await deps.teamAdmins.acceptInvite(
    hash,
    invite,
    { adminId: record.adminId, displayName: record.displayName, email: record.email },
    deps.clock.now(),
  );
  if (!identity.verified && record.email) await deps.accounts.markEmailVerified(record.adminId, record.email);
  if (!record.currentTeamId) await deps.accounts.setCurrentTeam(record.adminId, invite.teamId);
  const team = await deps.teams.require(invite.teamId);
  return { team, link, currentTeamId: record.currentTeamId ?? invite.teamId };
}

/**
 * Takes an admin's right to the team away (the last owner stays); an admin whose current team
 * it was is left without one.
 */
export async function removeTeamAdmin(
  deps: Pick<TeamAdministrationDeps, 'accounts' | 'teamAdmins'>,
  teamId: string,
  adminId: string,
): Promise<void> {
  const link = await deps.teamAdmins.link(teamId, adminId);
  if (!link) throw new DomainError('ADMIN_NOT_FOUND');
  await deps.teamAdmins.removeAdmin(teamId, link);
  await deps.accounts.setCurrentTeam(adminId, null, teamId);
}
