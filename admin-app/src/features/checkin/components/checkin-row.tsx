import type { AdminParticipant, Attendance } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { CheckIcon, CloseIcon } from '@shuttle/shared/web/icons.tsx';
import { useTranslation } from 'react-i18next';
import { PayControl, PaymentText } from './pay-control';

/**
 * One player at check-in (docs/PLAYER-EXPERIENCE.md, "For admins"): the name over one line of
 * facts (level, party, walk-in, attendance once marked, payment) and the buttons beside them:
 * present, absent and payment, each at least 44×44 px. On a phone the buttons show their icon
 * only (their aria-label carries the words), so a row is about 60 px and a screen holds ten or
 * more players; on a wide screen the words show.
 */
export function CheckinRow({
  sessionId,
  startsAt,
  player,
  onMark,
  busy,
}: {
  sessionId: string;
  startsAt: string;
  player: AdminParticipant;
  onMark: (attendance: Attendance) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const attendance = player.attendance ?? 'unmarked';
  return (
    <li className="checkin-player" data-testid="checkin-row" data-user-id={player.userId} data-attendance={attendance}>
      <Avatar src={player.pictureUrl} name={player.name} size={36} />
      <div className="checkin-player__who">
        <span className="checkin-player__name">{player.name}</span>
        <span className="checkin-player__facts">
          {player.level != null && (
            <span className="checkin-player__level" data-testid="player-level">
              {t('checkinRow.level', { level: player.level })}
            </span>
          )}
          {player.partySize > 1 && <span>{t('detail.party', { count: player.partySize })}</span>}
          {player.walkIn && <span>{t('detail.walkIn')}</span>}
          {player.attendance && (
            <span className={`checkin-player__attendance checkin-player__attendance--${player.attendance}`}>
              {t(`attendance.${player.attendance}`)}
            </span>
          )}
          {player.payment && <PaymentText payment={player.payment} />}
        </span>
      </div>
      <div className="checkin-player__actions">
        <fieldset className="checkin-player__marks">
          <legend className="sr-only">{t('signed.markFor', { name: player.name })}</legend>
          <button
            type="button"
            className="checkin-button checkin-button--attend"
            title={t('signed.markAttended')}
            aria-label={t('signed.markAttended')}
            aria-pressed={player.attendance === 'attended'}
            onClick={() => onMark('attended')}
            disabled={busy}
            data-testid="mark-attended"
          >
            <CheckIcon />
            <span className="checkin-button__label">{t('signed.markAttended')}</span>
          </button>
          <button
            type="button"
            className="checkin-button checkin-button--absent"
            title={t('signed.markAbsent')}
            aria-label={t('signed.markAbsent')}
            aria-pressed={player.attendance === 'absent'}
            onClick={() => onMark('absent')}
            disabled={busy}
            data-testid="mark-absent"
          >
            <CloseIcon />
            <span className="checkin-button__label">{t('signed.markAbsent')}</span>
          </button>
        </fieldset>
        <PayControl sessionId={sessionId} startsAt={startsAt} player={player} />
      </div>
    </li>
  );
}
