import type { AdminParticipant, Attendance } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ClipboardCheckIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { StatCard } from '@/components/stat-card';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { sign } from '../api/sign';
import { useSignedMembers } from '../api/signed-members';
import { PayControl } from './pay-control';
import { WalkInForm } from './walk-in-form';

function PlayerRow({
  sessionId,
  player,
  onMark,
  busy,
}: {
  sessionId: string;
  player: AdminParticipant;
  onMark: (attendance: Attendance) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li
      className="checkin-row"
      data-testid="checkin-row"
      data-user-id={player.userId}
      data-attendance={player.attendance ?? 'unmarked'}
    >
      <Avatar src={player.pictureUrl} name={player.name} size={36} />
      <span className="checkin-row__name">
        {player.name}
        {player.partySize > 1 && (
          <span className="badge badge--muted">{t('detail.party', { count: player.partySize })}</span>
        )}
        {player.walkIn && <span className="badge badge--muted">{t('detail.walkIn')}</span>}
      </span>
      <span className={`badge badge--${player.attendance ?? 'unmarked'}`}>
        {t(`attendance.${player.attendance ?? 'unmarked'}`)}
      </span>
      <fieldset className="checkin-row__actions">
        <legend className="sr-only">{t('signed.markFor', { name: player.name })}</legend>
        <button
          type="button"
          className="button button--small button--attend"
          aria-pressed={player.attendance === 'attended'}
          onClick={() => onMark('attended')}
          disabled={busy}
          data-testid="mark-attended"
        >
          {t('signed.markAttended')}
        </button>
        <button
          type="button"
          className="button button--small button--absent"
          aria-pressed={player.attendance === 'absent'}
          onClick={() => onMark('absent')}
          disabled={busy}
          data-testid="mark-absent"
        >
          {t('signed.markAbsent')}
        </button>
      </fieldset>
      <PayControl sessionId={sessionId} player={player} />
    </li>
  );
}

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
                      <PlayerRow
                        key={p.userId}
                        sessionId={sessionId}
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
