import type { AdminSession } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SessionRow } from '@/components/session-row';

/** What was published, with the way back to the board or to another form. */
export function CreatedSessions({ created, onAnother }: { created: AdminSession[]; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="panel" data-testid="created-sessions" aria-labelledby="created-title">
      <h2 className="panel__title" id="created-title">
        {t('create.createdTitle', { count: created.length })}
      </h2>
      <ul className="session-list">
        {created.map((s) => (
          <SessionRow key={s.id} session={s} to={`/detail?id=${s.id}`} />
        ))}
      </ul>
      <div className="button-row">
        <Link to="/" className="button button--outline">
          {t('create.toBoard')}
        </Link>
        <button type="button" className="button button--primary" onClick={onAnother}>
          {t('create.another')}
        </button>
      </div>
    </section>
  );
}
