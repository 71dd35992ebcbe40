import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import {
  CalendarIcon,
  ChartIcon,
  ClipboardCheckIcon,
  CloseIcon,
  CoinIcon,
  GearIcon,
  HomeIcon,
  LogoutIcon,
  MenuIcon,
  UsersIcon,
} from '@shuttle/shared/web/icons.tsx';
import { AppLogo, Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { TeamSwitcher } from '@/features/teams/components/team-switcher';
import { clearLogin, useAuth } from '@/lib/auth';
import { refreshProfile } from './auth-check';
import { useStartupCheck } from './startup-check';

// The logout confirmation comes with its first opening, not with every screen's first load: the
// dialog, its focus trap and scroll lock are not part of the first screen (docs/PLAYER-EXPERIENCE.md,
// "Speed", for admins).
const ConfirmDialog = lazy(() => import('@shuttle/shared/web/dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

const NAV = [
  { to: '/', key: 'board', icon: HomeIcon, end: true },
  { to: '/create', key: 'create', icon: CalendarIcon, end: false },
  { to: '/signlist', key: 'signlist', icon: ClipboardCheckIcon, end: false },
  { to: '/members', key: 'members', icon: UsersIcon, end: false },
  { to: '/books', key: 'reports', icon: ChartIcon, end: false },
  { to: '/money', key: 'money', icon: CoinIcon, end: false },
  { to: '/setting', key: 'settings', icon: GearIcon, end: false },
] as const;

/** The signed-in frame: sidebar (a drawer on phones), team switcher, language, account, logout. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  // Logging out asks first: the button sits in the top bar beside the avatar (issue 22).
  const [leaving, setLeaving] = useState(false);
  useStartupCheck(profile?.currentTeamId ?? null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever the page changes
  useEffect(() => setDrawer(false), [pathname]);

  const logout = () => {
    clearLogin();
    removeQueries();
    navigate('/login', { replace: true });
  };

  return (
    <div className={`shell${drawer ? ' shell--drawer' : ''}`}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <aside className="sidebar" id="sidebar" aria-label={t('nav.label')}>
        <div className="sidebar__brand">
          <AppLogo size={34} />
          <span className="brand__name">Shuttle</span>
          <span className="brand__tag">Admin</span>
          <button
            type="button"
            className="icon-button sidebar__close"
            aria-label={t('nav.closeMenu')}
            onClick={() => setDrawer(false)}
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="sidebar__nav">
          {NAV.map(({ to, key, icon: Icon, end }) => (
            <NavLink key={to} to={to} end={end} className="sidebar__link" data-testid={`nav-${key}`}>
              <Icon size={20} />
              <span>{t(`nav.${key}`)}</span>
            </NavLink>
          ))}
        </nav>
        <p className="sidebar__footer">{t('app.version', { version: __APP_VERSION__ })}</p>
      </aside>
      <button
        type="button"
        className="shell__scrim"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => setDrawer(false)}
      />
      <div className="shell__main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label={t('nav.openMenu')}
            aria-controls="sidebar"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
          >
            <MenuIcon />
          </button>
          <TeamSwitcher refreshProfile={refreshProfile} />
          <div className="topbar__spacer" />
          <LanguageSelect compact />
          <span className="topbar__user" data-testid="admin-name">
            <Avatar src={profile?.pictureUrl ?? ''} name={profile?.displayName ?? ''} size={32} />
            <span className="topbar__user-name">{profile?.displayName}</span>
          </span>
          <button
            type="button"
            className="button button--ghost button--small topbar__logout"
            onClick={() => setLeaving(true)}
            aria-label={t('account.logout')}
            data-testid="logout"
          >
            <LogoutIcon size={18} />
            <span className="topbar__logout-text">{t('account.logout')}</span>
          </button>
        </header>
        {/* Outside the top bar, so the bar's own box and stacking do not clip or cover the dialog. */}
        {leaving && (
          <Suspense fallback={null}>
            <ConfirmDialog
              open
              title={t('moneyScreens.logoutTitle')}
              confirmLabel={t('account.logout')}
              onConfirm={logout}
              onCancel={() => setLeaving(false)}
              testId="logout-confirm"
            >
              <p>{t('moneyScreens.logoutText')}</p>
            </ConfirmDialog>
          </Suspense>
        )}
        <main className="content" id="main" tabIndex={-1}>
          <Suspense fallback={<Spinner />}>
            {/* Every screen belongs to the current team: a team switch starts them afresh. */}
            <Outlet key={profile?.currentTeamId ?? ''} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
