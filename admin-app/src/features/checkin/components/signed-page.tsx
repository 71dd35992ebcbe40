import type { AdminParticipant, Attendance } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { EmptyState } from '@shuttle/shared/web/empty-state.tsx';
import { formatDay, formatTime, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ClipboardCheckIcon } from '@shuttle/shared/web/icons.tsx';
import { useState } from 'react';
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
import { SelfCheckInPanel } from './self-check-in-panel';
import { WaitingSection } from './waiting-section';
import { WalkInForm } from './walk-in-form';

/**
 * /admin/signed?id=…: mark each accepted player attended or absent (a second tap on the same
 * mark takes it back to 未點名; absent before the start asks first), move waiting players up,
 * add walk-ins and show the self check-in QR (docs/ON-COURT.md, "At the door").
 */
export function SignedPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const signed = useSignedMembers(sessionId);
  const { busy, run } = useAction();
  const [early, setEarly] = useState<{ player: AdminParticipant; startsAt: string } | null>(null);

  const save = async (player: AdminParticipant, attendance: Attendance | null, confirm = false) => {
    const result = await run(() => sign(sessionId, player.userId, attendance, confirm));
    if (!result) return;
    await sessionsChanged.announce(sessionId);
  };
  const mark = (player: AdminParticipant, attendance: Attendance, startsAt: string) => {
    // The same mark again takes it back (未點名), with what it caused.
    if (player.attendance === attendance) return void save(player, null);
    if (attendance === 'absent' && Date.now() < Date.parse(startsAt)) return setEarly({ player, startsAt });
    void save(player, attendance);
  };

  return (
    <div className="page" data-testid="signed">
      <QueryView query={signed}>
        {({ session, players, waiting, counts }) => (
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
              <div className="detail-grid__main">
                <section className="panel" aria-labelledby="players-title">
                  <h2 className="panel__title" id="players-title">
                    {t('signed.players')}
                    <span className="count-pill">{players.length}</span>
                  </h2>
                  <p className="panel__text">{t('door.undoHint')}</p>
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
                          onMark={(a) => mark(p, a, session.startsAt)}
                        />
                      ))}
                    </ul>
                  )}
                </section>
                {waiting.length > 0 && <WaitingSection session={session} waiting={waiting} />}
              </div>
              <div className="detail-grid__side">
                <WalkInForm session={session} />
                <SelfCheckInPanel sessionId={session.id} />
              </div>
            </div>
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={early !== null}
        title={t('door.earlyAbsentTitle')}
        confirmLabel={t('door.earlyAbsentConfirm')}
        tone="danger"
        busy={busy}
        onCancel={() => setEarly(null)}
        onConfirm={() => {
          const player = early?.player;
          setEarly(null);
          if (player) void save(player, 'absent', true);
        }}
        testId="early-absent-dialog"
      >
        <p>
          {t('door.earlyAbsentText', {
            name: early?.player.name ?? '',
            time: early ? formatTime(early.startsAt) : '',
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
