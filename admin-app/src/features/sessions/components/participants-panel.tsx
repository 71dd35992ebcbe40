import type { AdminParticipant } from '@shuttle/shared';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';
import { QueryView } from '@/components/query-view';
import { useSessionMembers } from '../api/get-session-member';

function Person({ player, waiting }: { player: AdminParticipant; waiting: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="person" data-testid={waiting ? 'waiting-player' : 'accepted-player'}>
      {waiting && <span className="person__position">#{player.position}</span>}
      <Avatar src={player.pictureUrl} name={player.name} size={32} />
      <span className="person__name">{player.name}</span>
      {player.partySize > 1 && (
        <span className="badge badge--muted">{t('detail.party', { count: player.partySize })}</span>
      )}
      {player.walkIn && <span className="badge badge--muted">{t('detail.walkIn')}</span>}
      {player.attendance && (
        <span className={`badge badge--${player.attendance}`}>{t(`attendance.${player.attendance}`)}</span>
      )}
    </li>
  );
}

/** Accepted players and the waitlist in order, each with a count. */
export function ParticipantsPanel({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const members = useSessionMembers(sessionId);
  return (
    <section className="panel" aria-labelledby="participants-title" data-testid="participants">
      <h2 className="panel__title" id="participants-title">
        {t('detail.participants')}
      </h2>
      <QueryView query={members}>
        {(data) => (
          <div className="participants">
            <div>
              <h3 className="participants__title">
                {t('detail.accepted')}
                <span className="count-pill">
                  {data.acceptedCount} / {data.capacity}
                </span>
              </h3>
              {data.accepted.length === 0 ? (
                <p className="panel__empty">{t('detail.noneAccepted')}</p>
              ) : (
                <ul className="people">
                  {data.accepted.map((p) => (
                    <Person key={p.userId} player={p} waiting={false} />
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="participants__title">
                {t('detail.waiting')}
                <span className="count-pill">{data.waitingCount}</span>
              </h3>
              {data.waiting.length === 0 ? (
                <p className="panel__empty">{t('detail.noneWaiting')}</p>
              ) : (
                <ol className="people">
                  {data.waiting.map((p) => (
                    <Person key={p.userId} player={p} waiting />
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}
