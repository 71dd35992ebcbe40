import { NICKNAME_MAX } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { ConfirmDialog } from '@shuttle/shared/web/dialog.tsx';
import { DocIcon, ShieldIcon, StarIcon } from '@shuttle/shared/web/icons.tsx';
import { removeQueries } from '@shuttle/shared/web/query.ts';
import { notify, withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginRequired } from '@/components/login-prompt';
import { PageHeader } from '@/components/page-header';
import { clearLogin, useAuth } from '@/lib/auth';
import { liffLogout } from '@/lib/liff';
import { deleteAccount, downloadJson, exportData, saveNickname } from '../api/account';

/**
 * /setting/account: the player's own data (docs/PRIVACY.md): the nickname lists show, a JSON
 * copy of everything stored about them, and deleting the account after a confirmation.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, profile } = useAuth();
  const [nickname, setNickname] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const shown = nickname ?? profile?.nickname ?? '';

  const fail = (title: string, error: unknown) => notify({ level: 'error', title, message: errorMessage(error) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await withLightLoading(() => saveNickname(shown.trim() === '' ? null : shown));
      setNickname(null);
      notify({ level: 'success', title: t('account.nickname'), message: t('account.nicknameSaved') });
    } catch (error) {
      fail(t('account.nickname'), error);
    }
  };

  const download = async () => {
    try {
      const data = await withLightLoading(exportData);
      downloadJson(data, `shuttle-data-${data.exportedAt.slice(0, 10)}.json`);
      notify({ level: 'success', title: t('account.exportTitle'), message: t('account.exported') });
    } catch (error) {
      fail(t('account.exportTitle'), error);
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await withLightLoading(deleteAccount);
    } catch (error) {
      fail(t('account.deleteTitle'), error);
      return;
    }
    clearLogin();
    removeQueries();
    await liffLogout().catch((error: unknown) => console.error('LINE logout failed', error));
    navigate('/', { replace: true });
    notify({ level: 'info', title: t('account.deleteTitle'), message: t('account.deleted') });
  };

  return (
    <div className="email-page" data-testid="account-page">
      <PageHeader title={t('account.title')} fallback="/setting" />
      <div className="page-body">
        {token === null ? (
          <LoginRequired next="/setting/account" />
        ) : (
          <>
            <section className="card">
              <h2 className="card__title">
                <StarIcon size={18} />
                {t('account.nickname')}
              </h2>
              <form className="form" onSubmit={save}>
                <label className="field-label" htmlFor="nickname">
                  {t('account.nickname')}
                </label>
                <input
                  id="nickname"
                  className="input"
                  value={shown}
                  maxLength={NICKNAME_MAX}
                  placeholder={profile?.displayName ?? ''}
                  onChange={(e) => setNickname(e.target.value)}
                  data-testid="nickname-input"
                />
                <p className="field-note">{t('account.nicknameHint')}</p>
                <div className="px-actions">
                  <button type="submit" className="button button--primary button--small" data-testid="nickname-save">
                    {t('account.nicknameSave')}
                  </button>
                </div>
              </form>
            </section>
            <section className="card">
              <h2 className="card__title">
                <DocIcon size={18} />
                {t('account.exportTitle')}
              </h2>
              <p className="switch-row__hint">{t('account.exportHint')}</p>
              <div className="px-actions">
                <button
                  type="button"
                  className="button button--outline button--small"
                  onClick={download}
                  data-testid="account-export"
                >
                  {t('account.exportButton')}
                </button>
              </div>
            </section>
            <section className="card">
              <h2 className="card__title">
                <ShieldIcon size={18} />
                {t('account.deleteTitle')}
              </h2>
              <p className="switch-row__hint">{t('account.deleteHint')}</p>
              <div className="px-actions">
                <button
                  type="button"
                  className="button button--danger-outline button--small"
                  onClick={() => setConfirming(true)}
                  data-testid="account-delete"
                >
                  {t('account.deleteButton')}
                </button>
              </div>
            </section>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('account.deleteConfirmTitle')}
        confirmLabel={t('account.deleteConfirm')}
        cancelLabel={t('account.deleteCancel')}
        tone="danger"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
        testId="account-delete-confirm"
      >
        <p className="dialog__text">{t('account.deleteConfirmText')}</p>
      </ConfirmDialog>
    </div>
  );
}
