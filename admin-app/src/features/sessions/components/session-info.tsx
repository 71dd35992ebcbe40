import type { AdminSession } from '@shuttle/shared';
import { formatDateTime, formatFullDate, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { TermList } from '@shuttle/shared/web/term-list.tsx';
import { useTranslation } from 'react-i18next';
import { CategoryTags, SessionBadges } from '@/components/session-badges';

/** What players see of the session, laid out for the admin. */
export function SessionInfo({ session }: { session: AdminSession }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('session.time'), `${formatFullDate(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`],
    [t('session.venue'), session.venue],
    [t('session.address'), [t(`regions.${session.region}`), session.address].filter(Boolean).join(' ')],
    [t('session.courts'), t('session.courtsValue', { count: session.courts })],
    [t('session.capacity'), t('common.people', { count: session.capacity })],
    [t('session.price'), formatMoney(session.price)],
    [t('session.categories'), <CategoryTags key="c" categories={session.categories} />],
    [t('session.signupOpens'), formatDateTime(session.signupOpensAt)],
    [t('session.cancelWindow'), t('common.minutes', { count: session.cancelWindowMinutes })],
  ];
  if (session.notes)
    rows.push([
      t('session.notes'),
      <span className="pre-line" key="n">
        {session.notes}
      </span>,
    ]);
  if (session.lineLink) {
    rows.push([
      t('session.lineLink'),
      <a key="l" href={session.lineLink} target="_blank" rel="noreferrer" className="link">
        {session.lineLink}
      </a>,
    ]);
  }
  return (
    <section className="panel" aria-labelledby="session-info-title" data-testid="session-info">
      <div className="panel__head">
        <h2 className="panel__title" id="session-info-title">
          {t('detail.info')}
        </h2>
        <SessionBadges session={session} />
      </div>
      <TermList className="info-list" items={rows.map(([term, value]) => ({ term, value }))} />
    </section>
  );
}
