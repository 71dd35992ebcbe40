import type { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE, type Language, sessionListQuery, sessionStatusAt } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import { userCodec } from '#db/codecs/players.ts';
import { index, key } from '#db/keys.ts';
import { batchGetAll } from '#db/query.ts';
import { newTeamAlertItem } from '#outbox/model.ts';
import type { OutboxRepository } from '#outbox/repository.ts';
import { randomId } from '#platform/clock.ts';
import { userIdFor } from '#players/repository.ts';
import { browsePage } from '#sessions/browse.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import { bindCodeIn, LineBindings } from '#teams/line-binding.ts';
import { type TeamRecord, type TeamRepository, teamLanguageOf } from '#teams/repository.ts';
import type { LineMessaging } from './client.ts';
import { type ChatCommand, commandOf, type Mention } from './commands.ts';
import { type SessionCard, sessionCarousel, textMessage } from './flex.ts';
import { LineFollowers } from './followers.ts';
import { type PostbackDeps, PostbackReplies, type PostbackRequest, parsePostback } from './postbacks.ts';

/** How many sessions or bookings one answer shows (one bounded read; LINE allows 12 bubbles). */
export const CHAT_LIST_MAX = 10;
/** Sessions that started up to this long ago may still be under way (the player's bookings). */
const LONGEST_SESSION_MS = 24 * 3600 * 1000;

/** Where an event happened: a 1:1 chat, a group or a multi-person chat (room). */
export interface Chat {
  type: 'user' | 'group' | 'room';
  /** The LINE user id (1:1), group id or room id. */
  id: string;
  /** The sender, when LINE tells it. */
  userId?: string;
}

/** The webhook events the bot acts on; every other event is ignored without a write. */
export type ChatAction =
  | { type: 'follow'; chat: Chat; at: Date }
  | { type: 'unfollow'; chat: Chat; at: Date }
  | { type: 'postback'; request: PostbackRequest; chat: Chat & { userId: string }; eventId: string }
  | { type: 'join'; chat: Chat }
  | { type: 'leave'; chat: Chat }
  | { type: 'command'; command: ChatCommand; chat: Chat }
  | { type: 'bindCode'; code: string; chat: Chat };

export interface ChatEventInput {
  type: string;
  webhookEventId?: string;
  timestamp?: number;
  postback?: { data: string };
  source?: { type: string; userId?: string; groupId?: string; roomId?: string };
  message?: { type: string; text?: string; mention?: { mentionees: Mention[] } };
}

function chatOf(source: ChatEventInput['source']): Chat | null {
  if (!source) return null;
  if (source.type === 'user' && source.userId) return { type: 'user', id: source.userId, userId: source.userId };
  if (source.type === 'group' && source.groupId) return { type: 'group', id: source.groupId, userId: source.userId };
  if (source.type === 'room' && source.roomId) return { type: 'room', id: source.roomId, userId: source.userId };
  return null;
}

/**
 * What an event asks of the bot, decided without reading anything: commands and mentions of
 * the bot in any chat, a binding code in a group, follow/unfollow/join/leave, card postbacks
 * (postbacks.ts). Null: stay silent.
 */
export function actionOf(event: ChatEventInput): ChatAction | null {
  const chat = chatOf(event.source);
  if (!chat) return null;
  const at = new Date(event.timestamp ?? 0);
  if (event.type === 'follow' && chat.type === 'user') return { type: 'follow', chat, at };
  if (event.type === 'unfollow' && chat.type === 'user') return { type: 'unfollow', chat, at };
  if (event.type === 'postback' && event.postback && chat.userId && event.webhookEventId) {
    const request = parsePostback(event.postback.data);
    return request
      ? { type: 'postback', request, chat: { ...chat, userId: chat.userId }, eventId: event.webhookEventId }
      : null;
  }
  if (event.type === 'join' && chat.type !== 'user') return { type: 'join', chat };
  if (event.type === 'leave' && chat.type === 'group') return { type: 'leave', chat };
  const text = event.type === 'message' && event.message?.type === 'text' ? event.message.text : undefined;
  if (text === undefined) return null;
  const command = commandOf({ text, mentionees: event.message?.mention?.mentionees });
  if (command) return { type: 'command', command, chat };
  const code = chat.type === 'group' ? bindCodeIn(text) : null;
  return code ? { type: 'bindCode', code, chat } : null;
}

export interface ChatDeps extends PostbackDeps {
  teams: TeamRepository;
  outbox: OutboxRepository;
  /** Reads the bound group's name (LINE's group summary) at binding; null: not read. */
  line?: Pick<LineMessaging, 'getGroupSummary'> | null;
  log?: Pick<Console, 'warn'>;
}

/** The answers of the bot: what each action replies (null: nothing), and its effects. */
export class ChatReplies {
  private readonly sessions: SessionRepository;
  private readonly bindings: LineBindings;
  private readonly teams: TeamRepository;
  private readonly followers: LineFollowers;
  private readonly postbacks: PostbackReplies;

  constructor(private readonly deps: ChatDeps) {
    this.sessions = deps.sessions;
    this.bindings = new LineBindings(deps.store);
    this.teams = deps.teams;
    this.followers = new LineFollowers(deps.store);
    this.postbacks = new PostbackReplies(deps);
  }

  /**
   * The chosen language of every player chatting 1:1 in these actions, by user id, in one
   * BatchGet. A bound group reads in its team's language (`answer`), rooms in the default one.
   */
  async languagesOf(actions: ChatAction[]): Promise<Map<string, Language>> {
    const ids = [...new Set(actions.flatMap((a) => (a.chat.type === 'user' ? [a.chat.id] : [])))];
    if (ids.length === 0) return new Map();
    const users = await batchGetAll(
      this.deps.store,
      userCodec,
      ids.map((id) => key.user(userIdFor('line', id))),
    );
    return new Map(users.flatMap((u) => (u.language ? [[u.userId, u.language] as const] : [])));
  }

  private text(language: Language, path: string, vars: Record<string, string | number> = {}) {
    return textMessage(translate(language, 'notifications', path, { link: this.deps.appUrl, ...vars }));
  }

  /** What to reply to an action (null: nothing); `languages` from `languagesOf`. */
  async answer(action: ChatAction, languages: ReadonlyMap<string, Language>): Promise<messagingApi.Message[] | null> {
    if (action.type === 'leave') {
      await this.bindings.unbindGroup(action.chat.id);
      return null;
    }
    if (action.type === 'bindCode') return this.bind(action.code, action.chat.id);
    // Blocked players get no LINE pushes, and none is counted (docs/LINE.md, "Blocked players").
    if (action.type === 'unfollow') {
      await this.followers.setBlocked(action.chat.id, true, action.at);
      return null;
    }
    if (action.type === 'follow') await this.followers.setBlocked(action.chat.id, false, action.at);
    const teamId = action.chat.type === 'group' ? await this.bindings.teamOfGroup(action.chat.id) : null;
    const language = teamId
      ? teamLanguageOf(await this.teams.get(teamId))
      : (action.chat.type === 'user' && languages.get(userIdFor('line', action.chat.id))) || DEFAULT_LANGUAGE;
    switch (action.type) {
      case 'follow':
        return [this.text(language, 'line.welcome')];
      case 'join':
        return [this.text(language, 'line.joined')];
      case 'postback':
        return this.postbacks.answer({
          request: action.request,
          lineUserId: action.chat.userId,
          inGroup: action.chat.type !== 'user',
          chatLanguage: teamId ? language : null,
          eventId: action.eventId,
        });
      case 'command':
        if (action.command === 'help') return [this.text(language, 'line.help')];
        if (action.command === 'sessions') return [await this.upcomingSessions(teamId, language)];
        return [await this.mine(action.chat, language)];
    }
  }

  private async bind(code: string, groupId: string): Promise<messagingApi.Message[] | null> {
    const result = await this.bindings.redeem(code, groupId, this.deps.clock.now());
    switch (result.status) {
      case 'bound':
        await this.keepGroupName(result.team.id, groupId);
        return [this.text(teamLanguageOf(result.team), 'line.bound', { team: result.team.name })];
      case 'refused':
        if (result.alert) await this.alertOwners(result.owner, code);
        return [this.text(teamLanguageOf(result.owner), 'groupBinding.refused')];
      case 'expired':
        return [this.text(DEFAULT_LANGUAGE, 'line.codeExpired')];
      case 'used':
        return [this.text(DEFAULT_LANGUAGE, 'line.codeUsed')];
      case 'unknown':
        return null;
    }
  }

  /** The group's name from LINE's summary onto the team; a failed read is logged, never fatal. */
  private async keepGroupName(teamId: string, groupId: string): Promise<void> {
    if (!this.deps.line) return;
    try {
      const summary = await this.deps.line.getGroupSummary(groupId);
      if (summary.groupName) await this.bindings.saveGroupName(teamId, groupId, summary.groupName);
    } catch (error) {
      (this.deps.log ?? console).warn(`LINE group ${groupId}: summary could not be read`, error);
    }
  }

  /**
   * Tells the owners of the team a group is bound to, by email, that another team's code was
   * sent there: an outbox record the notifier delivers (`groupBindRefused`), so the webhook
   * sends no email itself and a failed send is retried.
   */
  private async alertOwners(owner: TeamRecord, code: string): Promise<void> {
    const other = await this.bindings.teamOfCode(code);
    await this.deps.outbox.putIfAbsent(
      newTeamAlertItem({
        id: randomId(),
        kind: 'groupBindRefused',
        teamId: owner.id,
        now: this.deps.clock.now(),
        details: { otherTeamName: other?.name ?? '' },
      }),
    );
  }

  /** A bound group: the team's next sessions; elsewhere: the next open public sessions. */
  private async upcomingSessions(teamId: string | null, language: Language): Promise<messagingApi.Message> {
    const now = this.deps.clock.now();
    const sessions = teamId ? await this.teamSessions(teamId, now) : await this.openSessions(now);
    if (sessions.length === 0) return this.text(language, teamId ? 'line.noTeamSessions' : 'line.noSessions');
    const alt = translate(language, 'notifications', 'line.sessionsAlt', { count: sessions.length });
    return sessionCarousel(
      sessions.map((session) => ({ session })),
      alt,
      language,
      this.deps.appUrl,
    );
  }

  /** The team's sessions from now on, by start: one Query of GSI3 with `Limit`. */
  private async teamSessions(teamId: string, now: Date): Promise<SessionRecord[]> {
    const page = await this.sessions.readIndex({
      index: 'GSI3',
      partition: index.teamSessionsPartition(teamId),
      lo: now.toISOString(),
      hi: '~',
      forward: true,
      limit: CHAT_LIST_MAX,
    });
    return page.items.map((item) => item.session);
  }

  /** The first page of the member app's 報名中 list (public sessions only). */
  private async openSessions(now: Date): Promise<SessionRecord[]> {
    const query = sessionListQuery.parse({ status: 'open', limit: CHAT_LIST_MAX });
    const page = await browsePage((q) => this.sessions.readIndex(q), query, now, Promise.resolve(null));
    return page.items.slice(0, CHAT_LIST_MAX);
  }

  /** 1:1: the player's upcoming bookings; in a group, where to see them. */
  private async mine(chat: Chat, language: Language): Promise<messagingApi.Message> {
    if (chat.type !== 'user') return this.text(language, 'line.mineInGroup');
    const userId = userIdFor('line', chat.id);
    const now = this.deps.clock.now();
    const from = new Date(now.getTime() - LONGEST_SESSION_MS).toISOString();
    const bookings = (await this.sessions.bookingsOfUser(userId, from, '9999')).filter((b) => b.status !== 'cancelled');
    const sessions = await this.sessions.getMany(bookings.slice(0, CHAT_LIST_MAX * 2).map((b) => b.sessionId));
    const cards: SessionCard[] = bookings.flatMap((booking) => {
      const session = sessions.get(booking.sessionId);
      if (!session || sessionStatusAt(session, now) === 'ended') return [];
      const position = session.waitlist.findIndex((entry) => entry.startsWith(`${userId}*`)) + 1;
      const status =
        booking.status === 'accepted'
          ? translate(language, 'notifications', 'line.booked')
          : translate(language, 'notifications', 'line.waiting', { position: position || '-' });
      // The player's own card: cancel, or take/decline a place offered to them (postbacks.ts).
      const actions: SessionCard['actions'] = booking.status === 'offered' ? ['accept', 'decline'] : ['cancel'];
      return [{ session, status, actions }];
    });
    if (cards.length === 0) return this.text(language, 'line.noBookings');
    const alt = translate(language, 'notifications', 'line.mineAlt', { count: Math.min(cards.length, CHAT_LIST_MAX) });
    return sessionCarousel(cards.slice(0, CHAT_LIST_MAX), alt, language, this.deps.appUrl);
  }
}
