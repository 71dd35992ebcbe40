import { type SessionStateInput, sessionState } from '@shuttle/shared';
import { usePlacesText } from '@shuttle/shared/web/session-status.tsx';
import { useTranslation } from 'react-i18next';

/**
 * Accepted seats over capacity as a bar, and the session's places line in the words players see
 * (the status model: "11 人抽 8 位" for a lottery taking entries, 已額滿 with its waitlist), with
 * the waitlist's length beside it while places are free.
 */
export function FillBar({ session, rate }: { session: SessionStateInput; rate: number }) {
  const { t } = useTranslation();
  const placesText = usePlacesText();
  const { places } = sessionState(session);
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
      <span className="fill__text" data-testid="session-places">
        {placesText(places)}
        {places.kind !== 'full' && session.waitingCount > 0 && (
          <span className="fill__waiting"> · {t('session.waitingCount', { count: session.waitingCount })}</span>
        )}
      </span>
    </div>
  );
}
