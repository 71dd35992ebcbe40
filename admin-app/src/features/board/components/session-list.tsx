import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { PressButtonGroup } from '@shuttle/shared/web/choices.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionRow } from '@/components/session-row';
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
        <PressButtonGroup
          groupClassName="segmented"
          legend={t('sessions.scope')}
          options={SCOPES}
          className="segmented__item"
          label={(s) => t(`sessions.${s}`)}
          pressed={(s) => scope === s}
          onPress={setScope}
        />
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
