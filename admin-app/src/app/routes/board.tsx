import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { BoardPage } from '@/features/board/components/board-page';
import { useTeamList } from '@/features/teams/api/get-team-list';
import { useAuth } from '@/lib/auth';

export default function Board() {
  const { profile } = useAuth();
  const teams = useTeamList();
  const team = teams.data?.find((t) => t.team_id === profile?.currentTeamId);
  return <BoardPage teamName={team?.team_name} banner={<VerifyEmailBanner />} />;
}
