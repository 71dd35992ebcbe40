import { describe, expect, it } from 'vitest';
import {
  appleMapsDirections,
  calendarInstant,
  googleCalendarUrl,
  googleMapsDirections,
  offersCalendar,
  sessionIcsUrl,
  sessionShareUrl,
} from './session-links';

const session = {
  id: 's-1',
  title: '週三夜間羽球 & 練習',
  teamName: '大安羽球',
  venue: '大安運動中心',
  address: '台北市大安區辛亥路三段55號',
  startsAt: '2026-12-02T11:30:00.000Z',
  endsAt: '2026-12-02T13:30:00+00:00',
};

describe('links after booking', () => {
  it('directions go to the address, encoded, in Google and Apple Maps', () => {
    expect(googleMapsDirections(session)).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(session.address)}`,
    );
    expect(new URL(appleMapsDirections(session)).searchParams.get('daddr')).toBe(session.address);
    expect(new URL(googleMapsDirections({ venue: '球館', address: '' })).searchParams.get('destination')).toBe('球館');
  });

  it('a Google Calendar template carries the title, the UTC times, the place and the page', () => {
    const url = new URL(googleCalendarUrl(session, 'https://app.example/session?id=s-1'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(session.title);
    expect(url.searchParams.get('dates')).toBe('20261202T113000Z/20261202T133000Z');
    expect(url.searchParams.get('location')).toBe('大安運動中心, 台北市大安區辛亥路三段55號');
    expect(url.searchParams.get('details')).toContain('https://app.example/session?id=s-1');
  });

  it('the .ics lives under the API base', () => {
    expect(sessionIcsUrl('/api', 's-1')).toBe('/api/calendar/session/s-1.ics');
    expect(sessionIcsUrl('https://api.example/api/', 's-1')).toBe('https://api.example/api/calendar/session/s-1.ics');
    expect(calendarInstant('2026-12-02T19:30:00+08:00')).toBe('20261202T113000Z');
  });
});

describe('calendar links', () => {
  it('are offered for an accepted place only, not for a waitlist place or a lottery entry', () => {
    expect(offersCalendar({ status: 'open', myBooking: { status: 'accepted' } })).toBe(true);
    expect(offersCalendar({ status: 'inProgress', myBooking: { status: 'accepted' } })).toBe(true);
    expect(offersCalendar({ status: 'open', myBooking: { status: 'waiting' } })).toBe(false);
    expect(offersCalendar({ status: 'open', myBooking: { status: 'offered' } })).toBe(false);
    expect(offersCalendar({ status: 'open', myBooking: { status: 'entered' } })).toBe(false);
    expect(offersCalendar({ status: 'ended', myBooking: { status: 'accepted' } })).toBe(false);
    expect(offersCalendar({ status: 'open', myBooking: null })).toBe(false);
  });
});

describe('sessionShareUrl', () => {
  it('is the API share page of the session, under a relative or an absolute API base', () => {
    expect(sessionShareUrl('https://shuttle.tw', '/api', 's-1')).toBe('https://shuttle.tw/api/share/s-1');
    expect(sessionShareUrl('https://shuttle.tw', 'https://api.shuttle.tw/api/', 'a b')).toBe(
      'https://api.shuttle.tw/api/share/a%20b',
    );
  });
});
