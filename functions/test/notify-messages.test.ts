import { HTTPFetchError } from '@line/bot-sdk';
import { LANGUAGES } from '@shuttle/shared';
import { translate } from '@shuttle/shared/i18n';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { classifyLineFailure, retryKeyFor } from '#line/client.ts';
import { isValidLineSignature, lineSignature } from '#line/signature.ts';
import { PREFERENCE_OF } from '#notifications/channel-plan.ts';
import { composeNotification, formatSessionTime, notificationLinks } from '#notifications/messages.ts';
import { isOutboxInsert, OUTBOX_INSERT_FILTER } from '#notifications/stream-filter.ts';
import { USER_OUTBOX_KINDS } from '#outbox/model.ts';

const session = {
  id: 'sess 1',
  title: '週四晚場',
  venue: '大安運動中心',
  startsAt: '2026-12-03T11:00:00.000Z',
  endsAt: '2026-12-03T13:00:00.000Z',
};

describe('notification messages', () => {
  it('shows session times in Taipei time whatever the server zone', () => {
    // Intl puts thin spaces around the range dash.
    expect(formatSessionTime(session.startsAt, session.endsAt, 'en').replace(/\s/g, ' ')).toBe(
      'Thu, Dec 3, 19:00 – 21:00',
    );
    expect(formatSessionTime(session.startsAt, session.endsAt, 'zh-TW')).toContain('19:00');
  });

  const LIFF = 'https://liff.line.me/1650000000-Shuttle0/session?id=sess%201';
  const WEB = 'https://app.tw/session?id=sess%201';

  it.each(LANGUAGES)('builds the push and the email in %s', (language) => {
    const links = notificationLinks({
      sessionId: session.id,
      appBaseUrl: 'https://app.tw/',
      liffId: '1650000000-Shuttle0',
      lineUser: true,
    });
    const composed = composeNotification({ kind: 'promoted', language, session, links });
    expect(composed.title).toBe(translate(language, 'notifications', 'promoted.title'));
    // One notice, one message: the card, its alt text the notice a text used to repeat.
    expect(composed.line).toHaveLength(1);
    const [flex] = composed.line;
    expect(flex).toMatchObject({ type: 'flex', altText: `${composed.title}\n${composed.body}` });
    expect(JSON.stringify(flex)).toContain(`"uri":"${LIFF}"`);
    expect(composed.email.text).toContain(`${translate(language, 'notifications', 'viewSession')}: ${LIFF}`);
    expect(composed.email.text).toContain(translate(language, 'notifications', 'emailFooter'));
  });

  it('links pushes into LIFF, emails into LIFF for LINE users only, and to the web without a LIFF id', () => {
    const base = { sessionId: session.id, appBaseUrl: 'https://app.tw/' };
    expect(notificationLinks({ ...base, liffId: '1650000000-Shuttle0', lineUser: true })).toEqual({
      line: LIFF,
      email: LIFF,
    });
    expect(notificationLinks({ ...base, liffId: '1650000000-Shuttle0', lineUser: false })).toEqual({
      line: LIFF,
      email: WEB,
    });
    expect(notificationLinks({ ...base, lineUser: true })).toEqual({ line: WEB, email: WEB });
    const composed = composeNotification({
      kind: 'sessionChanged',
      language: 'en',
      session,
      links: { line: LIFF, email: WEB },
    });
    expect(JSON.stringify(composed.line)).not.toContain(WEB);
    expect(composed.email.text).toContain(WEB);
    expect(composed.email.text).not.toContain(LIFF);
  });

  it('defaults to Traditional Chinese and keeps the Flex alt text within LINE limits', () => {
    const long = { ...session, title: '長'.repeat(600) };
    const links = { line: 'x:', email: 'x:' };
    const composed = composeNotification({ kind: 'bookingReminder', language: null, session: long, links });
    expect(composed.title).toBe('打球提醒');
    const flex = composed.line[0] as { altText: string };
    expect(flex.altText.length).toBeLessThanOrEqual(400);
  });

  it('tells every waiting player of a last-call place in each language, the first to take it gets it', () => {
    const links = { line: 'x:', email: 'x:' };
    for (const language of LANGUAGES) {
      const composed = composeNotification({ kind: 'lastCall', language, session, links });
      expect(composed.title, language).not.toContain('lastCall');
      expect(composed.body, language).toContain(session.title);
    }
    expect(composeNotification({ kind: 'lastCall', language: 'en', session, links }).title).toBe(
      'A place is free: first come, first served',
    );
  });

  it('maps every kind to the preference that governs it', () => {
    expect(Object.keys(PREFERENCE_OF).sort()).toEqual([...USER_OUTBOX_KINDS].sort());
    expect(PREFERENCE_OF).toEqual({
      promoted: 'waitlist',
      sessionChanged: 'sessionChange',
      sessionCancelled: 'sessionChange',
      bookingReminder: 'bookingReminder',
      news: 'news',
      offered: 'waitlist',
      lastCall: 'waitlist',
      lotteryWaitlisted: 'waitlist',
      // Asked for on the rotation board itself (checkState/rotation/notifyMe): no setting governs it.
      rotationUpNext: null,
    });
  });

  it('says the court of the up-next push, or the first court that frees', () => {
    const links = { line: 'x:', email: 'x:' };
    const at = composeNotification({ kind: 'rotationUpNext', language: 'zh-TW', session, links, court: 3 });
    expect(at.body).toContain('你下一場在 3 號場');
    const any = composeNotification({ kind: 'rotationUpNext', language: 'zh-TW', session, links, court: null });
    expect(any.body).toContain('你下一場：先空出的場');
    for (const language of ['en', 'es', 'ja', 'de'] as const) {
      const composed = composeNotification({ kind: 'rotationUpNext', language, session, links, court: 2 });
      expect(composed.title, language).not.toContain('rotationUpNext');
      expect(composed.body, language).toContain('2');
    }
  });
});

describe('LINE retry keys', () => {
  it('derives the same UUID from the same outbox id, a different one otherwise', () => {
    const key = retryKeyFor('outbox-1');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retryKeyFor('outbox-1')).toBe(key);
    expect(retryKeyFor('outbox-2')).not.toBe(key);
  });

  it('treats 409 as already sent, other 4xx as final, 429/5xx/network as passing', () => {
    const http = (status: number) =>
      new HTTPFetchError(`${status}`, { status, statusText: '', headers: new Headers(), body: '' });
    expect(classifyLineFailure(http(409))).toBe('alreadyAccepted');
    expect(classifyLineFailure(http(400))).toBe('permanent');
    expect(classifyLineFailure(http(403))).toBe('permanent');
    expect(classifyLineFailure(http(429))).toBe('transient');
    expect(classifyLineFailure(http(500))).toBe('transient');
    expect(classifyLineFailure(new TypeError('fetch failed'))).toBe('transient');
  });
});

describe('LINE webhook signature', () => {
  const body = new TextEncoder().encode('{"destination":"U1","events":[]}');

  it('accepts the HMAC-SHA256 of the raw body keyed by the channel secret', () => {
    expect(isValidLineSignature(body, lineSignature(body, 'secret'), 'secret')).toBe(true);
  });

  it('refuses another secret, another body, a truncated or missing signature, and an unset secret', () => {
    const good = lineSignature(body, 'secret');
    expect(isValidLineSignature(body, lineSignature(body, 'other'), 'secret')).toBe(false);
    expect(isValidLineSignature(new TextEncoder().encode('{}'), good, 'secret')).toBe(false);
    expect(isValidLineSignature(body, good.slice(0, 20), 'secret')).toBe(false);
    expect(isValidLineSignature(body, undefined, 'secret')).toBe(false);
    expect(isValidLineSignature(body, lineSignature(body, ''), '')).toBe(false);
  });
});

describe('outbox stream filter', () => {
  it('lets only inserted outbox items through, in code as in the event source filter', () => {
    const record = (eventName: DynamoDBRecord['eventName'], type: string): DynamoDBRecord => ({
      eventName,
      dynamodb: { NewImage: { type: { S: type } } },
    });
    expect(isOutboxInsert(record('INSERT', 'outbox'))).toBe(true);
    expect(isOutboxInsert(record('MODIFY', 'outbox'))).toBe(false);
    expect(isOutboxInsert(record('INSERT', 'booking'))).toBe(false);
    expect(OUTBOX_INSERT_FILTER).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { type: { S: ['outbox'] } } },
    });
  });
});
