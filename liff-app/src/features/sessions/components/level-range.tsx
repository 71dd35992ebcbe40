import { levelBandOf } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';

/**
 * A session's level range (docs/MONEY.md, "Player levels"); a session without one is open to
 * every level and says so (不限程度), which is also why the level filter keeps it.
 */
export function LevelRange({ min, max }: { min?: number; max?: number }) {
  const { t } = useTranslation();
  if (min === undefined || max === undefined) {
    return (
      <span className="tag" data-testid="level-range" data-any-level="">
        {t('browseList.anyLevel')}
      </span>
    );
  }
  return (
    <span className="tag" data-testid="level-range">
      {t('money.levelRange', {
        min,
        max,
        from: t(`money.band.${levelBandOf(min)}`),
        to: t(`money.band.${levelBandOf(max)}`),
      })}
    </span>
  );
}

/** A player's self-assessed level in the participant list. */
export function LevelBadge({ level }: { level?: number | null }) {
  const { t } = useTranslation();
  if (level === undefined || level === null) return null;
  return (
    <span className="badge badge--muted" title={t(`money.band.${levelBandOf(level)}`)}>
      {t('money.levelShort', { level })}
    </span>
  );
}
