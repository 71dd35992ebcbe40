import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useTranslation } from 'react-i18next';
import { useAction } from '@/hooks/use-action';
import { becomeLeader } from '../api/become-leader';
import { completeLogin } from '../model/complete-login';

/**
 * 'Become team leader' from the member app: the player's LINE or Google login (token `token`
 * on this origin) opens the admin account linked to it, without a separate password.
 */
export function BecomeLeaderPanel({ memberToken }: { memberToken: string }) {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const open = async () => {
    const result = await run(() => becomeLeader(memberToken));
    if (!result) return;
    const outcome = await completeLogin(result, null);
    if (!outcome.ok) notify({ level: 'error', title: t('common.errorTitle'), message: t('auth.notAdmin') });
  };
  return (
    <section className="panel panel--tint" aria-labelledby="become-leader-title">
      <h2 id="become-leader-title" className="panel__title">
        {t('signedup.leaderTitle')}
      </h2>
      <p className="panel__text">{t('signedup.leaderIntro')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={open}
        disabled={busy}
        data-testid="become-leader"
      >
        {t('signedup.leaderButton')}
      </button>
    </section>
  );
}
