import { LoadingOverlays } from '@shuttle/shared/web/loading-overlays.tsx';
import { useStore } from '@shuttle/shared/web/store.ts';
import { modalStore } from '@shuttle/shared/web/ui-store.ts';
import { lazy, Suspense, useEffect } from 'react';
import { afterFirstScreen } from '@/lib/first-screen-drawn';
import { textsComplete } from '@/lib/i18n';
import { needsExternalBrowser } from '@/lib/user-agent';
import { loginPromptStore } from '@/stores/login-prompt';

// Each with every text, which the first screen goes without (lib/i18n.ts).
const withTexts = <M,>(load: () => Promise<M>) => Promise.all([load(), textsComplete()]).then(([m]) => m);
const loadModal = () => withTexts(() => import('@shuttle/shared/web/notification-modal.tsx'));
const loadLoginPrompt = () => withTexts(() => import('@/components/login-prompt'));
const NotificationModal = lazy(() => loadModal().then((m) => ({ default: m.NotificationModal })));
const LoginPrompt = lazy(() => loadLoginPrompt().then((m) => ({ default: m.LoginPrompt })));
const InAppBrowserNotice = lazy(() =>
  withTexts(() => import('@/components/in-app-browser-notice')).then((m) => ({ default: m.InAppBrowserNotice })),
);

/**
 * Overlays above every screen. The loading overlays are tiny and always present; the modal, the
 * login prompt and the in-app-browser notice load when first needed (and are prefetched once
 * the first screen is idle), which keeps them out of the first download.
 */
export function GlobalOverlays() {
  const modalShown = useStore(modalStore, (s) => s.show);
  const loginPromptOpen = useStore(loginPromptStore, (s) => s.open);
  const inAppBrowser = needsExternalBrowser(navigator.userAgent);

  useEffect(() => {
    void afterFirstScreen().then(() => {
      void loadModal().catch(() => undefined);
      void loadLoginPrompt().catch(() => undefined);
    });
  }, []);

  return (
    <>
      <LoadingOverlays />
      <Suspense fallback={null}>
        {modalShown && <NotificationModal />}
        {/* In Facebook or Instagram signing in cannot work: the notice explains that instead. */}
        {loginPromptOpen && !inAppBrowser && <LoginPrompt />}
        {inAppBrowser && <InAppBrowserNotice />}
      </Suspense>
    </>
  );
}
