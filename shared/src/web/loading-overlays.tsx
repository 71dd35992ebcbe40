import { useTranslation } from 'react-i18next';
import { ShuttleIcon } from './icons.tsx';
import { useLoading } from './ui-store.ts';

export function AppLogo({ size = 64 }: { size?: number }) {
  return (
    <svg className="app-logo" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#06C755" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round">
        <path d="M22 14h20l-5 26H27z" />
        <path d="M29 14l1 26M35 14l-1 26M23 24h18" />
      </g>
      <circle cx="32" cy="46" r="7" fill="#fff" />
    </svg>
  );
}

/** isLoading1: full screen, animated logo. */
export function FullScreenLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-full" role="status" aria-live="polite" data-testid="loading-full">
      <AppLogo />
      <span>{label ?? t('loading.text')}</span>
    </div>
  );
}

/** isLoading2: a light veil with a shuttlecock, for actions that take a moment. */
export function LightLoading() {
  const { t } = useTranslation();
  return (
    <div className="loading-light" role="status" aria-live="polite" data-testid="loading-light">
      <div className="loading-light__bubble">
        <ShuttleIcon size={30} className="loading-light__shuttle" />
        <span className="sr-only">{t('loading.text')}</span>
      </div>
    </div>
  );
}

export function LoadingOverlays() {
  const { isLoading1, isLoading2 } = useLoading();
  return (
    <>
      {isLoading1 && <FullScreenLoading />}
      {isLoading2 && !isLoading1 && <LightLoading />}
    </>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-row" role="status" aria-live="polite">
      <ShuttleIcon size={22} className="spinner-row__icon" />
      <span>{label ?? t('loading.text')}</span>
    </div>
  );
}
