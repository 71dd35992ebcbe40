import type { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import {
  ALT_TEXT_MAX,
  actionFooter,
  BRAND_COLOR,
  detailRow,
  type PostbackAction,
  postbackButton,
  sessionTime,
  sessionUrl,
  taipeiDayTime,
} from '#line/flex.ts';
import { lineAppUrl } from '#line/mini-app.ts';
import type { OutboxKind, SessionFacts } from '#outbox/model.ts';
import type { EmailMessage } from '#platform/email.ts';

export interface ComposedNotification {
  title: string;
  body: string;
  links: { line: string; email: string };
  line: messagingApi.Message[];
  email: Omit<EmailMessage, 'to'>;
}

/** LINE caps a Flex message's alternative text (shown in chat lists and notifications) at 400. */

const t = (language: Language, path: string, vars?: Record<string, string | number>) =>
  translate(language, 'notifications', path, vars);

/** Session time as a player in Taiwan reads it, whatever zone the server runs in. */
export const formatSessionTime = (startsAt: string, endsAt: string, language: Language) =>
  sessionTime({ startsAt, endsAt }, language);

export const sessionLink = sessionUrl;

/**
 * The member app's session screen inside LINE (liff-app/src/lib/liff.ts `liffUrl`, lib/paths.ts
 * `sessionPath`): the LIFF URL, or in MINI App mode the permanent `miniapp.line.me` link.
 */
export const liffSessionLink = (liffId: string, sessionId: string, miniApp = false) =>
  sessionUrl(lineAppUrl(liffId, miniApp), sessionId);

/**
 * Where a notice's "View session" leads: the LIFF URL in LINE pushes and in emails to LINE
 * users when a LIFF id is set; the web URL in emails to other players and without a LIFF id
 * (locally the LIFF mock serves the app at `appBaseUrl`).
 */
export function notificationLinks(input: {
  sessionId: string;
  appBaseUrl: string;
  liffId?: string;
  lineUser: boolean;
  /** LINE MINI App mode: the permanent `https://miniapp.line.me/<liffId>/…` links. */
  miniApp?: boolean;
}): { line: string; email: string } {
  const web = sessionLink(input.appBaseUrl, input.sessionId);
  const liff = input.liffId ? liffSessionLink(input.liffId, input.sessionId, input.miniApp) : web;
  return { line: liff, email: input.lineUser ? liff : web };
}

/** A notice's postback buttons, answered in the chat (docs/LINE.md, "Postback actions"). */
const NOTICE_ACTIONS: Partial<Record<OutboxKind, PostbackAction[]>> = {
  offered: ['accept', 'decline'],
  // A last-call place is claimed like an offer (bookings/offers.ts `acceptOffer`).
  lastCall: ['accept'],
};

/** The LINE push (one Flex bubble with the notice as alt text) and the email for one notification, in one language. */
export function composeNotification(input: {
  kind: OutboxKind;
  language: Language | null;
  session: SessionFacts;
  links: { line: string; email: string };
  /** Why ('promoted': `lotteryDrawn` is a lottery win) and, for 'offered', until when (docs/FAIR-SIGNUP.md). */
  reason?: string;
  offerExpiresAt?: string;
  /** 'lotteryWaitlisted': the player's place on the waitlist after the draw. */
  position?: number;
  /** 'sessionChanged': the session before the first of the coalesced changes (old -> new). */
  previous?: Pick<SessionFacts, 'startsAt' | 'endsAt' | 'venue'>;
  /** 'bookingReminder': what the player owes and where to pay (`payment-due.ts`). */
  paymentDue?: string;
  /** 'rotationUpNext': the court of the player's coming game; null: the first that frees. */
  court?: number | null;
}): ComposedNotification {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const { session } = input;
  const when = formatSessionTime(session.startsAt, session.endsAt, language);
  const until = input.offerExpiresAt ? taipeiDayTime(input.offerExpiresAt, language) : '';
  const court = input.court ?? '';
  const vars = { title: session.title, when, venue: session.venue, until, position: input.position ?? '', court };
  const group = input.kind === 'promoted' && input.reason === 'lotteryDrawn' ? 'lotteryWon' : input.kind;
  const title = t(language, `${group}.title`, vars);
  // 你下一場在 N 號場, or 你下一場：先空出的場 when the coming game waits for the first court to free.
  const bodyKey = input.kind === 'rotationUpNext' && court === '' ? 'bodyFirstFree' : 'body';
  const { previous } = input;
  const was =
    input.kind === 'sessionChanged' && previous
      ? t(language, 'sessionChanged.was', {
          when: formatSessionTime(previous.startsAt, previous.endsAt, language),
          venue: previous.venue,
        })
      : '';
  const body = [t(language, `${group}.${bodyKey}`, vars), was, input.paymentDue].filter(Boolean).join('\n');
  const { links } = input;
  const viewSession = t(language, 'viewSession');

  const bubble: messagingApi.FlexBubble = {
    type: 'bubble',
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'md',
      contents: [
        { type: 'text', text: title, weight: 'bold', color: BRAND_COLOR, size: 'sm' },
        { type: 'text', text: session.title, weight: 'bold', size: 'lg', wrap: true },
        {
          type: 'box',
          layout: 'vertical',
          spacing: 'sm',
          margin: 'lg',
          contents: [
            detailRow(t(language, 'labels.time'), when),
            detailRow(t(language, 'labels.venue'), session.venue),
          ],
        },
        ...(input.paymentDue
          ? [{ type: 'text' as const, text: input.paymentDue, wrap: true, size: 'sm' as const, margin: 'lg' as const }]
          : []),
      ],
    },
    footer: actionFooter(
      (NOTICE_ACTIONS[input.kind] ?? []).map((action) => postbackButton(action, session.id, language)),
      viewSession,
      links.line,
    ),
  };

  return {
    title,
    body,
    links,
    // One notice, one message: the card, whose alt text (chat list, notification) is the whole notice.
    line: [{ type: 'flex', altText: `${title}\n${body}`.slice(0, ALT_TEXT_MAX), contents: bubble }],
    email: {
      subject: `${title}: ${session.title}`,
      text: [body, `${viewSession}: ${links.email}`, t(language, 'emailFooter')].join('\n\n'),
    },
  };
}

/** A team's news from its admin to one member: a text push and an email, the heading in their language. */
export function composeNews(input: {
  language: Language | null;
  team: string;
  text: string;
}): Pick<ComposedNotification, 'line' | 'email'> {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const title = t(language, 'news.title', { team: input.team });
  return {
    line: [{ type: 'text', text: `${title}\n${input.text}` }],
    email: { subject: title, text: [input.text, t(language, 'emailFooter')].join('\n\n') },
  };
}
