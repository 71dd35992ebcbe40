import { formatDateTime, formatDay, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';
import type { Occurrence, RepeatMode } from '../model/session-form';

const SHOWN = 12;

/** The sessions the form would publish (the first twelve), and the submit button. */
export function CreatePreview({ preview, mode, busy }: { preview: Occurrence[]; mode: RepeatMode; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <aside className="create-grid__side">
      <section className="panel panel--sticky" aria-labelledby="preview-title" data-testid="create-preview">
        <h2 className="panel__title" id="preview-title">
          {t('create.preview')}
          <span className="count-pill">{preview.length}</span>
        </h2>
        {preview.length === 0 ? (
          <p className="panel__empty">{t('create.previewEmpty')}</p>
        ) : (
          <ol className="preview-list">
            {preview.slice(0, SHOWN).map((o) => (
              <li key={o.startsAt}>
                <span className="preview-list__day">{formatDay(o.startsAt)}</span>
                <span>{formatTimeRange(o.startsAt, o.endsAt)}</span>
                <span className="preview-list__signup">
                  {t('create.opensAt', { time: formatDateTime(o.signupOpensAt) })}
                </span>
              </li>
            ))}
            {preview.length > SHOWN && <li className="muted">{t('create.more', { count: preview.length - SHOWN })}</li>}
          </ol>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy}
          data-testid="create-submit"
        >
          {mode === 'single' ? t('create.publishOne') : t('create.publishMany', { count: preview.length || 0 })}
        </button>
      </section>
    </aside>
  );
}
