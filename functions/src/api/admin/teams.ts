import { adminTeamRoutes } from '@shuttle/shared';
import { type AdminTokenDeps, issueAdminToken } from '#admin-accounts/admin-tokens.ts';
import {
  acceptTeamInvite,
  foundTeam,
  inviteTeamAdmin,
  removeTeamAdmin,
  type TeamAdministrationDeps,
} from '#admin-accounts/team-administration.ts';
import type { TeamScope } from '#admin-accounts/team-scope.ts';
import { toAdminTeamItem, toDefaultData, toTeamAdmins, toVenue } from '#api/views/teams.ts';
import type { Store } from '#db/client.ts';
import { recordTeamNews } from '#outbox/news.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes } from '#platform/http.ts';
import { LineBindings } from '#teams/line-binding.ts';
import type { LineUsageRepository } from '#teams/line-usage-repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';
import { groupAnnouncementsOf, type TeamRecord } from '#teams/repository.ts';

export interface TeamAdminRouteDeps extends TeamAdministrationDeps, AdminTokenDeps {
  scope: TeamScope;
  store: Store;
  /** The team's `teamNotices` rate bucket (app/limits.ts), counted by `team/postNews`. */
  teamNotices: (teamId: string) => Promise<void>;
  /** The team's LINE usage this month (default data) and its members (news). */
  lineUsage: LineUsageRepository;
  memberships: Pick<MembershipRepository, 'membersOf'>;
  http: ContractAppOptions;
}

export function teamSettingRoutes(s: TeamAdminRouteDeps) {
  const lineBindings = new LineBindings(s.store);
  const defaultData = async (team: TeamRecord) => toDefaultData(team, await s.lineUsage.read(team, s.clock.now()));
  const admins = async (teamId: string, me: string) => {
    const [links, invites] = await Promise.all([
      s.teamAdmins.adminsOf(teamId),
      s.teamAdmins.pendingInvitesOf(teamId, s.clock.now()),
    ]);
    return toTeamAdmins(links, invites, me);
  };

  return contractRoutes(
    adminTeamRoutes,
    {
      'setting/createTeam': async (input, { admin }) => {
        const { team, link, currentTeamId } = await foundTeam(s, admin.adminId, {
          name: input.team_name,
          defaultRegion: input.default_region,
          defaultPlaceName: input.default_place_name,
          defaultLocation: input.default_location,
          defaultPrice: input.default_price,
          defaultLine: input.default_line,
        });
        return { team: toAdminTeamItem(team, link, currentTeamId), currentTeamId: team.id };
      },

      'setting/getTeamListByUser': async (_, { admin }) => {
        const links = await s.teamAdmins.teamsOf(admin.adminId);
        const teams = await s.teams.getMany(links.map((l) => l.teamId));
        return links
          .flatMap((link) => {
            const team = teams.get(link.teamId);
            return team ? [toAdminTeamItem(team, link, admin.currentTeamId)] : [];
          })
          .sort((a, b) => a.team_name.localeCompare(b.team_name, 'zh-TW'));
      },

      'setting/updateCurrentTeam': async (_, { admin, refs }) => {
        await s.accounts.setCurrentTeam(admin.adminId, refs.teamId.teamId);
        return issueAdminToken(s, await s.accounts.require(admin.adminId));
      },

      'setting/getTeamNameList': async () => {
        const teams = await s.teams.list();
        return teams.map((t) => ({ team_id: t.id, team_name: t.name, default_region: t.defaultRegion ?? '' }));
      },

      'get-default-data': async (_, { refs }) => {
        const access = refs.teamId;
        return defaultData(await s.teams.require(access.teamId));
      },
      'setting/defaultData': async (_, { refs }) => {
        const access = refs.teamId;
        return defaultData(await s.teams.require(access.teamId));
      },

      'setting/updateDefault': async ({ teamId, ...changes }, { refs }) => {
        const access = refs.teamId;
        const team = await s.teams.updateSettings(access.teamId, {
          name: changes.team_name,
          defaultPlaceName: changes.default_place_name,
          defaultPrice: changes.default_price,
          defaultLocation: changes.default_location,
          defaultRegion: changes.default_region,
          defaultLine: changes.default_line,
          cancelWindowMinutes: changes.cancel_window_minutes,
          joinRule: changes.join_rule,
          signupMode: changes.signupMode,
          lotteryMinutes: changes.lotteryMinutes,
          waitlistOfferMinutes: changes.waitlistOfferMinutes,
          quietHours: changes.quietHours,
          memberPriorityHours: changes.memberPriorityHours,
          scoring: changes.scoring,
          levelCheck: changes.levelCheck,
        });
        return defaultData(team);
      },
      'setting/updatePrivateRules': async ({ private_rules }, { refs }) => {
        const access = refs.teamId;
        return defaultData(await s.teams.updateSettings(access.teamId, { privateRules: private_rules }));
      },
      'setting/updateLine': async ({ default_line }, { refs }) => {
        const access = refs.teamId;
        return defaultData(await s.teams.updateSettings(access.teamId, { defaultLine: default_line }));
      },
      'setting/updateGroupAnnouncements': async ({ teamId, ...changes }, { refs }) => {
        const access = refs.teamId;
        const team = await s.teams.require(access.teamId);
        const { line_monthly_budget: lineMonthlyBudget, language, ...switches } = changes;
        const groupAnnouncements = { ...groupAnnouncementsOf(team), ...switches };
        return defaultData(
          await s.teams.updateSettings(access.teamId, { groupAnnouncements, lineMonthlyBudget, language }),
        );
      },
      'team/postNews': async ({ text }, { refs }) => {
        const access = refs.teamId;
        await s.teamNotices(access.teamId);
        return recordTeamNews(s, await s.teams.require(access.teamId), text, s.clock.now());
      },
      'setting/lineBindCode': async (_, { refs }) => {
        const access = refs.teamId;
        return lineBindings.issue(access.teamId, s.clock.now());
      },
      'setting/lineUnbind': async (_, { refs }) => {
        const access = refs.teamId;
        return defaultData(await lineBindings.unbindTeam(access.teamId));
      },

      'setting/getCourts': async (_, { refs }) => {
        const access = refs.teamId;
        return (await s.teams.venues(access.teamId)).map(toVenue);
      },
      'setting/saveVenue': async ({ teamId, venue_id, ...venue }, { refs }) => {
        const access = refs.teamId;
        const saved = await s.teams.saveVenue(
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
      'setting/deleteVenue': async ({ venue_id }, { refs }) => {
        const access = refs.teamId;
        await s.teams.deleteVenue(access.teamId, venue_id);
        return (await s.teams.venues(access.teamId)).map(toVenue);
      },

      'setting/getAdmins': async (_, { admin, refs }) => {
        const access = refs.teamId;
        return admins(access.teamId, admin.adminId);
      },

      'setting/inviteAdmin': async ({ email, role }, { admin, refs }) => {
        const access = refs.teamId;
        return inviteTeamAdmin(s, access.teamId, admin.adminId, { email, role });
      },

      'setting/acceptInvite': async ({ token }, { admin }) => {
        const { team, link, currentTeamId } = await acceptTeamInvite(s, admin.adminId, token);
        return toAdminTeamItem(team, link, currentTeamId);
      },

      'setting/removeAdmin': async ({ adminId }, { admin, refs }) => {
        const self = adminId === admin.adminId;
        const access = refs.teamId;
        // Anyone may leave; removing someone else is the owner's.
        if (!self && access.role !== 'owner') throw new DomainError('OWNER_ONLY');
        await removeTeamAdmin(s, access.teamId, adminId);
        return admins(access.teamId, admin.adminId);
      },
    },
    s.http,
  );
}
