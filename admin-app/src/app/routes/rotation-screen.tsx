import '@/styles/rotation.css';
import { useSearchParams } from 'react-router';
import { VenueScreen } from '@/features/rotation/components/venue-screen';
import { useSessionIdParam } from './session-id';

/** /admin/screen/rotation?id=…&token=…: the venue screen, open without login (the token is the key). */
export default function RotationScreen() {
  const [params] = useSearchParams();
  const id = useSessionIdParam();
  const token = params.get('token') ?? '';
  return <VenueScreen key={token} token={token} sessionId={id} />;
}
