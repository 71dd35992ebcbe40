import { useBooked } from '@/features/booked/api/get-booked';
import { NextGameLine } from '@/features/rotation/components/next-game-line';
import { useIsLoggedIn } from '@/lib/auth';

/**
 * Home: 你下一場在 2 號場 for each session in progress the player has a place in (issue 21),
 * loaded after the first screen (docs/PLAYER-EXPERIENCE.md, "Speed").
 */
export default function NextGameBanner() {
  const loggedIn = useIsLoggedIn();
  const booked = useBooked(loggedIn);
  const playing = (booked.data ?? []).filter((s) => s.status === 'inProgress' && s.myBooking.status === 'accepted');
  if (playing.length === 0) return null;
  return (
    <div className="next-game-banner" data-testid="next-game-banner">
      {playing.map((s) => (
        <NextGameLine key={s.id} sessionId={s.id} />
      ))}
    </div>
  );
}
