import { Navigate } from 'react-router';
import { SettlementPage } from '@/features/settlement/components/settlement-page';
import { useSessionIdParam } from './session-id';

/** /admin/settlement?id=…: the night's settlement of a session; without one, the day's check-in list. */
export default function Settlement() {
  const id = useSessionIdParam();
  return id ? <SettlementPage key={id} sessionId={id} /> : <Navigate to="/signlist" replace />;
}
