import type { MyStats } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { invalidateQueries, setQueryData } from '@shuttle/shared/web/query.ts';
import { TermList } from '@shuttle/shared/web/term-list.tsx';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { moneyKeys } from '../api/money';
import { acceptSuggestedLevel, setRatingsOn, statsKey, useMyStats } from '../api/stats';

/** Played, won and lost: this evening, this month, all time. */
function Counts({ stats }: { stats: MyStats }) {
  const { t } = useTranslation('pages');
  const spans = ['evening', 'month', 'all'] as const;
  return (
    <TermList
      className="stat-grid"
      itemClassName="stat"
      testId="my-game-counts"
      items={spans.map((span) => ({
        term: t(`myGames.${span}`),
        value: t('myGames.counts', { played: stats.played[span], won: stats.won[span], lost: stats.lost[span] }),
      }))}
    />
  );
}

/** The last 30 days' levels as a line; its words say the first and the last. */
function Trend({ trend }: { trend: MyStats['trend'] }) {
  const { t } = useTranslation('pages');
  if (trend.length < 2) return null;
  const levels = trend.map((p) => p.level);
  const low = Math.min(...levels) - 0.5;
  const high = Math.max(...levels) + 0.5;
  const points = trend
    .map((p, i) => `${(i / (trend.length - 1)) * 100},${40 - ((p.level - low) / (high - low)) * 40}`)
    .join(' ');
  return (
    <figure className="my-games__trend">
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={t('myGames.trendLabel', { from: levels[0], to: levels.at(-1) })}
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="field-note">{t('myGames.trendLabel', { from: levels[0], to: levels.at(-1) })}</figcaption>
    </figure>
  );
}

function Rating({ stats }: { stats: MyStats }) {
  const { t } = useTranslation('pages');
  const r = stats.rating;
  const accept = async () => {
    try {
      const { level } = await withLightLoading(acceptSuggestedLevel);
      setQueryData(moneyKeys.level, { level });
      notify({ level: 'success', message: t('myGames.accepted', { level }) });
      await invalidateQueries(statsKey);
    } catch (error) {
      notify({ level: 'error', title: t('myGames.rating'), message: errorMessage(error) });
    }
  };
  return (
    <section className="money-list" aria-labelledby="my-rating-title" data-testid="my-rating">
      <h2 className="menu__title" id="my-rating-title">
        {t('myGames.rating')}
      </h2>
      {!stats.ratingsOn ? (
        <p className="field-note">{t('myGames.off')}</p>
      ) : r ? (
        <>
          <p className="my-games__level" data-testid="my-rating-band">
            {t('myGames.band', { level: r.level, low: r.low, high: r.high })}
          </p>
          <p className="field-note">
            {r.provisional ? t('myGames.provisional', { games: r.games }) : t('myGames.settled', { games: r.games })}
          </p>
          <Trend trend={stats.trend} />
        </>
      ) : (
        <p className="field-note">{t('myGames.noRating')}</p>
      )}
      {stats.suggested && (
        <div className="my-games__suggest" data-testid="suggested-level">
          <p>
            {stats.suggested.low === stats.suggested.high
              ? t('myGames.suggestedOne', { level: stats.suggested.level })
              : t('myGames.suggested', { low: stats.suggested.low, high: stats.suggested.high })}
          </p>
          <button type="button" className="button button--primary button--small" onClick={() => void accept()}>
            {t('myGames.accept', { level: stats.suggested.level })}
          </button>
        </div>
      )}
    </section>
  );
}

function Partners({ partners }: { partners: MyStats['partners'] }) {
  const { t } = useTranslation('pages');
  return (
    <section className="money-list" aria-labelledby="my-partners-title">
      <h2 className="menu__title" id="my-partners-title">
        {t('myGames.partners')}
      </h2>
      {partners.length === 0 ? (
        <p className="field-note">{t('myGames.noPartners')}</p>
      ) : (
        <ul className="my-games__partners" data-testid="my-partners">
          {partners.map((p) => (
            <li key={p.name}>
              <span>{p.name}</span> <span className="field-note">{t('myGames.games', { count: p.games })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RatingsSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('pages');
  const [saving, setSaving] = useState(false);
  const toggle = async () => {
    setSaving(true);
    try {
      await setRatingsOn(!on);
      await invalidateQueries(statsKey);
    } catch (error) {
      notify({ level: 'error', title: t('myGames.switch'), message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="switch-row">
      <span className="switch-row__text">
        <span id="ratings-switch" className="switch-row__label">
          {t('myGames.switch')}
        </span>
        <span className="switch-row__hint">{t('myGames.switchHint')}</span>
      </span>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-labelledby="ratings-switch"
        disabled={saving}
        onClick={() => void toggle()}
        data-testid="ratings-switch"
      >
        <span className="switch__thumb" />
      </button>
    </div>
  );
}

/** /setting/games: the player's own games, rating band, trend, partners and the ratings switch. */
export function MyGamesPage() {
  const { t } = useTranslation('pages');
  const stats = useMyStats();
  return (
    <div className="settings my-games" data-testid="my-games-page">
      <PageHeader title={t('myGames.title')} fallback="/setting" />
      {stats.error ? <p className="field-note">{errorMessage(stats.error)}</p> : null}
      {stats.data && (
        <>
          <Counts stats={stats.data} />
          <Rating stats={stats.data} />
          <Partners partners={stats.data.partners} />
          <RatingsSwitch on={stats.data.ratingsOn} />
        </>
      )}
    </div>
  );
}
