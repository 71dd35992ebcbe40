import type { SessionDetail } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import type { useTranslation } from 'react-i18next';
import { runtimeConfig } from '@/config/config-loader';
import { liffUrl } from '@/lib/links';
import { sessionPath } from '@/lib/paths';
import type { ShareTexts } from '../model/share-message';

type T = ReturnType<typeof useTranslation>['t'];

/** What a session card says (share and receipt cards alike), and the LIFF link it opens. */
export async function sessionCard(session: SessionDetail, t: T) {
  const when = `${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`;
  const { liffId, miniApp } = await runtimeConfig();
  const texts: Omit<ShareTexts, 'altText'> = {
    when,
    venue: `${session.venue}（${t(`px.region.${session.region}`)}）`,
    fee: formatMoney(session.price),
    places:
      session.remaining > 0
        ? t('session.remaining', { count: session.remaining, capacity: session.capacity })
        : t('session.full'),
    button: t('share.open'),
  };
  return { url: liffUrl(liffId, sessionPath(session.id), miniApp), texts };
}
