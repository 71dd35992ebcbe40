import { LoadingOverlays } from '@shuttle/shared/web/loading-overlays.tsx';
import { useStore } from '@shuttle/shared/web/store.ts';
import { modalStore } from '@shuttle/shared/web/ui-store.ts';
import { lazy, Suspense, useEffect } from 'react';
import { AFTER_FIRST_SCREEN_MS, idleAfter } from '@/lib/idle';

const loadModal = () => import('@shuttle/shared/web/notification-modal.tsx');
const NotificationModal = lazy(() => loadModal().then((m) => ({ default: m.NotificationModal })));

/** The loading overlays (isLoading1, isLoading2) and the notification modal, over every screen. */
export function GlobalOverlays() {
  const modalShown = useStore(modalStore, (s) => s.show);
  // Fetched ahead, after the first screen (3 s on, when idle), not beside it; a modal wanted
  // sooner loads on demand (docs/PLAYER-EXPERIENCE.md, "Speed", for admins).
  useEffect(() => {
    let mounted = true;
    void idleAfter(AFTER_FIRST_SCREEN_MS).then(() => (mounted ? loadModal().catch(() => undefined) : undefined));
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <>
      <LoadingOverlays />
      <Suspense fallback={null}>{modalShown && <NotificationModal />}</Suspense>
    </>
  );
}
