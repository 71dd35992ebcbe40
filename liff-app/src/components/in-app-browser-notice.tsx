import { COPIED_STATE_MS } from '@shuttle/shared';
import { ChatIcon, CheckIcon, CloseIcon, CopyIcon, GlobeIcon } from '@shuttle/shared/web/icons.tsx';
import { useStore } from '@shuttle/shared/web/store.ts';
import { useScrollLock } from '@shuttle/shared/web/use-scroll-lock.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '@/config/config-loader';
import { copyText } from '@/lib/clipboard';
import { liffUrl } from '@/lib/links';
import { detectInAppBrowser, needsExternalBrowser } from '@/lib/user-agent';
import { closeLoginPrompt, loginPromptStore } from '@/stores/login-prompt';

/** Kept for the visit: a dismissed banner stays away until the browser tab closes. */
const DISMISSED_KEY = 'shuttle:in-app-dismissed';

/** Pages that are sign-in itself: in Facebook or Instagram they show the full explanation. */
const SIGN_IN_PATHS = new Set(['/login', '/callback']);

/** Android's intent URL that opens the same page in Chrome (docs/PLAYER-EXPERIENCE.md). */
export function chromeIntentUrl(location: Pick<Location, 'host' | 'pathname' | 'search'>): string {
  return `intent://${location.host}${location.pathname}${location.search}#Intent;scheme=https;package=com.android.chrome;end`;
}

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Facebook and Instagram open links in their own browser, where LINE and Google logins fail.
 * Reading sessions works there, so a dismissible banner says so; signing in (the login page, or
 * any action that asks for it, such as booking) shows the full explanation instead: open the page
 * in LINE (signed in at once), in Chrome through an Android intent, or copy the address for
 * Safari on iOS (docs/PLAYER-EXPERIENCE.md).
 */
export function InAppBrowserNotice({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  const visible = needsExternalBrowser(userAgent);
  const loginAsked = useStore(loginPromptStore, (s) => s.open);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [helpOpen, setHelpOpen] = useState(false);
  const signingIn = loginAsked || SIGN_IN_PATHS.has(pathname);
  const dialog = visible && (signingIn || helpOpen);
  useScrollLock(dialog);
  if (!visible) return null;

  if (dialog) {
    const close = () => {
      setHelpOpen(false);
      if (loginAsked) closeLoginPrompt();
      if (SIGN_IN_PATHS.has(pathname)) navigate('/', { replace: true });
    };
    return <NoticePanel userAgent={userAgent} blocked={signingIn} onClose={close} />;
  }
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private modes may refuse storage: the banner then stays away for this page only.
    }
  };
  const app = detectInAppBrowser(userAgent) === 'instagram' ? 'Instagram' : 'Facebook';
  return (
    <aside className="in-app-banner" aria-label={t('inAppBrowser.title')} data-testid="in-app-banner">
      <BannerBody app={app} onHelp={() => setHelpOpen(true)} onDismiss={dismiss} />
    </aside>
  );
}

function BannerBody({ app, onHelp, onDismiss }: { app: string; onHelp: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <GlobeIcon size={20} />
      <p className="in-app-banner__text">{t('inAppBrowser.banner', { app })}</p>
      <button type="button" className="link-button in-app-banner__help" onClick={onHelp}>
        {t('inAppBrowser.howToOpen')}
      </button>
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={t('inAppBrowser.dismiss')}>
        <CloseIcon size={18} />
      </button>
    </>
  );
}

function NoticePanel({ userAgent, blocked, onClose }: { userAgent: string; blocked: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const config = useRuntimeConfig();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const android = /Android/i.test(userAgent);
  const app = detectInAppBrowser(userAgent) === 'instagram' ? 'Instagram' : 'Facebook';

  const copy = async () => {
    try {
      await copyText(window.location.href);
      setCopied(true);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_STATE_MS);
    } catch (error) {
      console.error('Copying the page address failed', error);
      window.alert(t('inAppBrowser.copyFailed'));
    }
  };

  return (
    <div
      className="in-app-notice"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="in-app-title"
      aria-describedby="in-app-body"
    >
      <div className="in-app-notice__card">
        <div className="in-app-notice__icon">
          <GlobeIcon size={34} />
        </div>
        <h1 id="in-app-title">{t('inAppBrowser.title')}</h1>
        <p id="in-app-body">{blocked ? t('inAppBrowser.blocked', { app }) : t('inAppBrowser.body')}</p>
        {config && (
          <div className="in-app-notice__option">
            <h2>{t('inAppBrowser.lineTitle')}</h2>
            <p>{t('inAppBrowser.lineWhy')}</p>
            <a
              className="button button--line button--block"
              href={liffUrl(config.liffId, `${window.location.pathname}${window.location.search}`, config.miniApp)}
              data-testid="open-in-line"
            >
              <ChatIcon />
              {t('px.inApp.openInLine')}
            </a>
          </div>
        )}
        <div className="in-app-notice__option">
          <h2>{android ? t('inAppBrowser.chromeTitle') : t('inAppBrowser.safariTitle')}</h2>
          {android ? (
            <a
              className="button button--primary button--block"
              href={chromeIntentUrl(window.location)}
              data-testid="open-in-chrome"
            >
              <GlobeIcon size={18} />
              {t('inAppBrowser.openInChrome')}
            </a>
          ) : (
            <ol className="in-app-notice__steps">
              <li>{t('inAppBrowser.step1')}</li>
              <li>{t('inAppBrowser.step2')}</li>
            </ol>
          )}
          <button
            type="button"
            className={`button ${android ? 'button--outline' : 'button--primary'} button--block${copied ? ' button--copied' : ''}`}
            onClick={copy}
            disabled={copied}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
            {copied ? t('inAppBrowser.copied') : t('inAppBrowser.copy')}
          </button>
          <p className="in-app-notice__url">{window.location.href}</p>
        </div>
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          {t('inAppBrowser.keepBrowsing')}
        </button>
      </div>
    </div>
  );
}
