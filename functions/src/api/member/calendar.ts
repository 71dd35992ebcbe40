import { calendarMemberRoutes } from '@shuttle/shared';
import type { Context } from 'hono';
import type { CalendarFeeds } from '#calendar/feeds.ts';
import { type CalendarEvent, renderCalendar } from '#calendar/ics.ts';
import type { Clock } from '#platform/clock.ts';
import { DomainError } from '#platform/errors.ts';
import { type ContractAppOptions, contractRoutes, newApiApp } from '#platform/http.ts';
import type { RateBucket } from '#platform/rate-limit.ts';
import type { SessionRecord } from '#sessions/model.ts';
import type { SessionRepository } from '#sessions/repository.ts';
import type { MembershipRepository } from '#teams/membership-repository.ts';

export interface CalendarRouteDeps {
  clock: Clock;
  sessions: SessionRepository;
  memberships: MembershipRepository;
  calendarFeeds: CalendarFeeds;
  /** Origin of the member app (`APP_BASE_URL`): every link in a calendar, never the request's host. */
  appBaseUrl: string;
  http: ContractAppOptions;
  /** Buckets the two .ics downloads count against, by address (empty: limits off). */
  calendarRate: readonly RateBucket[];
}

/** The feed lists bookings of sessions starting in this window around now. */
const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 120;
/** At most this many events a feed answer, nearest first. */
export const FEED_MAX_EVENTS = 200;

const SESSION_FILE = /^([A-Za-z0-9_.:-]{1,64})\.ics$/;
const FEED_FILE = /^([A-Za-z0-9_-]{32,64})\.ics$/;

function eventOf(session: SessionRecord, origin: string, now: Date, status: CalendarEvent['status']): CalendarEvent {
  const link = `${origin}/session?id=${encodeURIComponent(session.id)}`;
  return {
    uid: `${session.id}@shuttle`,
    title: session.title,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    location: [session.venue, session.address].filter(Boolean).join(', '),
    description: [session.teamName, session.notes, link].filter(Boolean).join('\n'),
    url: link,
    stamp: now,
    status,
  };
}

function calendarResponse(c: Context, body: string, filename: string, cache: string) {
  return c.body(body, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': cache,
  });
}

/**
 * `GET /api/calendar/session/<id>.ics` (a public session's facts as one VEVENT, for anyone; a
 * team-only session's only with the token of one of its team's members or booked players,
 * else the 404 of an unknown session),
 * `GET /api/calendar/feed/<token>.ics` (the token's owner's bookings), and the member calls
 * that show, reset and delete the feed's token. docs/PLAYER-EXPERIENCE.md, "Calendar".
 */
export function calendarRoutes(s: CalendarRouteDeps) {
  const app = newApiApp();
  const limit = async (c: Context) => {
    const limiter = s.http.rateLimiter;
    if (!limiter || s.calendarRate.length === 0) return;
    const address = s.http.clientAddress?.(c) ?? 'unknown';
    await limiter.check(s.calendarRate, { address, account: null, email: null });
  };

  /** The detail's rule (api/member/sessions.ts): a team-only session is for its members and booked players. */
  const mayRead = async (c: Context, session: SessionRecord): Promise<boolean> => {
    if (session.isPublic) return true;
    const token = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return false;
    const member = await s.http.auth.member(token).catch(() => null);
    if (!member) return false;
    const booking = await s.sessions.booking(session.id, member.userId);
    if (booking && booking.status !== 'cancelled') return true;
    return (await s.memberships.teamIdsOf(member.userId)).has(session.teamId);
  };

  app.get('/calendar/session/:file', async (c) => {
    await limit(c);
    const id = SESSION_FILE.exec(c.req.param('file'))?.[1];
    if (!id) throw new DomainError('VALIDATION_FAILED', 'Invalid request: the file must be <session id>.ics');
    const session = await s.sessions.get(id);
    if (!session || !(await mayRead(c, session))) throw new DomainError('SESSION_NOT_FOUND');
    const body = renderCalendar([eventOf(session, s.appBaseUrl, s.clock.now(), 'CONFIRMED')]);
    // A team-only session's file (its notes may hold a door code) is never kept by a shared cache.
    const cache = session.isPublic ? 'public, max-age=300' : 'private, no-store';
    return calendarResponse(c, body, `session-${id}.ics`, cache);
  });

  app.get('/calendar/feed/:file', async (c) => {
    await limit(c);
    const token = FEED_FILE.exec(c.req.param('file'))?.[1];
    if (!token) throw new DomainError('NOT_FOUND', 'No such calendar feed');
    const userId = await s.calendarFeeds.owner(token);
    if (!userId) throw new DomainError('NOT_FOUND', 'No such calendar feed');
    const now = s.clock.now();
    const from = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString();
    const to = new Date(now.getTime() + FEED_FUTURE_DAYS * 86_400_000).toISOString();
    const bookings = (await s.sessions.bookingsOfUser(userId, from, to))
      .filter((b) => b.status !== 'cancelled')
      .sort(
        (a, b) => Math.abs(Date.parse(a.startsAt) - now.getTime()) - Math.abs(Date.parse(b.startsAt) - now.getTime()),
      )
      .slice(0, FEED_MAX_EVENTS);
    const sessions = await s.sessions.getMany(bookings.map((b) => b.sessionId));
    const origin = s.appBaseUrl;
    const events = bookings.flatMap((booking) => {
      const session = sessions.get(booking.sessionId);
      return session ? [eventOf(session, origin, now, booking.status === 'accepted' ? 'CONFIRMED' : 'TENTATIVE')] : [];
    });
    events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    return calendarResponse(c, renderCalendar(events, 'Shuttle'), 'shuttle.ics', 'private, max-age=900');
  });

  app.route(
    '/',
    contractRoutes(
      calendarMemberRoutes,
      {
        'checkState/calendar/getFeed': async (_, { member }) => ({
          token: await s.calendarFeeds.current(member.userId),
        }),
        'checkState/calendar/resetFeed': async (_, { member }) => ({
          token: await s.calendarFeeds.reset(member.userId),
        }),
        'checkState/calendar/deleteFeed': async (_, { member }) => {
          await s.calendarFeeds.remove(member.userId);
          return { token: null };
        },
      },
      s.http,
    ),
  );
  return app;
}
