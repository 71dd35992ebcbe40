import { COPIED_STATE_MS } from '@shuttle/shared';
import { ChatIcon, CheckIcon, CopyIcon, GlobeIcon } from '@shuttle/shared/web/icons.tsx';
import { useScrollLock } from '@shuttle/shared/web/use-scroll-lock.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/config-loader';
import { copyText } from '@/lib/clipboard';
import { needsExternalBrowser } from '@/lib/user-agent';

/**
 * Facebook and Instagram open links in their own browser, where LINE and Google logins fail.
 * This full-screen notice asks for an external browser and copies the address for it, or opens
 * the same page in LINE through its LIFF URL (docs/PLAYER-EXPERIENCE.md).
 */
export function InAppBrowserNotice({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const visible = needsExternalBrowser(userAgent);
  useScrollLock(visible);
  if (!visible) return null;
  return <NoticePanel />;
}

function NoticePanel() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const config = useRuntimeConfig();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

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
        <p id="in-app-body">{t('inAppBrowser.body')}</p>
        <ol className="in-app-notice__steps">
          <li>{t('inAppBrowser.step1')}</li>
          <li>{t('inAppBrowser.step2')}</li>
        </ol>
        <button
          type="button"
          className={`button button--primary button--block${copied ? ' button--copied' : ''}`}
          onClick={copy}
          disabled={copied}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
          {copied ? t('inAppBrowser.copied') : t('inAppBrowser.copy')}
        </button>
        <p className="in-app-notice__url">{window.location.href}</p>
        {config && (
          <a
            className="button button--line button--block"
            href={`https://liff.line.me/${config.liffId}${window.location.pathname}${window.location.search}`}
            data-testid="open-in-line"
          >
            <ChatIcon />
            {t('px.inApp.openInLine')}
          </a>
        )}
      </div>
    </div>
  );
}
