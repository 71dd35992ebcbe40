import { useSearchParams } from 'react-router';
import { CancelBookingButton } from '@/features/booked/components/cancel-booking';
import { isCancellable } from '@/features/booked/model/cancellable';
import { SessionDetailView } from '@/features/sessions/components/session-detail';

/** /session?id=…: the detail, with cancelling from the booked feature slotted in. */
export default function SessionRoute() {
  const [params] = useSearchParams();
  return (
    <SessionDetailView
      sessionId={params.get('id')}
      openJoin={params.get('action') === 'join'}
      renderBookingActions={(session) => (isCancellable(session) ? <CancelBookingButton session={session} /> : null)}
    />
  );
}
