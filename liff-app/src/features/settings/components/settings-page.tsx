import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { isLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import {
  BellIcon,
  CalendarIcon,
  ChartIcon,
  ChatIcon,
  ChevronRightIcon,
  DocIcon,
  ExternalIcon,
  GlobeIcon,
  HeartIcon,
  LogoutIcon,
  MailIcon,
  ShieldIcon,
  StarIcon,
  TeamIcon,
} from '@shuttle/shared/web/icons.tsx';
import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { clearLogin, useAuth } from '@/lib/auth';
import { liffLogout } from '@/lib/liff';
import { ADMIN_APP as ADMIN, CONTACT_LINE_URL } from '@/lib/links';
import { loginPath } from '@/lib/paths';
import { promptLogin } from '@/stores/login-prompt';
import { becomeLeader } from '../api/become-leader';
import { useAmountOfAttend } from '../api/get-amount-of-attend';
import { LanguageSheet } from './language-sheet';

interface ItemProps {
  icon: ReactNode;
  label: string;
  to?: string;
  href?: string;
  onClick?: () => void;
  detail?: string;
  testId?: string;
  tone?: 'danger';
}

function MenuItem({ icon, label, to, href, onClick, detail, testId, tone }: ItemProps) {
  const body = (
    <>
      <span className="menu__icon">{icon}</span>
      <span className="menu__label">{label}</span>
      {detail && <span className="menu__detail">{detail}</span>}
      {href ? (
        <ExternalIcon size={16} className="menu__chevron" />
      ) : (
        <ChevronRightIcon size={18} className="menu__chevron" />
      )}
    </>
  );
  const className = `menu__item${tone ? ` menu__item--${tone}` : ''}`;
  return (
    <li>
      {to ? (
        <Link to={to} className={className} data-testid={testId}>
          {body}
        </Link>
      ) : href ? (
        <a href={href} className={className} target="_blank" rel="noreferrer" data-testid={testId}>
          {body}
        </a>
      ) : (
        <button type="button" className={className} onClick={onClick} data-testid={testId}>
          {body}
        </button>
      )}
    </li>
  );
}

function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="menu">
      <h2 className="menu__title">{title}</h2>
      <ul className="menu__list">{children}</ul>
    </section>
  );
}

/** /setting: profile, team-leader and admin links, information pages, language, logout, version. */
export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { token, profile } = useAuth();
  const loggedIn = token !== null;
  const attend = useAmountOfAttend(loggedIn);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [leaderConfirm, setLeaderConfirm] = useState(false);

  const logout = async () => {
    clearLogin();
    removeQueries();
    await liffLogout().catch((error: unknown) => console.error('LINE logout failed', error));
    navigate('/', { replace: true });
    notify({ level: 'info', title: t('settings.loggedOutTitle'), message: t('settings.loggedOut') });
  };

  const startLeading = async () => {
    setLeaderConfirm(false);
    try {
      await withLightLoading(becomeLeader);
      window.location.assign(`${ADMIN}/`);
    } catch (error) {
      notify({ level: 'error', title: t('settings.items.becomeTeamLeader'), message: errorMessage(error) });
    }
  };

  return (
    <div className="settings" data-testid="settings">
      <header className="settings__header">
        <h1>{t('nav.settings')}</h1>
      </header>

      {loggedIn ? (
        <section className="profile-card" data-testid="profile-card">
          <Avatar
            src={profile?.pictureUrl ?? ''}
            name={profile?.displayName ?? ''}
            size={64}
            className="profile-card__avatar"
          />
          <div className="profile-card__text">
            <p className="profile-card__name">{profile?.displayName ?? t('loading.text')}</p>
            <p className="profile-card__meta">
              {profile ? t(`settings.provider.${profile.provider}`) : ''}
              {profile?.email && profile.emailVerified ? ` · ${profile.email}` : ''}
            </p>
            <p className="profile-card__attend" data-testid="attend-count">
              {attend.data ? t('settings.attended', { count: attend.data.attended }) : '\u00a0'}
            </p>
          </div>
        </section>
      ) : (
        <section className="profile-card profile-card--guest">
          <AppLogo size={56} />
          <div className="profile-card__text">
            <p className="profile-card__name">{t('settings.guest')}</p>
            <p className="profile-card__meta">{t('auth.notLoggedIn')}</p>
          </div>
          <Link to={loginPath('/setting')} className="button button--primary button--small">
            {t('auth.login')}
          </Link>
        </section>
      )}

      {profile?.isTeamLeader && (
        <MenuGroup title={t('settings.groups.teamLeader')}>
          {/* An admin has the admin panel link below: one link per page. */}
          {!profile.isAdmin && (
            <MenuItem icon={<CalendarIcon />} label={t('settings.items.sessionsManagement')} href={`${ADMIN}/`} />
          )}
          <MenuItem icon={<ChartIcon />} label={t('settings.items.revenueReports')} href={`${ADMIN}/books`} />
          <MenuItem icon={<TeamIcon />} label={t('settings.items.teamManagement')} href={`${ADMIN}/setting`} />
          <MenuItem icon={<TeamIcon />} label={t('settings.items.manageMyTeam')} href={`${ADMIN}/members`} />
        </MenuGroup>
      )}
      {profile?.isAdmin && (
        <MenuGroup title={t('settings.groups.admin')}>
          <MenuItem
            icon={<ShieldIcon />}
            label={t('settings.items.adminPanel')}
            href={`${ADMIN}/`}
            testId="admin-link"
          />
        </MenuGroup>
      )}

      <MenuGroup title={t('settings.groups.account')}>
        <MenuItem
          icon={<MailIcon />}
          label={t('settings.items.email')}
          detail={
            profile?.emailVerified ? t('settings.emailVerified') : loggedIn ? t('settings.emailNotSet') : undefined
          }
          to={loggedIn ? '/setting/email' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/email')}
          testId="menu-email"
        />
        <MenuItem
          icon={<BellIcon />}
          label={t('px.notify.menu')}
          to={loggedIn ? '/setting/notifications' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/notifications')}
          testId="menu-notifications"
        />
        <MenuItem
          icon={<CalendarIcon />}
          label={t('px.feed.title')}
          to={loggedIn ? '/setting/calendar' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/calendar')}
          testId="menu-calendar"
        />
        <MenuItem
          icon={<ChartIcon />}
          label={t('money.menu')}
          to={loggedIn ? '/setting/money' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/money')}
          testId="menu-money"
        />
        <MenuItem
          icon={<StarIcon />}
          label={t('money.gamesMenu')}
          to={loggedIn ? '/setting/games' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/games')}
          testId="menu-games"
        />
        <MenuItem
          icon={<ShieldIcon />}
          label={t('account.menu')}
          to={loggedIn ? '/setting/account' : undefined}
          onClick={loggedIn ? undefined : () => promptLogin('/setting/account')}
          testId="menu-account"
        />
        {!profile?.isTeamLeader && (
          <MenuItem
            icon={<StarIcon />}
            label={t('settings.items.becomeTeamLeader')}
            onClick={loggedIn ? () => setLeaderConfirm(true) : () => promptLogin('/setting')}
            testId="become-leader"
          />
        )}
        <MenuItem
          icon={<GlobeIcon />}
          label={t('settings.items.language')}
          detail={t(`language.names.${isLanguage(i18n.language) ? i18n.language : 'zh-TW'}`)}
          onClick={() => setLanguageOpen(true)}
          testId="menu-language"
        />
      </MenuGroup>

      <MenuGroup title={t('settings.groups.info')}>
        <MenuItem icon={<StarIcon />} label={t('settings.items.badmintonLevels')} to="/setting/badminton-levels" />
        <MenuItem icon={<ShieldIcon />} label={t('settings.items.privacy')} to="/setting/privacy-policy" />
        <MenuItem icon={<DocIcon />} label={t('settings.items.terms')} to="/setting/terms-of-service" />
        <MenuItem icon={<HeartIcon />} label={t('settings.items.aboutUs')} to="/setting/about-us" />
        <MenuItem icon={<ChatIcon />} label={t('settings.items.contactUs')} href={CONTACT_LINE_URL} />
      </MenuGroup>

      {loggedIn && (
        <ul className="menu__list menu__list--single">
          <MenuItem
            icon={<LogoutIcon />}
            label={t('settings.items.logout')}
            onClick={logout}
            tone="danger"
            testId="logout"
          />
        </ul>
      )}

      <footer className="settings__footer">
        <p data-testid="app-version">{t('settings.version', { version: __APP_VERSION__ })}</p>
        <p>{t('settings.footer', { year: new Date().getFullYear() })}</p>
      </footer>

      <LanguageSheet open={languageOpen} onClose={() => setLanguageOpen(false)} />
      <ConfirmDialog
        open={leaderConfirm}
        title={t('px.leader.confirmTitle')}
        confirmLabel={t('px.leader.confirm')}
        cancelLabel={t('px.leader.cancel')}
        onConfirm={startLeading}
        onCancel={() => setLeaderConfirm(false)}
        testId="become-leader-confirm"
      >
        <p className="dialog__text">{t('px.leader.confirmText')}</p>
      </ConfirmDialog>
    </div>
  );
}
