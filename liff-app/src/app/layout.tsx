import { HomeIcon, SettingsIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useScrollRestoration } from '@/hooks/use-scroll-restoration';

const WITH_NAV = new Set(['/', '/setting']);

function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <NavLink to="/" end className="bottom-nav__item">
        <HomeIcon size={22} />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink to="/setting" end className="bottom-nav__item">
        <SettingsIcon size={22} />
        <span>{t('nav.settings')}</span>
      </NavLink>
    </nav>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  const withNav = WITH_NAV.has(pathname);
  useScrollRestoration();
  return (
    <div className={`app-shell${withNav ? ' app-shell--nav' : ''}`}>
      <main id="main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      {withNav && <BottomNav />}
    </div>
  );
}
