import type { SessionDetail } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { ShareIcon } from '@shuttle/shared/web/icons.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '@/config/config-loader';
import { canShareToLine, liffUrl, shareToLine } from '@/lib/liff';
import { sessionPath } from '@/lib/paths';
import { sessionFlexMessage } from '../model/share-message';
import { SystemShareButton } from './session-links';

/** Shares the session to a LINE chat with a Flex card where the picker exists, else through the system share sheet. */
export function ShareButton({ session }: { session: SessionDetail }) {
  const { t } = useTranslation();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    canShareToLine().then((ok) => live && setAvailable(ok));
    return () => {
      live = false;
    };
  }, []);
  if (!available) return <SystemShareButton session={session} />;

  const share = async () => {
    const when = `${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`;
    const { liffId } = await runtimeConfig();
    const message = sessionFlexMessage(session, liffUrl(liffId, sessionPath(session.id)), {
      altText: t('share.altText', { title: session.title, when }),
      when,
      venue: `${session.venue}（${t(`px.region.${session.region}`)}）`,
      fee: formatMoney(session.price),
      places:
        session.remaining > 0
          ? t('session.remaining', { count: session.remaining, capacity: session.capacity })
          : t('session.full'),
      button: t('share.open'),
    });
    try {
      const sent = await shareToLine([message as never]);
      if (sent) notify({ level: 'success', title: t('share.sentTitle'), message: t('share.sent') });
    } catch (error) {
      console.error('Sharing to LINE failed', error);
      notify({ level: 'error', title: t('share.failedTitle'), message: t('share.failed') });
    }
  };

  return (
    <button
      type="button"
      className="icon-button"
      onClick={share}
      aria-label={t('share.button')}
      data-testid="share-session"
    >
      <ShareIcon size={22} />
    </button>
  );
}
