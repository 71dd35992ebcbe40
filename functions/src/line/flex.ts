import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import type { SessionRecord } from '#sessions/model.ts';

/** LINE's limits: 12 bubbles in a carousel, 400 characters of alternative text. */
export const CAROUSEL_MAX = 12;
export const ALT_TEXT_MAX = 400;
export const BRAND_COLOR = '#0F766E';

const t = (language: Language, path: string, vars?: Record<string, string | number>) =>
  translate(language, 'notifications', path, vars);

/** The member app's session screen (liff-app/src/app/router.tsx: `/session?id=`), under the LIFF URL. */
export const sessionUrl = (appUrl: string, sessionId: string) =>
  `${appUrl.replace(/\/+$/, '')}/session?id=${encodeURIComponent(sessionId)}`;

/** Session time as a player in Taiwan reads it, whatever zone the server runs in. */
export function sessionTime(session: Pick<SessionRecord, 'startsAt' | 'endsAt'>, language: Language): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'Asia/Taipei',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatRange(new Date(session.startsAt), new Date(session.endsAt));
}

/** One instant (an offer's end, a draw) as a player in Taiwan reads it: day and time. */
export const taipeiDayTime = (at: string, language: Language): string =>
  new Intl.DateTimeFormat(language, {
    timeZone: 'Asia/Taipei',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));

export const textMessage = (text: string): messagingApi.TextMessage => ({ type: 'text', text });

/** A bubble footer with one primary button opening `uri`. */
export function buttonFooter(label: string, uri: string, height?: 'sm'): messagingApi.FlexBox {
  return {
    type: 'box',
    layout: 'vertical',
    contents: [
      {
        type: 'button',
        style: 'primary',
        color: BRAND_COLOR,
        ...(height ? { height } : {}),
        action: { type: 'uri', label, uri },
      },
    ],
  };
}

/**
 * What a card's postback buttons ask the webhook to do (docs/LINE.md, "Postback actions").
 * The data is exactly `action=<action>&sessionId=<id>`; LINE allows 300 characters.
 */
export type PostbackAction = 'join' | 'cancel' | 'accept' | 'decline';
export const POSTBACK_ACTIONS: readonly PostbackAction[] = ['join', 'cancel', 'accept', 'decline'];

const postbackData = (action: PostbackAction, sessionId: string) =>
  `action=${action}&sessionId=${encodeURIComponent(sessionId)}`;

/** A postback button (`postback.<action>` in the chat's language) for one session. */
export function postbackButton(action: PostbackAction, sessionId: string, language: Language): messagingApi.FlexButton {
  return {
    type: 'button',
    style: action === 'join' || action === 'accept' ? 'primary' : 'secondary',
    ...(action === 'join' || action === 'accept' ? { color: BRAND_COLOR } : {}),
    height: 'sm',
    action: {
      type: 'postback',
      label: t(language, `postback.buttons.${action}`),
      data: postbackData(action, sessionId),
    },
  };
}

/**
 * A bubble footer: the postback buttons side by side (they act in the chat), then the button
 * opening `uri` in the member app (primary when there is no postback button).
 */
export function actionFooter(
  buttons: messagingApi.FlexButton[],
  label: string,
  uri: string,
  height?: 'sm',
): messagingApi.FlexBox {
  if (buttons.length === 0) return buttonFooter(label, uri, height);
  return {
    type: 'box',
    layout: 'vertical',
    spacing: 'sm',
    contents: [
      { type: 'box', layout: 'horizontal', spacing: 'sm', contents: buttons },
      { type: 'button', style: 'link', height: 'sm', action: { type: 'uri', label, uri } },
    ],
  };
}

/** A label and its value on one line of a Flex bubble. */
export function detailRow(label: string, value: string): messagingApi.FlexBox {
  return {
    type: 'box',
    layout: 'baseline',
    spacing: 'sm',
    contents: [
      { type: 'text', text: label, color: '#6B7280', size: 'sm', flex: 2 },
      { type: 'text', text: value, color: '#111827', size: 'sm', flex: 6, wrap: true },
    ],
  };
}

/** Places left, or the waitlist's length when full. */
export function placesText(session: SessionRecord, language: Language): string {
  return session.remaining > 0
    ? t(language, 'line.placesLeft', { count: session.remaining })
    : t(language, 'line.full', { count: session.waitingCount });
}

export interface SessionCard {
  session: SessionRecord;
  /** A line above the title (the player's own booking state), if any. */
  status?: string;
  /** Its postback buttons; unset: `join` while sign-up is not closed. */
  actions?: PostbackAction[];
}

/** One session bubble: details, places left, its postback buttons and a link into the member app. */
export function sessionBubble(card: SessionCard, language: Language, appUrl: string): messagingApi.FlexBubble {
  const { session } = card;
  const top: messagingApi.FlexComponent[] = card.status
    ? [{ type: 'text', text: card.status, weight: 'bold', color: BRAND_COLOR, size: 'sm' }]
    : [];
  return {
    type: 'bubble',
    size: 'kilo',
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'md',
      contents: [
        ...top,
        { type: 'text', text: session.title || session.venue, weight: 'bold', size: 'md', wrap: true, maxLines: 2 },
        { type: 'text', text: session.teamName, color: '#6B7280', size: 'xs' },
        {
          type: 'box',
          layout: 'vertical',
          spacing: 'sm',
          contents: [
            detailRow(t(language, 'labels.time'), sessionTime(session, language)),
            detailRow(t(language, 'labels.venue'), session.venue),
            detailRow(t(language, 'line.places'), placesText(session, language)),
          ],
        },
      ],
    },
    footer: actionFooter(
      (card.actions ?? (session.bookingClosed ? [] : ['join'])).map((a) => postbackButton(a, session.id, language)),
      t(language, 'viewSession'),
      sessionUrl(appUrl, session.id),
      'sm',
    ),
  };
}

/** One carousel of session bubbles (at most 12), each with its postback buttons and a link into the member app. */
export function sessionCarousel(
  cards: SessionCard[],
  altText: string,
  language: Language,
  appUrl: string,
): messagingApi.FlexMessage {
  const lines = cards.map(({ session }) => `${session.title || session.venue} ${sessionTime(session, language)}`);
  const alt = [altText, ...lines].join('\n');
  return {
    type: 'flex',
    altText: alt.length > ALT_TEXT_MAX ? `${alt.slice(0, ALT_TEXT_MAX - 1)}…` : alt,
    contents: {
      type: 'carousel',
      contents: cards.slice(0, CAROUSEL_MAX).map((card) => sessionBubble(card, language, appUrl)),
    },
  };
}
