import { calendarSessionPath } from '@shuttle/shared';

/**
 * Links a player needs after booking (docs/PLAYER-EXPERIENCE.md, "After booking"): directions
 * from the address, the session as an .ics file and as a Google Calendar template, and the
 * page to share outside LINE.
 */

export interface LinkedSession {
  id: string;
  title: string;
  teamName: string;
  venue: string;
  address: string;
  startsAt: string;
  endsAt: string;
}

const destination = (s: Pick<LinkedSession, 'venue' | 'address'>) => s.address || s.venue;

export function googleMapsDirections(s: Pick<LinkedSession, 'venue' | 'address'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination(s))}`;
}

export function appleMapsDirections(s: Pick<LinkedSession, 'venue' | 'address'>): string {
  return `https://maps.apple.com/?daddr=${encodeURIComponent(destination(s))}&dirflg=d`;
}

/** `20261124T113000Z`: the UTC form both iCalendar and Google Calendar take. */
export const calendarInstant = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The web page of a session on this origin (what a share of a team-only session sends). */
export const sessionPageUrl = (origin: string, id: string) => `${origin}/session?id=${encodeURIComponent(id)}`;

/**
 * A public session's share link (docs/LINE.md, "Share card"): the API's share page, whose Open
 * Graph card LINE and other chats show as a preview, with buttons into this app.
 */
export const sessionShareUrl = (origin: string, apiBase: string, id: string) =>
  `${new URL(apiBase, origin).href.replace(/\/+$/, '')}/share/${encodeURIComponent(id)}`;

export function googleCalendarUrl(s: LinkedSession, pageUrl: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: s.title,
    dates: `${calendarInstant(s.startsAt)}/${calendarInstant(s.endsAt)}`,
    details: `${s.teamName}\n${pageUrl}`,
    location: [s.venue, s.address].filter(Boolean).join(', '),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The session's .ics on the member API (`GET /api/calendar/session/<id>.ics`). */
export const sessionIcsUrl = (apiBase: string, id: string) => `${apiBase.replace(/\/$/, '')}${calendarSessionPath(id)}`;

/**
 * Calendar links are for a place held: an accepted booking of a session not yet over. A
 * waitlist place or a lottery entry may never play, so it gets none (issue 22, item 8).
 */
export function offersCalendar(s: { status: string; myBooking?: { status: string } | null }): boolean {
  return s.myBooking?.status === 'accepted' && s.status !== 'ended';
}
