import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFriendUrl, loadRuntimeConfig } from '@/config/runtime-config';
import { svgSource, useQrCode } from '@/hooks/use-qr-code';

/** The stage's LINE official account id (runtime configuration): undefined while loading, null when not configured. */
export function useOfficialAccountId(): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRuntimeConfig().then((config) => live && setId(config.lineOfficialAccountId ?? null));
    return () => {
      live = false;
    };
  }, []);
  return id;
}

/**
 * Step 1 of binding the group (docs/LINE.md, "Binding a team's group"): the official account's
 * id, add-friend link and QR code, or, without the stage setting, a clear word that it is missing.
 */
export function OfficialAccountStep({ accountId }: { accountId: string | null | undefined }) {
  const { t } = useTranslation();
  const url = accountId ? addFriendUrl(accountId) : null;
  const qr = useQrCode(url);
  if (accountId === undefined) return null;
  if (accountId === null)
    return (
      <p className="notice notice--warning" role="status" data-testid="line-oa-missing">
        {t('lineSteps.notConfigured')}
      </p>
    );
  return (
    <div className="line-oa" data-testid="line-oa">
      <p className="panel__text">{t('lineSteps.text1')}</p>
      <p className="line-oa__id">
        {t('lineSteps.idLabel')} <strong data-testid="line-oa-id">{accountId}</strong>
      </p>
      {qr && (
        <img
          className="self-check-in__qr"
          src={svgSource(qr)}
          alt={t('lineSteps.qr', { id: accountId })}
          width={200}
          height={200}
          data-testid="line-oa-qr"
        />
      )}
      <a
        className="button button--outline"
        href={url ?? undefined}
        target="_blank"
        rel="noreferrer"
        data-testid="line-oa-link"
      >
        {t('lineSteps.addFriend')}
      </a>
    </div>
  );
}
