import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoading } from '@/components/loading-overlays';

/** Screens reachable without login: login and sign-up, password reset, after sign-up. */
export function PublicRoute() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}
