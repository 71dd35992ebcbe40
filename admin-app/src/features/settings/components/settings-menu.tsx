import {
  ChatIcon,
  ChevronRightIcon,
  CoinIcon,
  DocIcon,
  LogoutIcon,
  PinIcon,
  ShieldIcon,
  TeamIcon,
} from '@shuttle/shared/web/icons.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { PageHeader } from '@/components/page-header';
import { clearLogin } from '@/lib/auth';

const ITEMS = [
  { path: 'team_name', icon: TeamIcon },
  { path: 'location', icon: PinIcon },
  { path: 'pricing', icon: CoinIcon },
  { path: 'private_rules', icon: DocIcon },
  { path: 'payment', icon: CoinIcon },
  { path: 'line', icon: ChatIcon },
  { path: 'account_management', icon: ShieldIcon },
] as const;

/** /admin/setting: every team setting, the language and logout. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page" data-testid="settings">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <ul className="menu-grid">
        {ITEMS.map(({ path, icon: Icon }) => (
          <li key={path}>
            <Link to={`/setting/${path}`} className="menu-card" data-testid={`setting-${path}`}>
              <span className="menu-card__icon">
                <Icon size={22} />
              </span>
              <span className="menu-card__text">
                <span className="menu-card__title">{t(`settings.items.${path}.title`)}</span>
                <span className="menu-card__description">{t(`settings.items.${path}.description`)}</span>
              </span>
              <ChevronRightIcon size={18} className="menu-card__chevron" />
            </Link>
          </li>
        ))}
      </ul>
      <section className="panel panel--row">
        <div>
          <h2 className="panel__title">{t('language.label')}</h2>
          <p className="panel__text">{t('settings.languageHint')}</p>
        </div>
        <LanguageSelect />
      </section>
      <button
        type="button"
        className="button button--danger-outline"
        onClick={() => {
          clearLogin();
          removeQueries();
          navigate('/login', { replace: true });
        }}
      >
        <LogoutIcon size={18} />
        {t('account.logout')}
      </button>
      <p className="muted">{t('app.version', { version: __APP_VERSION__ })}</p>
    </div>
  );
}
