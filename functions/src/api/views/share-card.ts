import { DEFAULT_LANGUAGE, LANGUAGES, type Language, sessionState } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/share-page';
import { sessionTime } from '#line/flex.ts';
import { type SessionRecord, toSummary } from '#sessions/model.ts';

/**
 * What a session's share card says (docs/LINE.md, "Share card"): the page's Open Graph tags, the
 * page itself and its preview image read these facts and nothing else of the session, so the
 * link shows anyone only the title, team, time, venue, fee and places (docs/PRIVACY.md).
 */
export interface ShareCard {
  language: Language;
  title: string;
  teamName: string;
  when: string;
  venue: string;
  price: string;
  /** The status model's places line (shared/src/domain/session-status.ts), computed once. */
  places: string;
  /** `when · venue · price · places`: og:description and the image's last line. */
  description: string;
}

export const shareText = (language: Language, path: string, vars?: Record<string, string | number>) =>
  translate(language, 'pages', `sharePage.${path}`, vars);

/** A counted status text: the `_one` form for 1 where the language has it, else `_other`. */
function counted(language: Language, path: string, count: number, vars: Record<string, number>): string {
  const one = `places.${path}_one`;
  if (count === 1) {
    const text = translate(language, 'status', one, { count, ...vars });
    if (text !== one) return text;
  }
  return translate(language, 'status', `places.${path}_other`, { count, ...vars });
}

export function placesLine(session: SessionRecord, now: Date, language: Language): string {
  const { places } = sessionState(toSummary(session, now));
  switch (places.kind) {
    case 'left':
      return shareText(language, 'placesLeft', { count: places.count, capacity: places.capacity });
    case 'lottery':
      return counted(language, 'lottery', places.entrants, { capacity: places.capacity });
    case 'full':
      return places.waiting > 0
        ? counted(language, 'fullWithWaitlist', places.waiting, {})
        : translate(language, 'status', 'places.full');
    case 'taken':
      return translate(language, 'status', 'places.taken', { accepted: places.accepted, capacity: places.capacity });
  }
}

export function shareCard(session: SessionRecord, now: Date, language: Language): ShareCard {
  const when = sessionTime(session, language);
  const price =
    session.price > 0
      ? shareText(language, 'money', { amount: session.price.toLocaleString('en-US') })
      : shareText(language, 'free');
  const places = placesLine(session, now, language);
  return {
    language,
    title: session.title,
    teamName: session.teamName,
    when,
    venue: session.venue,
    price,
    places,
    description: shareText(language, 'description', { when, venue: session.venue, price, places }),
  };
}

/** The first of the five languages `Accept-Language` names (by weight), zh-TW when none. */
export function languageOf(header: string | undefined): Language {
  const wanted = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    if (tag.startsWith('zh')) return 'zh-TW';
    const base = tag.split('-')[0];
    const match = LANGUAGES.find((l) => l === base);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
