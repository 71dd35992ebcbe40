/**
 * iCalendar (RFC 5545) text of sessions: one VEVENT each, times in UTC, text escaped and lines
 * folded at 75 octets, CRLF line ends. docs/PLAYER-EXPERIENCE.md, "Calendar".
 */

export interface CalendarEvent {
  /** Stable across downloads, so a calendar app updates the event instead of adding a copy. */
  uid: string;
  title: string;
  startsAt: string;
  endsAt: string;
  location: string;
  description: string;
  url: string;
  /** When the event's data last changed (DTSTAMP). */
  stamp: Date;
  /** TENTATIVE for a waitlist place, CANCELLED for a session that will not happen. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

const PRODUCT_ID = '-//Shuttle//Badminton sessions//ZH-TW';

/** `20261124T113000Z`: the instant in UTC, as DTSTART/DTEND/DTSTAMP want it. */
export function icsInstant(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as `\n` (RFC 5545 3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Splits a content line into lines of at most 75 octets, never inside a UTF-8 character (3.1). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsInstant(event.stamp)}`,
    `DTSTART:${icsInstant(event.startsAt)}`,
    `DTEND:${icsInstant(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR; `name` titles a subscribed feed in calendar apps. */
export function renderCalendar(events: CalendarEvent[], name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${icsText(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H'] : []),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
