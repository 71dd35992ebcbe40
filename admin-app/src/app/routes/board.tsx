import { lazy, Suspense } from 'react';
import { prefetchBoard } from '@/features/board/api/get-board';
import { BoardPage } from '@/features/board/components/board-page';
import { useTeamList } from '@/features/teams/api/get-team-list';
import { useAuth } from '@/lib/auth';
import { textsComplete } from '@/lib/i18n';

// Only an admin whose email is not verified sees the banner: a chunk of its own, not part of
// every admin's first screen (docs/PLAYER-EXPERIENCE.md, "Speed", for admins). Its texts are not
// the first screen's: it waits for the whole texts, as every screen past the first does.
const VerifyEmailBanner = lazy(() =>
  Promise.all([import('@/features/auth/components/verify-email-banner'), textsComplete()]).then(([m]) => ({
    default: m.VerifyEmailBanner,
  })),
);

export default function Board() {
  const { profile } = useAuth();
  const teams = useTeamList();
  const team = teams.data?.find((t) => t.team_id === profile?.currentTeamId);
  const banner =
    profile && !profile.emailVerified ? (
      <Suspense fallback={null}>
        <VerifyEmailBanner />
      </Suspense>
    ) : null;
  return <BoardPage teamName={team?.team_name} banner={banner} />;
}

/** What the board can start before it renders (app/router.tsx, `preloadScreen`). */
export const prefetch = () => prefetchBoard();
