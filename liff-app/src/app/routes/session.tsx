import { useSearchParams } from 'react-router';
import { CancelBookingButton } from '@/features/booked/components/cancel-booking';
import { isCancellable } from '@/features/booked/model/cancellable';
import { NextGameLine } from '@/features/rotation/components/next-game-line';
import { SessionDetailView } from '@/features/sessions/components/session-detail';

/** /session?id=…: the detail, with cancelling from the booked feature and the player's next game slotted in. */
export default function SessionRoute() {
  const [params] = useSearchParams();
  return (
    <SessionDetailView
      sessionId={params.get('id')}
      openJoin={params.get('action') === 'join'}
      renderBookingActions={(session) => (
        <>
          {/* On the evening itself: 你下一場在 2 號場 from the session's rotation board (issue 21). */}
          {session.status === 'inProgress' && session.myBooking?.status === 'accepted' && (
            <NextGameLine sessionId={session.id} />
          )}
          {isCancellable(session) ? <CancelBookingButton session={session} /> : null}
        </>
      )}
    />
  );
}
