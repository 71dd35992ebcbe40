import {
  type AdminTeamItem,
  DEFAULT_SCORING,
  type DefaultData,
  FAIR_SIGNUP_LIMITS,
  quietHoursOf,
  type TeamNameItem,
} from '@shuttle/shared';
import type { LineUsage } from '#teams/line-usage-repository.ts';
import { groupAnnouncementsOf, type TeamRecord, teamLanguageOf, type VenueRecord } from '#teams/repository.ts';
import type { InviteRecord, TeamAdminLink } from '#teams/team-admin-repository.ts';

/** A team in the member app's team lists; `mine` holds the teams the player belongs to. */
export function toTeamNameItem(team: TeamRecord, mine: ReadonlySet<string>): TeamNameItem {
  return {
    team_id: team.id,
    team_name: team.name,
    default_region: team.defaultRegion ?? '',
    amount_of_member: team.memberCount ?? 0,
    is_in: mine.has(team.id),
  };
}

/** A team the admin runs, with their role in it. */
export function toAdminTeamItem(team: TeamRecord, link: TeamAdminLink, currentTeamId: string | null): AdminTeamItem {
  return {
    team_id: team.id,
    team_name: team.name,
    default_region: team.defaultRegion ?? '',
    amount_of_member: team.memberCount ?? 0,
    role: link.role,
    is_current: team.id === currentTeamId,
  };
}

export function toDefaultData(team: TeamRecord, lineUsage: LineUsage): DefaultData {
  return {
    team_id: team.id,
    team_name: team.name,
    default_place_name: team.defaultPlaceName ?? '',
    default_price: team.defaultPrice ?? 0,
    default_location: team.defaultLocation ?? '',
    default_region: team.defaultRegion ?? '',
    default_line: team.defaultLine ?? '',
    line_group_id: team.lineGroupId ?? '',
    line_group_name: team.lineGroupId ? (team.lineGroupName ?? '') : '',
    private_rules: team.privateRules ?? '',
    cancel_window_minutes: team.cancelWindowMinutes,
    join_rule: team.joinRule ?? 'open',
    signupMode: team.signupMode ?? 'firstCome',
    lotteryMinutes: team.lotteryMinutes ?? FAIR_SIGNUP_LIMITS.defaultLotteryMinutes,
    waitlistOfferMinutes: team.waitlistOfferMinutes ?? 0,
    quietHours: quietHoursOf(team.quietHours),
    memberPriorityHours: team.memberPriorityHours ?? 0,
    scoring: team.scoring ?? DEFAULT_SCORING,
    levelCheck: team.levelCheck ?? 'declared',
    group_announcements: groupAnnouncementsOf(team),
    language: teamLanguageOf(team),
    line_usage: lineUsage,
  };
}

export const toVenue = (v: VenueRecord) => ({
  venue_id: v.venueId,
  name: v.name,
  address: v.address,
  region: v.region,
  courts: v.courts,
});

/** A team's admins (owners first, then by name; `me` marked) and pending invitations by email. */
export function toTeamAdmins(links: TeamAdminLink[], invites: InviteRecord[], me: string) {
  return {
    admins: links
      .map((l) => ({
        adminId: l.adminId,
        displayName: l.displayName,
        email: l.email,
        role: l.role,
        isMe: l.adminId === me,
      }))
      .sort((a, b) => (a.role === b.role ? a.displayName.localeCompare(b.displayName) : a.role === 'owner' ? -1 : 1)),
    invites: invites
      .map((i) => ({ email: i.email, role: i.role, expiresAt: i.expiresAt }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  };
}
