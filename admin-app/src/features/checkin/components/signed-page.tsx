import type { AdminParticipant, Attendance } from '@shuttle/shared';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ClipboardCheckIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { sign } from '../api/sign';
import { useSignedMembers } from '../api/signed-members';
import { CheckinRow } from './checkin-row';
import { WalkInForm } from './walk-in-form';

/** /admin/signed?id=…: mark each accepted player attended or absent, and add walk-ins. */
export function SignedPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const signed = useSignedMembers(sessionId);
  const { busy, run } = useAction();

  const mark = async (player: AdminParticipant, attendance: Attendance) => {
    if (player.attendance === attendance) return;
    const result = await run(() => sign(sessionId, player.userId, attendance));
    if (!result) return;
    await sessionsChanged.announce(sessionId);
  };

  return (
    <div className="page" data-testid="signed">
      <QueryView query={signed}>
        {({ session, players, counts }) => (
          <>
            <PageHeader
              title={t('signed.title')}
              description={`${session.title} · ${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`}
              back={`/detail?id=${session.id}`}
              actions={
                <>
                  <Link
                    to={`/settlement?id=${session.id}`}
                    className="button button--outline"
                    data-testid="open-settlement"
                  >
                    {t('settlement.open')}
                  </Link>
                  <Link
                    to={`/rotation?id=${session.id}`}
                    className="button button--primary"
                    data-testid="open-rotation"
                  >
                    {t('rotation.open')}
                  </Link>
                </>
              }
            />
            <section className="stat-grid stat-grid--3" aria-label={t('signed.summary')} data-testid="checkin-counts">
              <StatCard label={t('attendance.attended')} value={counts.attended} />
              <StatCard label={t('attendance.absent')} value={counts.absent} />
              <StatCard label={t('attendance.unmarked')} value={counts.unmarked} />
            </section>
            <div className="detail-grid">
              <section className="panel detail-grid__main" aria-labelledby="players-title">
                <h2 className="panel__title" id="players-title">
                  {t('signed.players')}
                  <span className="count-pill">{players.length}</span>
                </h2>
                {players.length === 0 ? (
                  <EmptyState icon={<ClipboardCheckIcon size={28} />} title={t('signed.empty')} />
                ) : (
                  <ul className="checkin-list">
                    {players.map((p) => (
                      <CheckinRow
                        key={p.userId}
                        sessionId={sessionId}
                        startsAt={session.startsAt}
                        player={p}
                        busy={busy}
                        onMark={(a) => void mark(p, a)}
                      />
                    ))}
                  </ul>
                )}
              </section>
              <div className="detail-grid__side">
                <WalkInForm session={session} />
              </div>
            </div>
          </>
        )}
      </QueryView>
    </div>
  );
}
