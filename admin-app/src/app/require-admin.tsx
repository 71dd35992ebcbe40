import { FullScreenLoading } from '@shuttle/shared/web/loading-overlays.tsx';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import { verifyAdminLogin } from './auth-check';

/**
 * The admin login guard: without a token the visitor goes to /admin/login (and
 * comes back after); a stored token is checked once; an admin without a team is sent to
 * create one.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { token, profile, status } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (token && status === 'checking') void verifyAdminLogin();
  }, [token, status]);

  if (!token) {
    const here = `${location.pathname}${location.search}`;
    const next = here === '/' ? '' : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  if (status !== 'authenticated' || !profile) return <FullScreenLoading />;
  if (!profile.currentTeamId) return <Navigate to="/signedup" replace />;
  return <>{children}</>;
}
