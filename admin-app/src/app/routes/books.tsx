import { ReportsPage } from '@/features/reports/components/reports-page';
import { SessionBooksPage } from '@/features/sessions/components/session-books-page';
import { useSessionIdParam } from './session-id';

/** /admin/books?id=…: a session's bookings; without a session, the revenue reports. */
export default function Books() {
  const id = useSessionIdParam();
  return id ? <SessionBooksPage key={id} sessionId={id} /> : <ReportsPage />;
}
