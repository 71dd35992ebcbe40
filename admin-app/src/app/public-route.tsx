import { FullScreenLoading } from '@shuttle/shared/web/loading-overlays.tsx';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

/** Screens reachable without login: login and sign-up, password reset, after sign-up. */
export function PublicRoute() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Outlet />
    </Suspense>
  );
}
