import type { SessionDetail } from '@shuttle/shared';
import { ChatIcon, ShareIcon } from '@shuttle/shared/web/icons.tsx';
import { notify } from '@shuttle/shared/web/ui-store.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { receiptTarget, sendToChat, shareToLine } from '@/lib/liff';
import { receiptFlexMessage } from '../model/share-message';
import { sessionCard } from './card-texts';

export type ReceiptStatus = { status: 'accepted' | 'entered' } | { status: 'waitlisted'; position: number | string };

/**
 * After a booking, a waitlist place or a lottery entry: "告訴群組" posts a receipt card as the
 * player into the chat the app was opened from (`liff.sendMessages`, free), elsewhere in LINE
 * "分享給朋友" opens the share target picker; in an ordinary browser nothing is offered
 * (docs/LINE.md, "Receipts"). Gone once posted.
 */
export function TellChat({ session, receipt }: { session: SessionDetail; receipt: ReceiptStatus }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<'chat' | 'picker' | null>(null);
  const [posted, setPosted] = useState(false);
  useEffect(() => {
    let live = true;
    receiptTarget().then((found) => live && setTarget(found));
    return () => {
      live = false;
    };
  }, []);
  if (!target || posted) return null;

  const post = async () => {
    const { url, texts } = await sessionCard(session, t);
    const headline =
      receipt.status === 'waitlisted'
        ? t('receipt.headline.waitlisted', { position: receipt.position })
        : t(`receipt.headline.${receipt.status}`);
    const message = receiptFlexMessage(session, url, {
      ...texts,
      headline,
      altText: t('receipt.altText', { headline, title: session.title, when: texts.when }),
    });
    try {
      if (target === 'chat') {
        await sendToChat([message as never]);
      } else if (!(await shareToLine([message as never]))) {
        return;
      }
      setPosted(true);
      notify({ level: 'success', title: t('share.sentTitle'), message: t('receipt.sent') });
    } catch (error) {
      console.error('Posting the receipt failed', error);
      notify({ level: 'error', title: t('receipt.failedTitle'), message: t('receipt.failed') });
    }
  };

  return (
    <button type="button" className="button button--line button--block" onClick={post} data-testid="tell-chat">
      {target === 'chat' ? <ChatIcon size={20} /> : <ShareIcon size={20} />}
      {target === 'chat' ? t('receipt.tellChat') : t('receipt.share')}
    </button>
  );
}
