import { formatNumber } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';

/** Accepted seats over capacity, with the waitlist length beside it. */
export function FillBar({
  accepted,
  capacity,
  rate,
  waiting,
}: {
  accepted: number;
  capacity: number;
  rate: number;
  waiting: number;
}) {
  const { t } = useTranslation();
  const tone = rate >= 100 ? 'full' : rate >= 75 ? 'high' : 'normal';
  return (
    <div className="fill">
      <div
        className={`fill__bar fill__bar--${tone}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(rate)}
        aria-label={t('session.fillRate')}
      >
        <span style={{ width: `${Math.min(100, rate)}%` }} />
      </div>
      <span className="fill__text">
        {t('session.seats', { accepted: formatNumber(accepted), capacity: formatNumber(capacity) })}
        {waiting > 0 && <span className="fill__waiting"> · {t('session.waitingCount', { count: waiting })}</span>}
      </span>
    </div>
  );
}
