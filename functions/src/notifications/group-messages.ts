import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { CAROUSEL_MAX, sessionCarousel, sessionTime, textMessage } from '#line/flex.ts';
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
} as const satisfies Record<GroupOutboxKind, string | null>;

/** Kinds still pushed to groups when the channel's quota runs low (docs/ARCHITECTURE.md, "Overview"). */
export const GROUP_ESSENTIAL: Record<GroupOutboxKind, boolean> = {
  groupNewSessions: false,
  groupSignupOpening: false,
  groupPlaceFreed: false,
  groupSessionChanged: true,
  groupSessionCancelled: true,
  groupNews: true,
};

const HEADING: Record<Exclude<GroupOutboxKind, 'groupSessionCancelled' | 'groupNews'>, string> = {
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
  appUrl: string;
  /** The team's language. */
  language: Language;
}): messagingApi.Message[] {
  const t = translator(input.language);
  if (input.kind === 'groupNews') return [textMessage(t('news.text', input.news!))];
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
