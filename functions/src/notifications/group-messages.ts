import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { CAROUSEL_MAX, sessionCarousel, sessionTime, sessionUrl, textMessage } from '#line/flex.ts';
import type { GroupOutboxKind, SessionFacts } from '#outbox/model.ts';
import type { SessionRecord } from '#sessions/model.ts';

/** Group announcements are in the team's language (`teamLanguageOf`, zh-TW unless set). */
const translator = (language: Language) => (path: string, vars?: Record<string, string | number>) =>
  translate(language, 'notifications', path, vars);

/** Which team setting (`groupAnnouncements`) governs each group announcement. */
export const GROUP_SETTING_OF = {
  groupNewSessions: 'newSessions',
  groupSignupOpening: 'signupOpening',
  groupPlaceFreed: 'placeFreed',
  groupSessionChanged: 'changes',
  groupSessionCancelled: 'changes',
  /** An admin's news always goes to the bound group. */
  groupNews: null,
  /** Replaces the players' own pushes (docs/FAIR-SIGNUP.md, "Last call"): always sent. */
  groupLastCall: null,
} as const satisfies Record<GroupOutboxKind, string | null>;

/** Kinds still pushed to groups when the channel's quota runs low (docs/ARCHITECTURE.md, "Overview"). */
export const GROUP_ESSENTIAL: Record<GroupOutboxKind, boolean> = {
  groupNewSessions: false,
  groupSignupOpening: false,
  groupPlaceFreed: false,
  groupSessionChanged: true,
  groupSessionCancelled: true,
  groupNews: true,
  groupLastCall: true,
};

const HEADING: Record<Exclude<GroupOutboxKind, 'groupSessionCancelled' | 'groupNews' | 'groupLastCall'>, string> = {
  groupNewSessions: 'group.newSessions',
  groupSignupOpening: 'group.signupOpening',
  groupPlaceFreed: 'group.placeFreed',
  groupSessionChanged: 'group.changed',
};

/**
 * The messages of one group push: a carousel of the sessions (places left, a button into the
 * member app at `appUrl`, the LIFF URL when there is one), and for a batch over 12 sessions a
 * line saying how many more; a cancellation is one text from the snapshot on the record.
 */
export function composeGroupMessages(input: {
  kind: GroupOutboxKind;
  sessions: SessionRecord[];
  /** Sessions of the batch not shown (over the carousel's 12). */
  more: number;
  cancelled?: SessionFacts;
  news?: { team: string; text: string };
  /** A last call: the LINE user ids of the waiting players it mentions and the seats open. */
  lastCall?: { lineUserIds: string[]; seats: number };
  appUrl: string;
  /** The team's language. */
  language: Language;
}): messagingApi.Message[] {
  const t = translator(input.language);
  if (input.kind === 'groupNews') return [textMessage(t('news.text', input.news!))];
  if (input.kind === 'groupLastCall') {
    const session = input.sessions[0]!;
    return [lastCallMention(session, input.lastCall!, input.language, input.appUrl)];
  }
  if (input.kind === 'groupSessionCancelled') {
    const s = input.cancelled!;
    return [
      textMessage(t('group.cancelled', { title: s.title, when: sessionTime(s, input.language), venue: s.venue })),
    ];
  }
  const heading = t(HEADING[input.kind]);
  const cards = input.sessions.slice(0, CAROUSEL_MAX).map((session) => ({ session, status: heading }));
  const carousel = sessionCarousel(cards, heading, input.language, input.appUrl);
  const more = input.more + Math.max(0, input.sessions.length - CAROUSEL_MAX);
  return more > 0 ? [carousel, textMessage(t('group.more', { count: more, link: input.appUrl }))] : [carousel];
}

/** LINE's text v2 reads `{name}` as a placeholder; a literal brace is written twice. */
const literal = (text: string | number) => String(text).replace(/[{}]/g, (brace) => brace + brace);

/**
 * A last call in the bound group (docs/FAIR-SIGNUP.md, "Last call"): one text v2 message whose
 * `{p0} {p1} …` are mentions of the waiting players, instead of one push each.
 */
export function lastCallMention(
  session: SessionRecord,
  call: { lineUserIds: string[]; seats: number },
  language: Language,
  appUrl: string,
): messagingApi.TextMessageV2 {
  const keys = call.lineUserIds.map((_, i) => `p${i}`);
  const text = translate(language, 'notifications', 'lastCallGroup.text', {
    title: literal(session.title),
    when: literal(sessionTime(session, language)),
    count: call.seats,
    players: keys.map((k) => `{${k}}`).join(' '),
    link: literal(sessionUrl(appUrl, session.id)),
  });
  const substitution = Object.fromEntries(
    call.lineUserIds.map((userId, i) => [keys[i]!, { type: 'mention', mentionee: { type: 'user', userId } }]),
  ) as messagingApi.TextMessageV2['substitution'];
  return { type: 'textV2', text, substitution };
}
