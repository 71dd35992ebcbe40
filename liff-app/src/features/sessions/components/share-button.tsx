import type { SessionDetail } from '@shuttle/shared';
import { ShareIcon } from '@shuttle/shared/web/icons.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canShareToLine, shareToLine } from '@/lib/liff';
import { sessionFlexMessage } from '../model/share-message';
import { sessionCard } from './card-texts';
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
    const { url, texts } = await sessionCard(session, t);
    const message = sessionFlexMessage(session, url, {
      ...texts,
      altText: t('share.altText', { title: session.title, when: texts.when }),
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
