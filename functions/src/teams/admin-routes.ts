import { createHmac, randomBytes } from 'node:crypto';
import { ADMIN_LIMITS, type AdminTeamItem, adminRoutes, type DefaultData } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import { ttlAt } from '#db/keys.ts';
import { DomainError } from '#platform/errors.ts';
import { contractRoutes } from '#platform/http.ts';
import type { AdminServices } from '#app/admin-services.ts';
import type { AdminTeamRecord, InviteRecord, TeamAdminLink, VenueRecord } from './admins.ts';

export function toDefaultData(team: AdminTeamRecord): DefaultData {
  return {
    team_id: team.id,
    team_name: team.name,
    default_place_name: team.defaultPlaceName ?? '',
    default_price: team.defaultPrice ?? 0,
    default_location: team.defaultLocation ?? '',
    default_region: team.defaultRegion ?? '',
    default_line: team.defaultLine ?? '',
    line_group_id: team.lineGroupId ?? '',
    private_rules: team.privateRules ?? '',
    cancel_window_minutes: team.cancelWindowMinutes,
  };
}

export const toVenue = (v: VenueRecord) => ({
  venue_id: v.venueId,
  name: v.name,
  address: v.address,
  region: v.region,
  courts: v.courts,
});

function teamItem(team: AdminTeamRecord, link: TeamAdminLink, currentTeamId: string | null): AdminTeamItem {
  return {
    team_id: team.id,
    team_name: team.name,
    default_region: team.defaultRegion ?? '',
    amount_of_member: team.memberCount ?? 0,
    role: link.role,
    is_current: team.id === currentTeamId,
  };
}

const INVITE_MS = ADMIN_LIMITS.inviteDays * 86_400_000;

export function teamSettingRoutes(s: AdminServices) {
  const inviteHash = (token: string) => createHmac('sha256', s.pepper).update(`invite:${token}`).digest('hex');

  const admins = async (teamId: string, adminId: string) => {
    const now = s.clock.now().getTime();
    const [links, invites] = await Promise.all([s.adminTeams.adminsOf(teamId), s.adminTeams.invitesOf(teamId)]);
    return {
      admins: links
        .map((l) => ({
          adminId: l.adminId,
          displayName: l.displayName,
          email: l.email,
          role: l.role,
          isMe: l.adminId === adminId,
        }))
        .sort((a, b) => (a.role === b.role ? a.displayName.localeCompare(b.displayName) : a.role === 'owner' ? -1 : 1)),
      invites: invites
        .filter((i) => Date.parse(i.expiresAt) > now)
        .map((i) => ({ email: i.email, role: i.role, expiresAt: i.expiresAt }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    };
  };

  return contractRoutes(
    adminRoutes,
    {
      'setting/createTeam': async (input, { admin }) => {
        const record = await s.accounts.require(admin!.adminId);
        const team = await s.adminTeams.create(
          {
            id: `team-${s.ids().slice(0, 16)}`,
            name: input.team_name,
            defaultRegion: input.default_region,
            defaultPlaceName: input.default_place_name,
            defaultLocation: input.default_location,
            defaultPrice: input.default_price,
            defaultLine: input.default_line,
            createdAt: s.clock.now().toISOString(),
            createdBy: record.adminId,
          },
          { adminId: record.adminId, displayName: record.displayName, email: record.email },
        );
        const link = (await s.adminTeams.link(team.id, record.adminId))!;
        return { team: teamItem(team, link, team.id), currentTeamId: team.id };
      },

      'setting/getTeamListByUser': async (_, { admin }) => {
        const links = await s.adminTeams.teamsOf(admin!.adminId);
        const teams = await s.adminTeams.teams(links.map((l) => l.teamId));
        return links
          .flatMap((link) => {
            const team = teams.get(link.teamId);
            return team ? [teamItem(team, link, admin!.currentTeamId)] : [];
          })
          .sort((a, b) => a.team_name.localeCompare(b.team_name, 'zh-TW'));
      },

      'setting/updateCurrentTeam': async ({ teamId }, { admin }) => {
        await s.scope.requireTeam(admin!, teamId);
        await s.accounts.setCurrentTeam(admin!.adminId, teamId);
        return s.issueToken(await s.accounts.require(admin!.adminId));
      },

      'setting/getTeamNameList': async () => {
        const teams = await s.teams.list();
        return teams.map((t) => ({ team_id: t.id, team_name: t.name, default_region: t.defaultRegion ?? '' }));
      },

      'get-default-data': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return toDefaultData(await s.adminTeams.team(access.teamId));
      },
      'setting/defaultData': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return toDefaultData(await s.adminTeams.team(access.teamId));
      },

      'setting/updateDefault': async ({ teamId, ...changes }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        const team = await s.adminTeams.updateSettings(access.teamId, {
          name: changes.team_name,
          defaultPlaceName: changes.default_place_name,
          defaultPrice: changes.default_price,
          defaultLocation: changes.default_location,
          defaultRegion: changes.default_region,
          defaultLine: changes.default_line,
          cancelWindowMinutes: changes.cancel_window_minutes,
        });
        return toDefaultData(team);
      },
      'setting/updatePrivateRules': async ({ teamId, private_rules }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return toDefaultData(await s.adminTeams.updateSettings(access.teamId, { privateRules: private_rules }));
      },
      'setting/updateLine': async ({ teamId, default_line, line_group_id }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return toDefaultData(
          await s.adminTeams.updateSettings(access.teamId, { defaultLine: default_line, lineGroupId: line_group_id }),
        );
      },

      'setting/getCourts': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return (await s.adminTeams.venues(access.teamId)).map(toVenue);
      },
      'setting/saveVenue': async ({ teamId, venue_id, ...venue }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        const saved = await s.adminTeams.saveVenue(
          {
            type: 'venue',
            teamId: access.teamId,
            venueId: venue_id ?? s.ids().slice(0, 16),
            name: venue.name,
            address: venue.address,
            region: venue.region,
            courts: venue.courts,
            updatedAt: s.clock.now().toISOString(),
          },
          venue_id !== undefined,
        );
        return toVenue(saved);
      },
      'setting/deleteVenue': async ({ teamId, venue_id }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        await s.adminTeams.deleteVenue(access.teamId, venue_id);
        return (await s.adminTeams.venues(access.teamId)).map(toVenue);
      },

      'setting/getAdmins': async ({ teamId }, { admin }) => {
        const access = await s.scope.team(admin!, teamId);
        return admins(access.teamId, admin!.adminId);
      },

      'setting/inviteAdmin': async ({ teamId, email, role }, { admin }) => {
        const access = await s.scope.owner(admin!, teamId);
        const [team, inviter] = await Promise.all([
          s.adminTeams.team(access.teamId),
          s.accounts.require(admin!.adminId),
        ]);
        const now = s.clock.now();
        const token = randomBytes(32).toString('base64url');
        const invite: InviteRecord = {
          type: 'invite',
          teamId: team.id,
          teamName: team.name,
          email,
          role,
          invitedBy: admin!.adminId,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + INVITE_MS).toISOString(),
        };
        await s.adminTeams.putInvite(inviteHash(token), invite, ttlAt(now, INVITE_MS / 1000));
        const lng = inviter.language;
        const vars = {
          inviter: inviter.displayName,
          team: team.name,
          role: translate(lng, 'accounts', `invite.roles.${role}`),
          link: `${s.appBaseUrl}/admin/login?invite=${token}`,
          days: ADMIN_LIMITS.inviteDays,
        };
        try {
          await s.mailer.send({
            to: email,
            subject: translate(lng, 'accounts', 'invite.subject', vars),
            text: translate(lng, 'accounts', 'invite.body', vars),
          });
        } catch (error) {
          console.error('Invitation email failed', error instanceof Error ? error.message : error);
          await s.adminTeams.dropInvite(inviteHash(token));
          throw new DomainError('EMAIL_SEND_FAILED');
        }
        return { email, role, expiresAt: invite.expiresAt };
      },

      'setting/acceptInvite': async ({ token }, { admin }) => {
        const hash = inviteHash(token);
        const invite = await s.adminTeams.invite(hash);
        if (!invite || Date.parse(invite.expiresAt) <= s.clock.now().getTime()) throw new DomainError('INVITE_INVALID');
        const record = await s.accounts.require(admin!.adminId);
        const link = await s.adminTeams.acceptInvite(
          hash,
          invite,
          { adminId: record.adminId, displayName: record.displayName, email: record.email },
          s.clock.now().toISOString(),
        );
        if (!record.currentTeamId) await s.accounts.setCurrentTeam(record.adminId, invite.teamId);
        const team = await s.adminTeams.team(invite.teamId);
        return teamItem(team, link, record.currentTeamId ?? invite.teamId);
      },

      'setting/removeAdmin': async ({ teamId, adminId }, { admin }) => {
        const self = adminId === admin!.adminId;
        const access = self ? await s.scope.team(admin!, teamId) : await s.scope.owner(admin!, teamId);
        const link = await s.adminTeams.link(access.teamId, adminId);
        if (!link) throw new DomainError('ADMIN_NOT_FOUND');
        await s.adminTeams.removeAdmin(access.teamId, link);
        await s.accounts.setCurrentTeam(adminId, null, access.teamId);
        return admins(access.teamId, admin!.adminId);
      },
    },
    s.http,
  );
}
