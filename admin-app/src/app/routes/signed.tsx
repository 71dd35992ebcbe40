import { Navigate } from 'react-router';
import { SignedPage } from '@/features/checkin/components/signed-page';
import { useSessionIdParam } from './session-id';

/** /admin/signed?id=…: check-in of a session; without one, the day's list to pick from. */
export default function Signed() {
  const id = useSessionIdParam();
  return id ? <SignedPage key={id} sessionId={id} /> : <Navigate to="/signlist" replace />;
}
