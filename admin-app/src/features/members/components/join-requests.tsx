import type { JoinRequestView } from '@shuttle/shared';
import { Avatar } from '@shuttle/shared/web/avatar.tsx';
import { formatDay } from '@shuttle/shared/web/format.ts';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { approveJoin, rejectJoin, useJoinRequests } from '../api/join-requests';
import { memberKeys } from '../api/keys';

/** Pending join requests of the team (join rule approval), each approved or rejected; hidden when none. */
export function JoinRequests() {
  const { t } = useTranslation();
  const requests = useJoinRequests();
  const { busy, run } = useAction();
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;

  const decide = async (request: JoinRequestView, approve: boolean) => {
    const message = t(approve ? 'members.requests.approvedMessage' : 'members.requests.rejectedMessage', {
      name: request.name,
    });
    const result = await run(() => (approve ? approveJoin : rejectJoin)(request.userId), { success: { message } });
    if (result) void invalidateQueries(memberKeys.all);
  };

  return (
    <section className="panel" data-testid="join-requests" aria-labelledby="join-requests-title">
      <h2 id="join-requests-title" className="panel__title">
        {t('members.requests.title')}
      </h2>
      <p className="muted">{t('members.requests.description')}</p>
      <ul className="stack-list">
        {items.map((r) => (
          <li key={r.userId} className="stack-list__row" data-testid="join-request" data-user-id={r.userId}>
            <span className="table__person">
              <Avatar src={r.pictureUrl} name={r.name} size={32} />
              <span>
                <span className="table__name">{r.name}</span>
                <span className="table__sub">
                  {t('members.requests.requested', { date: formatDay(r.requestedAt) })}
                </span>
              </span>
            </span>
            <span className="stack-list__actions">
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => void decide(r, true)}
                disabled={busy}
                data-testid="approve-join"
              >
                {t('members.requests.approve')}
              </button>
              <button
                type="button"
                className="button button--small button--danger-outline"
                onClick={() => void decide(r, false)}
                disabled={busy}
                data-testid="reject-join"
              >
                {t('members.requests.reject')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
