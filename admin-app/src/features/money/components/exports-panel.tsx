import { EXPORT_KINDS, taipeiMonth } from '@shuttle/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { downloadCsv } from '../api/money';

/** CSV downloads of a Taipei month (UTF-8 with a BOM, so Excel shows Chinese right). */
export function ExportsPanel() {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [month, setMonth] = useState(taipeiMonth(new Date()));
  return (
    <section className="panel" aria-labelledby="exports-title" data-testid="exports">
      <h2 className="panel__title" id="exports-title">
        {t('money.exports')}
      </h2>
      <div className="toolbar toolbar--start">
        <label className="field field--inline">
          <span className="field__label">{t('money.month')}</span>
          <input
            className="input"
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </label>
        {EXPORT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--small button--ghost"
            disabled={busy}
            data-testid={`export-${kind}`}
            onClick={() => void run(() => downloadCsv(month, kind))}
          >
            {t(`money.export.${kind}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
