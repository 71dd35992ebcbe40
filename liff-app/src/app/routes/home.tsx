import { MEMBER_HOME_CATEGORIES, type MemberHomeCategory } from '@shuttle/shared';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SessionBrowser } from '@/features/sessions/components/session-browser';
import { useIsLoggedIn } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-drawn';
import { textsComplete } from '@/lib/i18n';
import { TopBar } from '../top-bar';

// The other tabs and the banner come with every text, which the first screen goes without (lib/i18n.ts).
const ReservedList = lazy(() =>
  Promise.all([import('@/features/booked/components/reserved-list'), textsComplete()]).then(([m]) => ({
    default: m.ReservedList,
  })),
);
const NextGameBanner = lazy(() =>
  afterFirstScreen().then(() => Promise.all([import('../next-game-banner'), textsComplete()]).then(([m]) => m)),
);
const HistoryView = lazy(() =>
  Promise.all([import('@/features/history/components/history-view'), textsComplete()]).then(([m]) => ({
    default: m.HistoryView,
  })),
);

function isCategory(value: string | null): value is MemberHomeCategory {
  return (MEMBER_HOME_CATEGORIES as readonly string[]).includes(value ?? '');
}

/** Home: bookable sessions, reserved sessions and history, as tabs (`?tab=`). */
export default function Home() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const raw = params.get('tab');
  const tab: MemberHomeCategory = isCategory(raw) ? raw : 'sessionList';
  const select = (next: MemberHomeCategory) => {
    const p = new URLSearchParams(params);
    if (next === 'sessionList') p.delete('tab');
    else p.set('tab', next);
    setParams(p);
  };
  return (
    <>
      <TopBar />
      <h1 className="sr-only">{t(`home.tabs.${tab}`)}</h1>
      {loggedIn && (
        <Suspense fallback={null}>
          <NextGameBanner />
        </Suspense>
      )}
      <div className="home-tabs" role="tablist" aria-label={t('home.tabsLabel')}>
        {MEMBER_HOME_CATEGORIES.map((category) => (
          <button
            key={category}
            type="button"
            role="tab"
            id={`tab-${category}`}
            aria-selected={tab === category}
            aria-controls="home-panel"
            className="home-tabs__item"
            onClick={() => select(category)}
          >
            {t(`home.tabs.${category}`)}
          </button>
        ))}
      </div>
      <div id="home-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="page-body">
        <Suspense fallback={<Spinner />}>
          {tab === 'sessionList' && <SessionBrowser />}
          {tab === 'reserved' && <ReservedList onBookNow={() => select('sessionList')} />}
          {tab === 'reservationHistory' && <HistoryView />}
        </Suspense>
      </div>
    </>
  );
}
