import * as z from 'zod';
import { route } from './routes.ts';

/**
 * The player's personal calendar feed (docs/PLAYER-EXPERIENCE.md, "Calendar"): a private,
 * revocable URL that lists their bookings as iCalendar events. The token is the whole secret;
 * `token: null` means the player has no feed.
 */
export const calendarFeed = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,64}$/)
    .nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** The feed URL path under the member API base (the session file is `session/<id>.ics`). */
export const calendarFeedPath = (token: string) => `/calendar/feed/${token}.ics`;
export const calendarSessionPath = (sessionId: string) => `/calendar/session/${encodeURIComponent(sessionId)}.ics`;

/** Member calls of the calendar feed, under `/api/`; spread into `memberRoutes`. */
export const calendarMemberRoutes = {
  'checkState/calendar/getFeed': route({
    method: 'GET',
    auth: 'member',
    summary: "The caller's calendar feed token, or null when they have none",
    request: null,
    response: calendarFeed,
  }),
  'checkState/calendar/resetFeed': route({
    method: 'POST',
    auth: 'member',
    summary: 'A new calendar feed URL; the previous one stops working at once',
    request: null,
    response: calendarFeed,
  }),
  'checkState/calendar/deleteFeed': route({
    method: 'POST',
    auth: 'member',
    summary: 'Turn the calendar feed off: its URL stops working',
    request: null,
    response: calendarFeed,
  }),
} as const;
