import type { EmailStatus } from '@shuttle/shared';
import { TEXT_LIMITS } from '@shuttle/shared';
import { ApiError, errorMessage } from '@shuttle/shared/web/api-error.ts';
import { CheckIcon, MailIcon, SuccessIcon } from '@shuttle/shared/web/icons.tsx';
import { Spinner } from '@shuttle/shared/web/loading-overlays.tsx';
import { setQueryData } from '@shuttle/shared/web/query.ts';
import { withLightLoading } from '@shuttle/shared/web/ui-store.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginRequired } from '@/components/login-prompt';
import { PageHeader } from '@/components/page-header';
import { useCountdown } from '@/hooks/use-countdown';
import { authStore, setProfile, useIsLoggedIn } from '@/lib/auth';
import { getEmailStatus, useEmailStatus } from '../api/get-email-status';
import { emailKeys } from '../api/keys';
import { sendEmailCode } from '../api/send-code';
import { verifyEmailCode } from '../api/verify-code';
import { emailProblem, isCompleteCode } from '../model/validate';
import { CodeInput } from './code-input';
import { NotificationPreferencesCard } from './notification-preferences';

type Step = 'enter' | 'code' | 'done' | 'verified';

function initialStep(status: EmailStatus): Step {
  if (status.pendingEmail) return 'code';
  return status.verified ? 'verified' : 'enter';
}

/** /setting/email: enter email, send code, six-box code, resend countdown, success, preferences. */
export function EmailPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const status = useEmailStatus(loggedIn);
  return (
    <div className="email-page" data-testid="email-page">
      <PageHeader title={t('email.title')} fallback="/setting" />
      <div className="page-body">
        {!loggedIn ? (
          <LoginRequired next="/setting/email" />
        ) : status.data ? (
          <EmailFlow status={status.data} />
        ) : status.status === 'error' ? (
          <div className="error-box" role="alert">
            <p>{errorMessage(status.error)}</p>
            <button type="button" className="button button--outline button--small" onClick={() => status.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}

function EmailFlow({ status }: { status: EmailStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(() => initialStep(status));
  const [email, setEmail] = useState(status.pendingEmail ?? '');
  const [resendAt, setResendAt] = useState<number | null>(
    status.resendAvailableAt ? Date.parse(status.resendAvailableAt) : null,
  );
  const [verifiedEmail, setVerifiedEmail] = useState(status.email);

  const refreshStatus = async () => {
    const fresh = await getEmailStatus().catch(() => null);
    if (fresh) setQueryData(emailKeys.status, fresh);
  };

  if (step === 'done') {
    return (
      <section className="success-screen" data-testid="email-success">
        <SuccessIcon size={56} />
        <h2>{t('email.success.title')}</h2>
        <p className="success-screen__email">{verifiedEmail}</p>
        <p>{t('email.success.text')}</p>
        <button type="button" className="button button--primary button--block" onClick={() => setStep('verified')}>
          {t('email.success.preferences')}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={() => navigate('/setting')}>
          {t('email.success.done')}
        </button>
      </section>
    );
  }

  return (
    <>
      {step === 'verified' && (
        <>
          <section className="card verified-card" data-testid="email-verified">
            <p className="verified-card__label">{t('email.current')}</p>
            <p className="verified-card__email">
              {status.email}
              <span className="badge badge--accepted">
                <CheckIcon size={14} />
                {t('email.verifiedBadge')}
              </span>
            </p>
            <button type="button" className="link-button" onClick={() => setStep('enter')}>
              {t('email.change')}
            </button>
          </section>
          <NotificationPreferencesCard preferences={status.preferences} />
        </>
      )}
      {step === 'enter' && (
        <EnterEmail
          initial={email}
          onSent={(sentTo, nextResend) => {
            setEmail(sentTo);
            setResendAt(nextResend);
            setStep('code');
          }}
          onCancel={status.verified ? () => setStep('verified') : undefined}
        />
      )}
      {step === 'code' && (
        <EnterCode
          email={email}
          resendAt={resendAt}
          onResent={setResendAt}
          onChangeEmail={() => setStep('enter')}
          onVerified={async (address) => {
            setVerifiedEmail(address);
            const profile = authStore.get().profile;
            if (profile) setProfile({ ...profile, email: address, emailVerified: true });
            await refreshStatus();
            setStep('done');
          }}
        />
      )}
      <WhyEmail />
    </>
  );
}

function EnterEmail({
  initial,
  onSent,
  onCancel,
}: {
  initial: string;
  onSent: (email: string, resendAt: number) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(value);
    if (problem) {
      setError(t(`email.errors.${problem}`));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await withLightLoading(() => sendEmailCode(value.trim()));
      onSent(result.pendingEmail, Date.parse(result.resendAvailableAt));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="email-form">
      <div className="card__icon">
        <MailIcon size={26} />
      </div>
      <h2 className="card__title">{t('email.enterTitle')}</h2>
      <p className="muted">{t('email.enterText')}</p>
      <label htmlFor={inputId} className="field-label">
        {t('email.label')}
      </label>
      <input
        id={inputId}
        className={`input${error ? ' is-invalid' : ''}`}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('email.placeholder')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        maxLength={TEXT_LIMITS.email}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} data-testid="send-code">
        {t('email.sendCode')}
      </button>
      {onCancel && (
        <button type="button" className="button button--ghost button--block" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </form>
  );
}

function EnterCode({
  email,
  resendAt,
  onResent,
  onChangeEmail,
  onVerified,
}: {
  email: string;
  resendAt: number | null;
  onResent: (resendAt: number) => void;
  onChangeEmail: () => void;
  onVerified: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seconds = useCountdown(resendAt);
  const errorId = useId();

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(digits)) {
      setError(t('email.errors.incomplete'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await withLightLoading(() => verifyEmailCode(digits.join('')));
      await onVerified(result.email);
    } catch (err) {
      setError(errorMessage(err));
      setDigits([]);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setNotice(null);
    setError(null);
    try {
      const result = await withLightLoading(() => sendEmailCode(email));
      onResent(Date.parse(result.resendAvailableAt));
      setDigits([]);
      setNotice(t('email.resent'));
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'CODE_SEND_FAILED' ? t('email.errors.resendFailed') : errorMessage(err),
      );
    }
  };

  return (
    <form className="card form" onSubmit={verify} noValidate data-testid="code-form">
      <div className="card__icon">
        <MailIcon size={26} />
      </div>
      <h2 className="card__title">{t('email.codeTitle')}</h2>
      <p className="muted">{t('email.codeSent', { email })}</p>
      <CodeInput
        value={digits}
        onChange={setDigits}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert" data-testid="code-error">
          {error}
        </p>
      )}
      {notice && !error && (
        <p className="field-note" role="status">
          {notice}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} data-testid="verify-code">
        {t('email.verify')}
      </button>
      <div className="code-actions">
        <button type="button" className="link-button" onClick={resend} disabled={seconds > 0} data-testid="resend-code">
          {seconds > 0 ? t('email.resendIn', { seconds }) : t('email.resend')}
        </button>
        <button type="button" className="link-button" onClick={onChangeEmail}>
          {t('email.changeEmail')}
        </button>
      </div>
    </form>
  );
}

function WhyEmail() {
  const { t } = useTranslation();
  const reasons: unknown = t('email.why.reasons', { returnObjects: true });
  return (
    <details className="card why-email">
      <summary>{t('email.why.title')}</summary>
      <p>{t('email.why.intro')}</p>
      <ul>
        {(Array.isArray(reasons) ? (reasons as string[]) : []).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="muted">{t('email.why.privacy')}</p>
    </details>
  );
}
