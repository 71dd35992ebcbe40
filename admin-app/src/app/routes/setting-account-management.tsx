import { fetchQuery } from '@shuttle/shared/web/query.ts';
import { AccountManagementPage } from '@/features/settings/components/account-management-page';
import { getTeamList } from '@/features/teams/api/get-team-list';
import { teamKeys } from '@/features/teams/api/keys';
import { updateCurrentTeam } from '@/features/teams/api/update-current-team';
import { acceptLogin } from '@/lib/auth';
import { refreshProfile } from '../auth-check';

/** After leaving a team: move to another team the admin runs, or to /signedup when none is left. */
async function afterLeaving(): Promise<void> {
  const teams = await fetchQuery(teamKeys.mine, getTeamList).catch(() => []);
  const next = teams[0];
  if (next) acceptLogin(await updateCurrentTeam(next.team_id));
  else await refreshProfile();
}

export default function AccountManagement() {
  return <AccountManagementPage onLeftTeam={afterLeaving} />;
}
