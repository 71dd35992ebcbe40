import type { SelfCheckInResult } from '@shuttle/shared';
import { errorMessage } from '@shuttle/shared/web/api-error.ts';
import { formatTime } from '@shuttle/shared/web/format.ts';
import { SuccessIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginRequired } from '@/components/login-prompt';
import { PageHeader } from '@/components/page-header';
import { useIsLoggedIn } from '@/lib/auth';
import { sessionPath } from '@/lib/paths';
import { selfCheckIn } from '../api/self-check-in';

type State = { kind: 'checking' } | { kind: 'done'; result: SelfCheckInResult } | { kind: 'refused'; message: string };

/**
 * /checkin?id=…&code=…: the link of the QR shown at the venue. Opening it checks the signed-in
 * player in (docs/ON-COURT.md, "Self check-in"); outside the window, without a place or with an
 * old code it says why, in the player's language.
 */
export function SelfCheckInPage({ sessionId, code }: { sessionId: string | null; code: string | null }) {
  const { t } = useTranslation('pages');
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const sent = useRef(false);
  const complete = sessionId !== null && code !== null;

  useEffect(() => {
    if (!loggedIn || !complete || sent.current) return;
    sent.current = true;
    selfCheckIn(sessionId, code)
      .then((result) => setState({ kind: 'done', result }))
      .catch((error: unknown) => setState({ kind: 'refused', message: errorMessage(error) }));
  }, [loggedIn, complete, sessionId, code]);

  const body = () => {
    if (!complete) return <p className="empty-state__title">{t('selfCheckIn.badLink')}</p>;
    if (!loggedIn) return <LoginRequired />;
    if (state.kind === 'checking') return <Spinner label={t('selfCheckIn.checking')} />;
    if (state.kind === 'refused')
      return (
        <div className="empty-state" role="alert" data-testid="self-check-in-refused">
          <p className="empty-state__title">{t('selfCheckIn.refused')}</p>
          <p>{state.message}</p>
        </div>
      );
    return (
      <div className="empty-state" role="status" data-testid="self-check-in-done">
        <div className="empty-state__icon">
          <SuccessIcon size={32} />
        </div>
        <p className="empty-state__title">
          {state.result.alreadyCheckedIn ? t('selfCheckIn.already') : t('selfCheckIn.done')}
        </p>
        <p>{t('selfCheckIn.at', { time: formatTime(state.result.checkedInAt) })}</p>
      </div>
    );
  };

  return (
    <div className="email-page" data-testid="self-check-in-page">
      <PageHeader title={t('selfCheckIn.title')} />
      <div className="page-body">
        {body()}
        {complete && (
          <Link to={sessionPath(sessionId)} className="button button--outline" data-testid="self-check-in-session">
            {t('selfCheckIn.toSession')}
          </Link>
        )}
      </div>
    </div>
  );
}
