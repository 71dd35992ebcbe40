import { calendarFeedPath } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { CalendarIcon, CopyIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRequired } from '@/components/login-prompt';
import { PageHeader } from '@/components/page-header';
import { useRuntimeConfig } from '@/config/config-loader';
import { useIsLoggedIn } from '@/lib/auth';
import { copyText } from '@/lib/clipboard';
import { calendarKeys, deleteFeed, resetFeed, useFeed } from '../api/feed';

/** The feed's absolute URL: the API base may be a path on this origin or another origin. */
function feedUrl(apiBase: string, token: string, origin = window.location.origin): string {
  return new URL(`${apiBase.replace(/\/$/, '')}${calendarFeedPath(token)}`, origin).toString();
}

/**
 * /setting/calendar: the player's private calendar feed of their bookings
 * (docs/PLAYER-EXPERIENCE.md, "Calendar"): turn on, copy, open in a calendar app, reset, turn off.
 */
export function CalendarFeedPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const feed = useFeed(loggedIn);
  const config = useRuntimeConfig();
  const [confirming, setConfirming] = useState<'reset' | 'off' | null>(null);

  const run = async (action: () => Promise<{ token: string | null }>) => {
    setConfirming(null);
    try {
      setQueryData(calendarKeys.feed, await withLightLoading(action));
    } catch (error) {
      notify({ level: 'error', title: t('px.feed.failedTitle'), message: errorMessage(error) });
    }
  };

  const token = feed.data?.token ?? null;
  const url = token && config ? feedUrl(config.apiBase, token) : null;
  const copy = async () => {
    if (!url) return;
    await copyText(url);
    notify({ level: 'success', title: t('px.share.copiedTitle'), message: t('px.feed.copied') });
  };

  return (
    <div className="email-page" data-testid="calendar-feed-page">
      <PageHeader title={t('px.feed.title')} fallback="/setting" />
      <div className="page-body">
        {!loggedIn ? (
          <LoginRequired next="/setting/calendar" />
        ) : feed.data ? (
          <section className="card" data-testid="calendar-feed">
            <h2 className="card__title">
              <CalendarIcon size={18} />
              {t('px.feed.title')}
            </h2>
            <p className="switch-row__hint">{t('px.feed.text')}</p>
            {url ? (
              <>
                <p className="px-feed__url">
                  <span className="sr-only">{t('px.feed.urlLabel')}: </span>
                  <span data-testid="feed-url">{url}</span>
                </p>
                <div className="px-actions">
                  <button type="button" className="button button--primary button--small" onClick={copy}>
                    <CopyIcon size={18} />
                    {t('px.feed.copy')}
                  </button>
                  <a className="button button--outline button--small" href={url.replace(/^https?:/, 'webcal:')}>
                    <CalendarIcon size={18} />
                    {t('px.feed.open')}
                  </a>
                </div>
                <div className="px-actions">
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => setConfirming('reset')}
                    data-testid="feed-reset"
                  >
                    {t('px.feed.reset')}
                  </button>
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    onClick={() => setConfirming('off')}
                    data-testid="feed-off"
                  >
                    {t('px.feed.off')}
                  </button>
                </div>
              </>
            ) : (
              <div className="px-actions">
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => run(resetFeed)}
                  data-testid="feed-create"
                >
                  <CalendarIcon size={18} />
                  {t('px.feed.create')}
                </button>
              </div>
            )}
          </section>
        ) : feed.status === 'error' ? (
          <div className="error-box" role="alert">
            <p>{errorMessage(feed.error)}</p>
          </div>
        ) : (
          <Spinner />
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'off' ? t('px.feed.offTitle') : t('px.feed.resetTitle')}
        confirmLabel={confirming === 'off' ? t('px.feed.off') : t('px.feed.reset')}
        cancelLabel={t('px.feed.keep')}
        tone={confirming === 'off' ? 'danger' : 'primary'}
        onConfirm={() => run(confirming === 'off' ? deleteFeed : resetFeed)}
        onCancel={() => setConfirming(null)}
        testId="feed-confirm"
      >
        <p className="dialog__text">{confirming === 'off' ? t('px.feed.offText') : t('px.feed.resetText')}</p>
      </ConfirmDialog>
    </div>
  );
}
