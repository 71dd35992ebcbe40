import type { messagingApi } from '@line/bot-sdk';
import { DEFAULT_LANGUAGE, type Language } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n/notifications';
import type { BookingEngine } from '#bookings/engine.ts';
import { drawAtOf } from '#bookings/lottery.ts';
import type { Store } from '#db/client.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import type { UserRecord } from '#players/repository.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import {
  ALT_TEXT_MAX,
  POSTBACK_ACTIONS,
  type PostbackAction,
  placesText,
  sessionBubble,
  sessionTime,
  sessionUrl,
  taipeiDayTime,
  textMessage,
} from './flex.ts';
import { LineFollowers } from './followers.ts';

/** A card button's request (docs/LINE.md, "Postback actions"). */
export interface PostbackRequest {
  action: PostbackAction;
  sessionId: string;
}

/** `action=<join|cancel|accept|decline>&sessionId=<id>`; anything else: null (no reply). */
export function parsePostback(data: string): PostbackRequest | null {
  const params = new URLSearchParams(data);
  const action = params.get('action') as PostbackAction | null;
  const sessionId = params.get('sessionId');
  if (!action || !POSTBACK_ACTIONS.includes(action)) return null;
  if (!sessionId || sessionId.length > 64) return null;
  return { action, sessionId };
}

/** Refusals with their own polite text; any other domain error gets `postback.refused.other`. */
const REFUSALS = new Set([
  'SIGNUP_NOT_OPEN',
  'SESSION_STARTED',
  'BOOKING_CLOSED',
  'ALREADY_BOOKED',
  'MEMBER_BLOCKED',
  'TEAM_ONLY',
  'MEMBER_SUSPENDED',
  'LEVEL_OUT_OF_RANGE',
  'SESSION_NOT_FOUND',
  'BOOKING_NOT_FOUND',
  'CANCEL_WINDOW_PASSED',
  'OFFER_NOT_FOUND',
  'OFFER_EXPIRED',
]);

/** What an action did, as the reply words it (`postback.status.*`, `postback.group.*`). */
type Done =
  | { kind: 'accepted' | 'cancelled' | 'offerAccepted' | 'offerDeclined' }
  | { kind: 'waiting'; position?: number }
  | { kind: 'entered' };

interface PostbackInput {
  request: PostbackRequest;
  /** The LINE user who tapped (`source.userId`). */
  lineUserId: string;
  /** A group or room: the reply mentions the player; else a 1:1 receipt card. */
  inGroup: boolean;
  /** The bound team's language in a bound group; null elsewhere (the player's own language). */
  chatLanguage: Language | null;
  /** The event's `webhookEventId`: the engine's idempotency key, so a redelivery books once. */
  eventId: string;
}

export interface PostbackDeps {
  store: Store;
  clock: Clock;
  /** The booking engine the app's calls use (app/line-services.ts): same rules, ids and retry. */
  engine: BookingEngine;
  sessions: SessionRepository;
  /** The member app (`https://liff.line.me/<liffId>` in production). */
  appUrl: string;
}

/**
 * Postbacks from card buttons: the LINE user is mapped to the player who signed in with that
 * account, the same booking engine the app calls acts (same rules: team-only, member priority,
 * suspension, closed sign-up, the lottery window), and the answer is one reply.
 */
export class PostbackReplies {
  private readonly followers: LineFollowers;
  private readonly engine: BookingEngine;
  private readonly sessions: SessionRepository;

  constructor(private readonly deps: PostbackDeps) {
    this.followers = new LineFollowers(deps.store);
    this.engine = deps.engine;
    this.sessions = deps.sessions;
  }

  async answer(input: PostbackInput): Promise<messagingApi.Message[]> {
    const { request } = input;
    const player = await this.followers.playerOf(input.lineUserId);
    if (!player) {
      // Never signed in: the LIFF link signs them in and the app finishes the action.
      const language = input.chatLanguage ?? DEFAULT_LANGUAGE;
      const link = `${sessionUrl(this.deps.appUrl, request.sessionId)}&action=${request.action}`;
      return [textMessage(translate(language, 'notifications', 'postback.signIn', { link }))];
    }
    const language = input.chatLanguage ?? player.language ?? DEFAULT_LANGUAGE;
    let done: Done;
    try {
      done = await this.act(request, player, input.eventId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const code = REFUSALS.has(error.code) ? error.code : 'other';
      const reason = translate(language, 'notifications', `postback.refused.${code}`);
      return [
        input.inGroup ? mention(input.lineUserId, `postback.group.refused`, language, { reason }) : textMessage(reason),
      ];
    }
    const session = await this.sessions.get(request.sessionId, { consistent: true });
    if (!session) return [textMessage(translate(language, 'notifications', 'postback.refused.SESSION_NOT_FOUND'))];
    const position =
      done.kind === 'waiting'
        ? (done.position ?? session.waitlist.findIndex((e) => e.startsWith(`${player.userId}*`)) + 1)
        : 0;
    const vars = {
      title: session.title || session.venue,
      places: placesText(session, language),
      position: position || '-',
      drawAt: taipeiDayTime(drawAtOf(session), language),
    };
    if (input.inGroup) return [mention(input.lineUserId, `postback.group.${done.kind}`, language, vars)];
    return [this.receipt(session, done, language, vars)];
  }

  private async act(request: PostbackRequest, player: UserRecord, eventId: string): Promise<Done> {
    const { sessionId } = request;
    switch (request.action) {
      case 'join': {
        const outcome = await this.engine.join({
          sessionId,
          partySize: 1,
          idempotencyKey: eventId,
          player: { userId: player.userId, name: player.name, pictureUrl: player.pictureUrl },
        });
        return outcome.status === 'waiting'
          ? { kind: 'waiting', position: outcome.position }
          : { kind: outcome.status };
      }
      case 'cancel':
        await this.engine.cancel({ sessionId, userId: player.userId, idempotencyKey: eventId });
        return { kind: 'cancelled' };
      case 'accept':
        await this.engine.acceptOffer(sessionId, player.userId);
        return { kind: 'offerAccepted' };
      case 'decline':
        await this.engine.declineOffer(sessionId, player.userId);
        return { kind: 'offerDeclined' };
    }
  }

  /** 1:1: a receipt card (the session, what happened, and what the player can do next). */
  private receipt(
    session: SessionRecord,
    done: Done,
    language: Language,
    vars: Record<string, string | number>,
  ): messagingApi.FlexMessage {
    const status = translate(language, 'notifications', `postback.status.${done.kind}`, vars);
    const holds = done.kind === 'accepted' || done.kind === 'waiting' || done.kind === 'offerAccepted';
    const alt = translate(language, 'notifications', 'postback.receiptAlt', {
      status,
      title: String(vars.title),
      when: sessionTime(session, language),
    });
    return {
      type: 'flex',
      altText: alt.length > ALT_TEXT_MAX ? `${alt.slice(0, ALT_TEXT_MAX - 1)}…` : alt,
      contents: sessionBubble({ session, status, actions: holds ? ['cancel'] : [] }, language, this.deps.appUrl),
    };
  }
}

/** LINE's text v2 reads `{name}` as a placeholder; a literal brace is written twice. */
const literal = (text: string | number) => String(text).replace(/[{}]/g, (brace) => brace + brace);

/** A group reply naming the player: `{user}` in the text is a mention of the LINE user. */
function mention(
  lineUserId: string,
  path: string,
  language: Language,
  vars: Record<string, string | number>,
): messagingApi.TextMessageV2 {
  const escaped = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, literal(v)]));
  return {
    type: 'textV2',
    text: translate(language, 'notifications', path, escaped),
    substitution: { user: { type: 'mention', mentionee: { type: 'user', userId: lineUserId } } },
  };
}
