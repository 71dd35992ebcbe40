import { formatMoney } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';

/**
 * The detail's action bar price: what the player's party pays, every place counted, a guest's too
 * (shared/src/domain/payments.ts: price x party size); one place's price for a visitor or a single place.
 */
export function ActionBarPrice({ price, places }: { price: number; places: number }) {
  const { t } = useTranslation();
  const party = places > 1;
  return (
    <div className={`action-bar__price${party ? ' action-bar__price--party' : ''}`} data-testid="action-bar-price">
      <span className="action-bar__label">{t('session.fee')}</span>
      <strong>
        {party
          ? t('partyFee.breakdown', { total: formatMoney(price * places), price: formatMoney(price), count: places })
          : formatMoney(price)}
      </strong>
    </div>
  );
}
