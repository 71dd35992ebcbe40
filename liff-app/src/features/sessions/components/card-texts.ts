import { type SessionDetail, sessionState } from '@shuttle/shared';
import { formatDay, formatMoney, formatTimeRange } from '@shuttle/shared/web/format.ts';
import { i18next } from '@shuttle/shared/web/i18n-loader.ts';
import { placesText } from '@shuttle/shared/web/session-status.tsx';
import type { TFunction } from 'i18next';
import { runtimeConfig } from '@/config/config-loader';
import { liffUrl } from '@/lib/links';
import { sessionPath } from '@/lib/paths';
import type { ShareTexts } from '../model/share-message';

type T = TFunction<'member'>;

/**
 * The region's label. Checked against the member texts, a template key over every region goes past
 * TypeScript's instantiation depth (TS2589) since the error texts grew; the keys `px.region.*` exist
 * for every region in all five languages (tests/i18n keep them complete).
 */
const regionLabel = (t: T, region: SessionDetail['region']) =>
  (t as unknown as (key: string) => string)(`px.region.${region}`);

/** Places left to take, or how many draw for them (the status model's lottery line), or full. */
function cardPlaces(session: SessionDetail, t: T): string {
  const { places } = sessionState(session);
  if (places.kind === 'lottery') return placesText(i18next.getFixedT(null, 'status'), places);
  return session.remaining > 0
    ? t('session.remaining', { count: session.remaining, capacity: session.capacity })
    : t('session.full');
}

/** What a session card says (share and receipt cards alike), and the LIFF link it opens. */
export async function sessionCard(session: SessionDetail, t: T) {
  const when = `${formatDay(session.startsAt)} ${formatTimeRange(session.startsAt, session.endsAt)}`;
  const { liffId, miniApp } = await runtimeConfig();
  const texts: Omit<ShareTexts, 'altText'> = {
    when,
    venue: `${session.venue}（${regionLabel(t, session.region)}）`,
    fee: formatMoney(session.price),
    places: cardPlaces(session, t),
    button: t('share.open'),
  };
  return { url: liffUrl(liffId, sessionPath(session.id), miniApp), texts };
}
