import type { AdminRole } from '@shuttle/shared';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { formatDateTime } from '@shuttle/shared/web/format.ts';
import { MailIcon } from '@shuttle/shared/web/icons.tsx';
import { invalidateQueries, resetQueries, setQueryData } from '@shuttle/shared/web/query.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '@/components/field';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { useAction } from '@/hooks/use-action';
import { emailProblem } from '@/lib/validation';
import { useTeamAdmins } from '../api/get-admins';
import { inviteAdmin } from '../api/invite-admin';
import { settingsKeys } from '../api/keys';
import { removeAdmin } from '../api/remove-admin';

type Admin = { adminId: string; displayName: string; email: string | null; role: AdminRole; isMe: boolean };

function InviteForm({ canInvite }: { canInvite: boolean }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('admin');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem ? t(problem) : null);
    if (problem) return;
    const invite = await run(() => inviteAdmin(email.trim(), role), {
      success: { title: t('accounts.invitedTitle'), message: t('accounts.invited', { email: email.trim() }) },
    });
    if (!invite) return;
    setEmail('');
    void invalidateQueries(settingsKeys.admins);
  };
  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="invite-form">
      <h2 className="panel__title">{t('accounts.invite')}</h2>
      <p className="panel__text">{canInvite ? t('accounts.inviteHint') : t('accounts.ownerOnly')}</p>
      <div className="form-grid form-grid--invite">
        <Field label={t('auth.email')} error={error}>
          {(c) => (
            <input
              {...c}
              className="input"
              type="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={!canInvite}
            />
          )}
        </Field>
        <Field label={t('accounts.role')}>
          {(c) => (
            <select
              {...c}
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as AdminRole)}
              disabled={!canInvite}
            >
              <option value="admin">{t('account.role.admin')}</option>
              <option value="owner">{t('account.role.owner')}</option>
            </select>
          )}
        </Field>
      </div>
      <div className="save-bar">
        <button type="submit" className="button button--primary" disabled={busy || !canInvite}>
          <MailIcon size={16} />
          {t('accounts.send')}
        </button>
      </div>
    </form>
  );
}

/** /admin/setting/account_management: co-admins of the team, invitations, removal. */
export function AccountManagementPage({ onLeftTeam }: { onLeftTeam: () => Promise<void> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admins = useTeamAdmins();
  const { busy, run } = useAction();
  const [removing, setRemoving] = useState<Admin | null>(null);

  const remove = async () => {
    const target = removing;
    if (!target) return;
    const result = await run(() => removeAdmin(target.adminId));
    setRemoving(null);
    if (!result) return;
    if (target.isMe) {
      await onLeftTeam();
      navigate('/', { replace: true });
      void resetQueries();
      return;
    }
    setQueryData(settingsKeys.admins, result);
  };

  return (
    <div className="page page--narrow" data-testid="setting-accounts">
      <PageHeader
        title={t('settings.items.account_management.title')}
        description={t('settings.items.account_management.description')}
        back="/setting"
      />
      <QueryView query={admins}>
        {({ admins: list, invites }) => {
          const me = list.find((a) => a.isMe);
          const owners = list.filter((a) => a.role === 'owner').length;
          const isOwner = me?.role === 'owner';
          return (
            <>
              <section className="panel" aria-labelledby="admins-title">
                <h2 className="panel__title" id="admins-title">
                  {t('accounts.admins')}
                  <span className="count-pill">{list.length}</span>
                </h2>
                <ul className="admin-list">
                  {list.map((a) => {
                    const lastOwner = a.role === 'owner' && owners <= 1;
                    const canRemove = !lastOwner && (isOwner || a.isMe);
                    return (
                      <li key={a.adminId} className="admin-list__item" data-testid="admin-row">
                        <div className="admin-list__text">
                          <p className="admin-list__name">
                            {a.displayName}
                            {a.isMe && <span className="badge badge--muted">{t('accounts.me')}</span>}
                          </p>
                          <p className="muted">{a.email ?? '—'}</p>
                        </div>
                        <span className={`badge badge--role-${a.role}`}>{t(`account.role.${a.role}`)}</span>
                        <button
                          type="button"
                          className="button button--small button--danger-outline"
                          onClick={() => setRemoving(a)}
                          disabled={!canRemove || busy}
                          title={lastOwner ? t('accounts.lastOwner') : undefined}
                        >
                          {a.isMe ? t('accounts.leave') : t('common.remove')}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
              {invites.length > 0 && (
                <section className="panel" aria-labelledby="invites-title">
                  <h2 className="panel__title" id="invites-title">
                    {t('accounts.pending')}
                  </h2>
                  <ul className="admin-list">
                    {invites.map((i) => (
                      <li key={i.email} className="admin-list__item" data-testid="invite-row">
                        <div className="admin-list__text">
                          <p className="admin-list__name">{i.email}</p>
                          <p className="muted">{t('accounts.expires', { time: formatDateTime(i.expiresAt) })}</p>
                        </div>
                        <span className={`badge badge--role-${i.role}`}>{t(`account.role.${i.role}`)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              <InviteForm canInvite={isOwner} />
            </>
          );
        }}
      </QueryView>
      <ConfirmDialog
        open={removing !== null}
        title={removing?.isMe ? t('accounts.leaveTitle') : t('accounts.removeTitle')}
        confirmLabel={removing?.isMe ? t('accounts.leave') : t('common.remove')}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        tone="danger"
        busy={busy}
      >
        <p>
          {removing?.isMe ? t('accounts.leaveText') : t('accounts.removeText', { name: removing?.displayName ?? '' })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
