import '@/styles/rotation.css';
import { Navigate } from 'react-router';
import { RotationPage } from '@/features/rotation/components/rotation-page';
import { useSessionIdParam } from './session-id';

/** /admin/rotation?id=…: the rotation board of a session; without one, check-in's day list. */
export default function Rotation() {
  const id = useSessionIdParam();
  return id ? <RotationPage key={id} sessionId={id} /> : <Navigate to="/signlist" replace />;
}
