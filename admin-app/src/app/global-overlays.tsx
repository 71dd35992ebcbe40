import { LoadingOverlays } from '@shuttle/shared/web/loading-overlays.tsx';
import { useStore } from '@shuttle/shared/web/store.ts';
import { modalStore } from '@shuttle/shared/web/ui-store.ts';
import { lazy, Suspense, useEffect } from 'react';

const loadModal = () => import('@shuttle/shared/web/notification-modal.tsx');
const NotificationModal = lazy(() => loadModal().then((m) => ({ default: m.NotificationModal })));

/** The loading overlays (isLoading1, isLoading2) and the notification modal, over every screen. */
export function GlobalOverlays() {
  const modalShown = useStore(modalStore, (s) => s.show);
  // Fetched ahead, after the first screen (3 s on, when idle), not beside it; a modal wanted
  // sooner loads on demand (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 0));
    const timer = window.setTimeout(() => idle(() => void loadModal().catch(() => undefined)), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <>
      <LoadingOverlays />
      <Suspense fallback={null}>{modalShown && <NotificationModal />}</Suspense>
    </>
  );
}
