import type { AdminParticipant, AdminSession } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { promote } from '../api/promote';

/**
 * The waitlist at the door, in its order (docs/ON-COURT.md, "At the door"): a waiting player who
 * turned up is moved up into a free place their party fits, else the capacity grows by their
 * party (the row says which before the tap); 上移並報到 also marks them attended, 上移 only gives
 * them the place (they are told, as any promotion).
 */
export function WaitingSection({ session, waiting }: { session: AdminSession; waiting: AdminParticipant[] }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const move = async (player: AdminParticipant, checkIn: boolean) => {
    // No modal: the player moving into the list above (checked in, or not) is the answer, as for a mark.
    const result = await run(() => promote(session.id, player.userId, checkIn));
    if (result) await sessionsChanged.announce(session.id);
  };
  return (
    <section className="panel" aria-labelledby="waiting-title" data-testid="checkin-waiting">
      <h2 className="panel__title" id="waiting-title">
        {t('door.waiting')}
        <span className="count-pill">{waiting.length}</span>
      </h2>
      <p className="panel__text">{t('door.waitingHint')}</p>
      <ol className="checkin-list">
        {/* The buttons are named by their words (as seen) and described by the player's name. */}
        {waiting.map((p) => {
          const raises = p.partySize > session.remaining;
          return (
            <li
              key={p.userId}
              className="checkin-player checkin-player--waiting"
              data-testid="waiting-row"
              data-user-id={p.userId}
            >
              <Avatar src={p.pictureUrl} name={p.name} size={36} />
              <div className="checkin-player__who">
                <span className="checkin-player__name" id={`waiting-${p.userId}`}>
                  {p.name}
                </span>
                <span className="checkin-player__facts">
                  {p.position != null && <span>{t('door.position', { position: p.position })}</span>}
                  {p.partySize > 1 && <span>{t('detail.party', { count: p.partySize })}</span>}
                  <span data-testid="waiting-place">
                    {raises ? t('door.raisesBy', { count: p.partySize }) : t('door.freePlace')}
                  </span>
                </span>
              </div>
              <div className="checkin-player__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy}
                  onClick={() => void move(p, true)}
                  aria-describedby={`waiting-${p.userId}`}
                  data-testid="promote-check-in"
                >
                  {t('door.moveUpCheckIn')}
                </button>
                <button
                  type="button"
                  className="button button--outline button--small"
                  disabled={busy}
                  onClick={() => void move(p, false)}
                  aria-describedby={`waiting-${p.userId}`}
                  data-testid="promote"
                >
                  {t('door.moveUp')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
