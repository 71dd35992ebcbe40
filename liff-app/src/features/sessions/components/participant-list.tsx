import type { MemberList, Participant } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useTranslation } from 'react-i18next';
import { promptLogin } from '@/stores/login-prompt';
import { LevelBadge } from './level-range';

function Row({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  return (
    <li className={`participant${participant.isMe ? ' participant--me' : ''}`}>
      {participant.position !== null && <span className="participant__position">#{participant.position}</span>}
      <Avatar src={participant.pictureUrl} name={participant.name} />
      <span className="participant__name">
        {participant.name}
        {participant.isMe && <span className="participant__me">{t('participants.me')}</span>}
      </span>
      <LevelBadge level={participant.level} />
      {participant.partySize > 1 && <span className="participant__party">+{participant.partySize - 1}</span>}
      {participant.attendance && (
        <span className={`badge badge--${participant.attendance}`}>{t(`attendance.${participant.attendance}`)}</span>
      )}
    </li>
  );
}

/** Accepted players and the waitlist, each with its count, or 'no participants yet'. */
export function ParticipantList({
  members,
  error,
  loading,
}: {
  members?: MemberList;
  error: unknown;
  loading: boolean;
}) {
  const { t } = useTranslation();
  if (!members) {
    if (loading) return <Spinner />;
    return error ? <p role="alert">{errorMessage(error)}</p> : null;
  }
  const entered = members.enteredCount ?? 0;
  if (members.acceptedCount === 0 && members.waitingCount === 0 && entered === 0) {
    return (
      <p className="muted" data-testid="no-participants">
        {t('participants.none')}
      </p>
    );
  }
  if (members.visibility === 'counts') {
    // Visitors see how many, never who (docs/PRIVACY.md).
    const next = `${window.location.pathname}${window.location.search}`;
    return (
      <div className="participants" data-testid="participants">
        <p className="participants__title" data-testid="participant-counts">
          {entered > 0
            ? t('lotteryView.entries', { count: entered })
            : t('account.visitorCounts', { accepted: members.acceptedCount, waiting: members.waitingCount })}
        </p>
        <button type="button" className="button button--outline button--small" onClick={() => promptLogin(next)}>
          {t('account.visitorHint')}
        </button>
      </div>
    );
  }
  // Before the draw the lottery's entries are the list (docs/FAIR-SIGNUP.md): nobody holds a place yet.
  if (entered > 0 && members.acceptedCount === 0 && members.waitingCount === 0) {
    return (
      <div className="participants" data-testid="participants">
        <h3 className="participants__title">
          {t('lotteryView.enteredTitle')} <span className="count-pill">{entered}</span>
        </h3>
        <ul className="participant-list">
          {(members.entered ?? []).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: participants carry no id; the order is the server's
            <Row key={`e-${i}-${p.name}`} participant={p} />
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="participants" data-testid="participants">
      <h3 className="participants__title">
        {t('participants.accepted')} <span className="count-pill">{members.acceptedCount}</span>
      </h3>
      {members.accepted.length > 0 ? (
        <ul className="participant-list">
          {members.accepted.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: participants carry no id; the order is the server's
            <Row key={`a-${i}-${p.name}`} participant={p} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('participants.noneAccepted')}</p>
      )}
      <h3 className="participants__title">
        {t('participants.waiting')} <span className="count-pill">{members.waitingCount}</span>
      </h3>
      {members.waiting.length > 0 ? (
        <ul className="participant-list">
          {members.waiting.map((p) => (
            <Row key={`w-${p.position}`} participant={p} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('participants.noneWaiting')}</p>
      )}
    </div>
  );
}
