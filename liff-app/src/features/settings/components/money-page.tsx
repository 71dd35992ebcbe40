import { LEVEL_MAX, LEVEL_MIN, levelBandOf } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { formatMoney } from '@shuttle/shared/web/format.ts';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { downloadHistoryCsv, moneyKeys, setLevel, useMyLevel, useMyPasses } from '../api/money';

const LEVELS = Array.from({ length: LEVEL_MAX - LEVEL_MIN + 1 }, (_, i) => LEVEL_MIN + i);

function LevelPicker() {
  const { t } = useTranslation();
  const id = useId();
  const level = useMyLevel();
  const change = async (value: string) => {
    const next = value === '' ? null : Number(value);
    try {
      const saved = await withLightLoading(() => setLevel(next));
      // The select shows the saved level; no modal for a choice the player can see.
      setQueryData(moneyKeys.level, saved);
    } catch (error) {
      notify({ level: 'error', title: t('money.level'), message: errorMessage(error) });
    }
  };
  return (
    <section className="money-list" aria-labelledby={`${id}-title`}>
      <h2 className="menu__title" id={`${id}-title`}>
        {t('money.level')}
      </h2>
      <label className="field-label" htmlFor={id}>
        {t('money.levelHint')}
      </label>
      <select
        id={id}
        className="input"
        value={level.data?.level ?? ''}
        onChange={(e) => void change(e.target.value)}
        disabled={!level.data}
        data-testid="level-select"
      >
        <option value="">{t('money.levelUnset')}</option>
        {LEVELS.map((n) => (
          <option key={n} value={n}>
            {t('money.levelOption', { level: n, band: t(`money.band.${levelBandOf(n)}`) })}
          </option>
        ))}
      </select>
      <Link to="/setting/badminton-levels" className="field-note">
        {t('money.levelTable')}
      </Link>
    </section>
  );
}

function MyPasses() {
  const { t } = useTranslation();
  const passes = useMyPasses();
  const list = passes.data?.passes ?? [];
  return (
    <section className="money-list" aria-labelledby="passes-title" data-testid="my-passes">
      <h2 className="menu__title" id="passes-title">
        {t('money.passes')}
      </h2>
      {passes.data && list.length === 0 && <p className="field-note">{t('money.noPasses')}</p>}
      {list.map((p) => (
        <article key={p.passId} className="money-list__item" data-testid="my-pass">
          <p className="booking-payment__status">
            {p.teamName} · {p.name}
          </p>
          <p className="my-booking__text">
            {p.remaining === null ? t('money.unlimited') : t('money.creditsLeft', { credits: p.remaining })} ·{' '}
            {t('money.validUntil', { date: p.validUntil })} · {formatMoney(p.price)}
          </p>
        </article>
      ))}
    </section>
  );
}

/** /setting/money: the player's level, season passes and history download (docs/MONEY.md). */
export function MoneyPage() {
  const { t } = useTranslation();
  const download = async () => {
    try {
      await withLightLoading(downloadHistoryCsv);
    } catch (error) {
      notify({ level: 'error', title: t('money.history'), message: errorMessage(error) });
    }
  };
  return (
    <div className="settings" data-testid="money-page">
      <PageHeader title={t('money.title')} fallback="/setting" />
      <LevelPicker />
      <MyPasses />
      <section className="money-list">
        <h2 className="menu__title">{t('money.history')}</h2>
        <button
          type="button"
          className="button button--small"
          onClick={() => void download()}
          data-testid="history-csv"
        >
          {t('money.downloadCsv')}
        </button>
      </section>
    </div>
  );
}
