import { Navigate } from 'react-router';
import { SessionDetailPage } from '@/features/sessions/components/session-detail-page';
import { useSessionIdParam } from './session-id';

export default function Detail() {
  const id = useSessionIdParam();
  return id ? <SessionDetailPage key={id} sessionId={id} /> : <Navigate to="/" replace />;
}
