import { useSearchParams } from 'react-router';
import { SelfCheckInPage } from '@/features/booked/components/self-check-in-page';

/** /checkin?id=…&code=…: self check-in by the QR shown at the venue. */
export default function SelfCheckInRoute() {
  const [params] = useSearchParams();
  return <SelfCheckInPage sessionId={params.get('id')} code={params.get('code')} />;
}
