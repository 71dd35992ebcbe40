import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleLogo } from '@/components/brand-logos';
import type { RuntimeConfig } from '@/config/config-loader';
import { keepGoogleCredential } from '../api/id-tokens';

interface GoogleAccounts {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential: string }) => void;
        ux_mode?: string;
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

let gisScript: Promise<GoogleAccounts> | null = null;

/** Google Identity Services, loaded only on the login page and only where Google allows sign-in. */
function loadGoogleIdentityServices(): Promise<GoogleAccounts> {
  gisScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleAccounts }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.appendChild(script);
  });
  return gisScript;
}

export function GoogleLoginButton({
  config,
  onCredential,
}: {
  config: RuntimeConfig;
  /** Called once an ID token is ready to exchange (kept for /callback). */
  onCredential: () => void;
}) {
  const { t } = useTranslation();
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (config.devLogin) return;
    let live = true;
    loadGoogleIdentityServices()
      .then((google) => {
        if (!live || !slot.current) return;
        google.accounts.id.initialize({
          client_id: config.googleClientId,
          callback: ({ credential }) => {
            keepGoogleCredential(credential);
            onCredential();
          },
        });
        google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text: 'continue_with',
          width: Math.min(360, slot.current.clientWidth || 320),
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [config, onCredential]);

  if (config.devLogin) {
    return (
      <button
        type="button"
        className="button button--google button--block"
        onClick={onCredential}
        data-testid="google-login"
      >
        <GoogleLogo />
        {t('auth.loginWithGoogle')}
      </button>
    );
  }
  if (failed) return <p className="muted">{t('auth.googleUnavailable')}</p>;
  return <div ref={slot} className="google-slot" data-testid="google-login" />;
}
