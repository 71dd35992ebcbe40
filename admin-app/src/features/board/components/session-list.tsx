import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/loading-overlays';
import { SessionRow } from '@/components/session-row';
import { errorMessage } from '@/lib/api-error';
import { type SessionScope, useSessionPages } from '../api/upcoming-sessions';

const SCOPES: SessionScope[] = ['upcoming', 'past'];

/** Every session of the team, upcoming or past, a page at a time. */
export function SessionList() {
  const { t } = useTranslation();
  const [scope, setScope] = useState<SessionScope>('upcoming');
  const pages = useSessionPages(scope);
  return (
    <section className="panel" aria-labelledby="all-sessions-title" data-testid="all-sessions">
      <div className="panel__head">
        <h2 className="panel__title" id="all-sessions-title">
          {t('sessions.title')}
        </h2>
        <fieldset className="segmented">
          <legend className="sr-only">{t('sessions.scope')}</legend>
          {SCOPES.map((s) => (
            <button
              key={s}
              type="button"
              className="segmented__item"
              aria-pressed={scope === s}
              onClick={() => setScope(s)}
            >
              {t(`sessions.${s}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {pages.items.length > 0 && (
        <ul className="session-list">
          {pages.items.map((s) => (
            <SessionRow key={s.id} session={s} to={`/detail?id=${s.id}`} />
          ))}
        </ul>
      )}
      {pages.status === 'loading' && <Spinner />}
      {pages.status === 'error' && (
        <div className="error-box" role="alert">
          <p>{errorMessage(pages.error)}</p>
          <button type="button" className="button button--outline button--small" onClick={pages.reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {pages.status === 'idle' && pages.items.length === 0 && (
        <p className="panel__empty">{scope === 'upcoming' ? t('sessions.noneUpcoming') : t('sessions.nonePast')}</p>
      )}
      {pages.status === 'idle' && pages.hasMore && (
        <button type="button" className="button button--outline load-more" onClick={pages.loadMore}>
          {t('common.loadMore')}
        </button>
      )}
    </section>
  );
}
