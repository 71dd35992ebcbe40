import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { ClipboardCheckIcon, CopyIcon, EditIcon, TicketIcon, TrashIcon } from '@shuttle/shared/web/icons.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { sessionsChanged } from '@/lib/changes';
import { deleteSession } from '../api/delete-session';
import { useSessionDetail } from '../api/get-detail';
import { sessionKeys } from '../api/keys';
import { CopySessionDialog } from './copy-session-dialog';
import { ParticipantsPanel } from './participants-panel';
import { SessionControls } from './session-controls';
import { SessionInfo } from './session-info';
import { ShareSessionButton } from './share-session-button';
import { VenueTimeDialog } from './venue-time-dialog';

/** /admin/detail?id=…: the session, its switches, changes, copy, deletion and participants. */
export function SessionDetailPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useSessionDetail(sessionId);
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copying, setCopying] = useState(false);

  const remove = async () => {
    const result = await run(() => deleteSession(sessionId));
    setDeleting(false);
    if (!result) return;
    removeQueries(sessionKeys.all(sessionId));
    void sessionsChanged.announce(sessionId);
    navigate('/', { replace: true });
    notify({ level: 'success', title: t('detail.deleted'), message: t('detail.notified', { count: result.notified }) });
  };

  return (
    <div className="page" data-testid="session-detail">
      <QueryView query={detail}>
        {(session) => {
          const changeable = session.status === 'notYetOpen' || session.status === 'open';
          return (
            <>
              <PageHeader
                title={session.title}
                back="/"
                actions={
                  <>
                    <Link to={`/books?id=${session.id}`} className="button button--outline button--small">
                      <TicketIcon size={16} />
                      {t('detail.books')}
                    </Link>
                    <Link
                      to={`/signed?id=${session.id}`}
                      className="button button--primary button--small"
                      data-testid="to-checkin"
                    >
                      <ClipboardCheckIcon size={16} />
                      {t('detail.checkIn')}
                    </Link>
                  </>
                }
              />
              <div className="detail-grid">
                <div className="detail-grid__main">
                  <SessionInfo session={session} />
                  <ParticipantsPanel sessionId={session.id} editable={session.status !== 'ended'} />
                </div>
                <div className="detail-grid__side">
                  <SessionControls session={session} />
                  <section className="panel" aria-labelledby="changes-title">
                    <h2 className="panel__title" id="changes-title">
                      {t('detail.changes')}
                    </h2>
                    {!changeable && <p className="panel__empty">{t('detail.notChangeable')}</p>}
                    <div className="button-stack">
                      <ShareSessionButton session={session} />
                      <ChangeButton
                        tone="outline"
                        icon={<CopyIcon size={16} />}
                        label={t('copy.button')}
                        onClick={() => setCopying(true)}
                        disabled={false}
                        testId="copy-session"
                      />
                      <ChangeButton
                        tone="outline"
                        icon={<EditIcon size={16} />}
                        label={t('detail.changeVenueTime')}
                        onClick={() => setEditing(true)}
                        disabled={!changeable}
                        testId="change-venue"
                      />
                      <ChangeButton
                        tone="danger-outline"
                        icon={<TrashIcon size={16} />}
                        label={t('detail.delete')}
                        onClick={() => setDeleting(true)}
                        disabled={!changeable}
                        testId="delete-session"
                      />
                    </div>
                  </section>
                </div>
              </div>
              {copying && <CopySessionDialog session={session} onClose={() => setCopying(false)} />}
              {editing && <VenueTimeDialog session={session} open={editing} onClose={() => setEditing(false)} />}
              <ConfirmDialog
                open={deleting}
                title={t('detail.deleteTitle')}
                confirmLabel={t('detail.deleteConfirm')}
                onConfirm={remove}
                onCancel={() => setDeleting(false)}
                tone="danger"
                busy={busy}
                testId="delete-dialog"
              >
                <p>{t('detail.deleteText', { title: session.title })}</p>
                {session.acceptedCount + session.waitingCount > 0 && (
                  <p className="dialog__text dialog__text--warning">
                    {t('detail.deleteWarning', { count: session.acceptedCount + session.waitingCount })}
                  </p>
                )}
              </ConfirmDialog>
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

/** One of the session's actions: an icon and a label; the changes are off once the session has started. */
function ChangeButton(props: {
  tone: 'outline' | 'danger-outline';
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={`button button--${props.tone}`}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.icon}
      {props.label}
    </button>
  );
}
