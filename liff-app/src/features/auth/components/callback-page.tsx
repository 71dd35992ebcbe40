import { ApiError } from '@shuttle/shared/web/api-error.ts';
import { isLanguage, storedLanguage } from '@shuttle/shared/web/i18n-loader.ts';
import { CheckIcon, ErrorIcon } from '@shuttle/shared/web/icons.tsx';
import { AppLogo } from '@shuttle/shared/web/loading-overlays.tsx';
import { invalidateQueries } from '@shuttle/shared/web/query.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { runtimeConfig } from '@/config/config-loader';
import { setProfile } from '@/lib/auth';
import { changeLanguage } from '@/lib/i18n';
import { askMissingPermissions, initLiff } from '@/lib/liff';
import { loginPath, safeNextPath } from '@/lib/paths';
import { checkAuth } from '../api/check-auth';
import { googleIdToken, lineIdToken } from '../api/id-tokens';
import { loginGoogle } from '../api/login-google';
import { loginLine } from '../api/login-line';

const STEPS = ['verifying', 'loadingUser', 'initialising', 'success'] as const;
type Step = (typeof STEPS)[number];

/** /callback: the return from sign-in, with each step shown as it happens. */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const provider = params.get('provider') === 'google' ? 'google' : 'line';
  const next = safeNextPath(params.get('next'));
  const [step, setStep] = useState<Step>('verifying');
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      setStep('verifying');
      const config = await runtimeConfig();
      if (provider === 'line') {
        const liff = await initLiff();
        if (!config.devLogin && !liff.isLoggedIn()) throw new Error('LINE login was not completed');
        await loginLine(await lineIdToken(config));
        // LINE MINI App mode: scopes a simplified channel consent left out are asked for here.
        await askMissingPermissions(config);
      } else {
        await loginGoogle(await googleIdToken(config));
      }
      setStep('loadingUser');
      const profile = await checkAuth();
      setProfile(profile);
      setStep('initialising');
      if (isLanguage(profile.language) && profile.language !== storedLanguage()) {
        await changeLanguage(profile.language);
      }
      await invalidateQueries();
      setStep('success');
      await new Promise((resolve) => setTimeout(resolve, 500));
      navigate(next, { replace: true });
    })().catch((error: unknown) => {
      console.error('Login failed', error);
      setFailure(error instanceof ApiError ? error.friendlyMessage : t('LOGIN_FAILED', { ns: 'errors' }));
    });
  }, [navigate, next, provider, t]);

  const reached = STEPS.indexOf(step);
  return (
    <div className="callback-page" data-testid="callback">
      <AppLogo size={64} />
      <h1>{provider === 'line' ? t('callback.titleLine') : t('callback.titleGoogle')}</h1>
      <ol className="steps" aria-live="polite">
        {STEPS.map((name, i) => {
          const state =
            failure && i === reached
              ? 'failed'
              : i < reached || step === 'success'
                ? 'done'
                : i === reached
                  ? 'active'
                  : 'pending';
          return (
            <li key={name} className={`steps__item steps__item--${state}`} data-step={name} data-state={state}>
              <span className="steps__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={16} /> : state === 'failed' ? <ErrorIcon size={16} /> : i + 1}
              </span>
              <span>{t(`callback.steps.${name}`, { provider: provider === 'line' ? 'LINE' : 'Google' })}</span>
            </li>
          );
        })}
      </ol>
      {failure && (
        <div className="error-box" role="alert">
          <p>{failure}</p>
          <Link className="button button--primary" to={loginPath(next)}>
            {t('callback.backToLogin')}
          </Link>
        </div>
      )}
    </div>
  );
}
