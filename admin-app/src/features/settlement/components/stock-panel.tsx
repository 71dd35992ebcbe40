import { SETTLEMENT_LIMITS, SHUTTLES_PER_TUBE, type ShuttleStock } from '@shuttle/shared';
import { formatDay } from '@shuttle/shared/web/format.ts';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/field';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { useAction } from '@/hooks/use-action';
import { addShuttlePurchase, settlementKeys, updateLowStock, useShuttleStock } from '../api/settlement';

const int = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));

function StockView({ stock }: { stock: ShuttleStock }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [tubes, setTubes] = useState(1);
  const [pricePerTube, setPricePerTube] = useState(stock.purchases[0]?.pricePerTube ?? 0);
  const [low, setLow] = useState(stock.lowStockTubes);
  const store = (next: ShuttleStock | undefined) => {
    if (next) setQueryData(settlementKeys.stock, next);
    return next;
  };
  const buy = async (event: FormEvent) => {
    event.preventDefault();
    store(
      await run(() => addShuttlePurchase(tubes, pricePerTube), { success: { message: t('settlement.stock.added') } }),
    );
  };
  const number = (label: string, value: number, max: number, set: (v: number) => void, testId: string) => (
    <Field label={label}>
      {(c) => (
        <input
          {...c}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          value={value}
          data-testid={testId}
          onChange={(e) => set(int(e.target.value))}
        />
      )}
    </Field>
  );
  return (
    <>
      {stock.low && stock.shuttlesLeft >= 0 && (
        <p className="notice notice--warning" role="status" data-testid="stock-low">
          {t('settlement.stock.low', { n: stock.shuttlesLeft, tubes: stock.lowStockTubes })}
        </p>
      )}
      <div className="stat-grid stat-grid--3">
        {/* Below zero the stock is a shortfall (purchases not recorded), never negative tubes (docs/ON-COURT.md). */}
        <StatCard
          label={t('settlement.stock.left')}
          value={
            stock.shuttlesLeft < 0
              ? t('settlement.stock.short', { n: -stock.shuttlesLeft })
              : t('settlement.stock.shuttles', { n: stock.shuttlesLeft })
          }
          hint={
            stock.shuttlesLeft < 0
              ? undefined
              : t('settlement.stock.tubes', { n: Math.floor(stock.shuttlesLeft / SHUTTLES_PER_TUBE) })
          }
          testId="stock-left"
        />
        <StatCard label={t('settlement.stock.bought')} value={t('settlement.stock.tubes', { n: stock.tubesBought })} />
        <StatCard
          label={t('settlement.stock.used')}
          value={t('settlement.stock.shuttles', { n: stock.shuttlesUsed })}
        />
      </div>
      <form className="form-grid" onSubmit={(e) => void buy(e)} noValidate data-testid="stock-purchase">
        {number(t('settlement.stock.tubesBought'), tubes, SETTLEMENT_LIMITS.tubesMax, setTubes, 'purchase-tubes')}
        {number(
          t('settlement.stock.pricePerTube'),
          pricePerTube,
          SETTLEMENT_LIMITS.pricePerTubeMax,
          setPricePerTube,
          'purchase-price',
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="button button--outline"
            disabled={busy || tubes < 1}
            data-testid="purchase-add"
          >
            {t('settlement.stock.add')}
          </button>
        </div>
      </form>
      <form
        className="form-grid"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => updateLowStock(low), { success: { message: t('settlement.stock.thresholdSaved') } }).then(
            store,
          );
        }}
      >
        {number(t('settlement.stock.threshold'), low, SETTLEMENT_LIMITS.lowStockTubesMax, setLow, 'stock-threshold')}
        <div className="form-actions">
          <button type="submit" className="button button--ghost" disabled={busy}>
            {t('settlement.save')}
          </button>
        </div>
      </form>
      {stock.purchases.length > 0 && (
        <ul className="checkin-list" aria-label={t('settlement.stock.purchases')}>
          {stock.purchases.slice(0, 5).map((p) => (
            <li key={p.at} className="settlement__share">
              <span>{formatDay(p.at)}</span>
              <span>{t('settlement.stock.purchase', { n: p.tubes, price: p.pricePerTube })}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The team's shuttle stock: what is left, purchases and the low-stock warning (docs/ON-COURT.md). */
export function StockPanel() {
  const { t } = useTranslation();
  const stock = useShuttleStock();
  return (
    <section className="panel" aria-labelledby="stock-title" data-testid="shuttle-stock">
      <h2 className="panel__title" id="stock-title">
        {t('settlement.stock.title')}
      </h2>
      <QueryView query={stock}>{(data) => <StockView stock={data} />}</QueryView>
    </section>
  );
}
