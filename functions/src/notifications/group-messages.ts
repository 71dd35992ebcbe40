import type { messagingApi } from '@line/bot-sdk';
import type { Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import { CAROUSEL_MAX, sessionCarousel, sessionTime, textMessage } from '#line/flex.ts';
import type { GroupOutboxKind, SessionFacts } from '#outbox/model.ts';
import type { SessionRecord } from '#sessions/model.ts';

/** Teams have no language setting: group announcements are in zh-TW (README, "Team groups"). */
export const GROUP_LANGUAGE: Language = 'zh-TW';

const t = (path: string, vars?: Record<string, string | number>) =>
  translate(GROUP_LANGUAGE, 'notifications', path, vars);

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

/** Kinds still pushed to groups when the channel's quota runs low (README "Notifications"). */
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
}): messagingApi.Message[] {
  if (input.kind === 'groupNews') return [textMessage(t('news.text', input.news!))];
  if (input.kind === 'groupSessionCancelled') {
    const s = input.cancelled!;
    return [
      textMessage(t('group.cancelled', { title: s.title, when: sessionTime(s, GROUP_LANGUAGE), venue: s.venue })),
    ];
  }
  const heading = t(HEADING[input.kind]);
  const cards = input.sessions.slice(0, CAROUSEL_MAX).map((session) => ({ session, status: heading }));
  const carousel = sessionCarousel(cards, heading, GROUP_LANGUAGE, input.appUrl);
  const more = input.more + Math.max(0, input.sessions.length - CAROUSEL_MAX);
  return more > 0 ? [carousel, textMessage(t('group.more', { count: more, link: input.appUrl }))] : [carousel];
}
