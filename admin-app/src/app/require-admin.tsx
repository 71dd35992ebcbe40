import { FullScreenLoading } from '@shuttle/shared/web/loading-overlays.tsx';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { verifyAdminLogin } from './auth-check';

/**
 * The admin login guard: without a token the visitor goes to /admin/login (and
 * comes back after); a stored token is checked once; an admin without a team is sent to
 * create one. The signed-in frame and its screen, once the check has answered, render in a
 * transition: React renders them in slices of a few milliseconds between which the browser stays
 * free, not in one long task (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token, profile, status } = useAuth();
  const location = useLocation();
  const checked = status === 'authenticated' && profile !== null;
  // Already checked at the first render (the check answered before React started): shown at once.
  const [shown, setShown] = useState(checked);

  useEffect(() => {
    if (token && status === 'checking') void verifyAdminLogin();
  }, [token, status]);
  useEffect(() => {
    if (checked && !shown) startTransition(() => setShown(true));
  }, [checked, shown]);

  if (!token) {
    const here = `${location.pathname}${location.search}`;
    const next = here === '/' ? '' : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  if (!checked || !shown) return <FullScreenLoading />;
  if (!profile.currentTeamId) return <Navigate to="/signedup" replace />;
  return <>{children}</>;
}
