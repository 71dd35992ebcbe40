import type { HistoryStatistics } from '@shuttle/shared';
import { formatIsoDate } from '@shuttle/shared/web/format.ts';
import { useTranslation } from 'react-i18next';

type Day = HistoryStatistics['last30Days']['days'][number];

const WIDTH = 330;
/** Room on both sides for the first and last date labels; the left one also holds the y axis. */
const PAD_X = 14;
const PAD_LEFT = 26;
const HEIGHT = 120;
const PAD_BOTTOM = 18;

/** Sessions per day over the last 30 days; the green part is what the player attended. */
export function Last30DaysChart({ days }: { days: Day[] }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...days.map((d) => d.sessions));
  const slot = (WIDTH - PAD_LEFT - PAD_X) / Math.max(1, days.length);
  const bar = Math.max(3, slot - 3);
  const usable = HEIGHT - PAD_BOTTOM - 4;
  const total = days.reduce((n, d) => n + d.sessions, 0);
  const attended = days.reduce((n, d) => n + d.attended, 0);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('history.chartLabel', { total, attended })}
        preserveAspectRatio="none"
        data-testid="last-30-days-chart"
      >
        <title>{t('history.chartLabel', { total, attended })}</title>
        {/* y axis: sessions a day, from 0 to the busiest day */}
        <line x1={PAD_LEFT - 4} x2={PAD_LEFT - 4} y1={4} y2={HEIGHT - PAD_BOTTOM} className="chart__axis" />
        <text x={PAD_LEFT - 8} y={HEIGHT - PAD_BOTTOM} textAnchor="end" className="chart__tick">
          0
        </text>
        <text x={PAD_LEFT - 8} y={HEIGHT - PAD_BOTTOM - usable + 8} textAnchor="end" className="chart__tick">
          {max}
        </text>
        <desc>{t('px.history.axisSessions')}</desc>
        {/* x axis: the last 30 days */}
        <line x1={PAD_LEFT - 4} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} className="chart__axis" />
        {days.map((day, i) => {
          const x = PAD_LEFT + i * slot + (slot - bar) / 2;
          const h = (day.sessions / max) * usable;
          const ha = (day.attended / max) * usable;
          return (
            <g key={day.date}>
              {day.sessions > 0 && (
                <rect x={x} y={HEIGHT - PAD_BOTTOM - h} width={bar} height={h} rx="2" className="chart__bar" />
              )}
              {day.attended > 0 && (
                <rect
                  x={x}
                  y={HEIGHT - PAD_BOTTOM - ha}
                  width={bar}
                  height={ha}
                  rx="2"
                  className="chart__bar--attended"
                />
              )}
              {i % 7 === 0 && (
                <text x={x + bar / 2} y={HEIGHT - 4} textAnchor="middle" className="chart__label">
                  {formatIsoDate(day.date, { month: 'numeric', day: 'numeric' })}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__legend">
        <span className="legend legend--sessions">{t('history.legendSessions')}</span>
        <span className="legend legend--attended">{t('history.legendAttended')}</span>
      </figcaption>
    </figure>
  );
}
