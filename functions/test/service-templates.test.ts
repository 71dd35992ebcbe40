import { randomBytes } from 'node:crypto';
import { classifyNotifierFailure, NotifierError } from '@shuttle/functions/line/notifier.ts';
import { CATALOG_GROUP, LINE_CATALOG_ENTRY, SERVICE_KINDS } from '@shuttle/functions/notifications/service-catalog.ts';
import {
  DETAIL_HARD_LIMIT,
  graphemeCount,
  SERVICE_TEMPLATES,
  serviceParams,
  TEMPLATE_NAME_MAX,
  templateNameOf,
} from '@shuttle/functions/notifications/service-templates.ts';
import { USER_OUTBOX_KINDS } from '@shuttle/functions/outbox/model.ts';
import { Sealer, sealingKey } from '@shuttle/functions/platform/sealed.ts';
import { LANGUAGES } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';

/**
 * The LINE MINI App service message templates are data (functions/src/notifications/
 * service-templates.json, what the channel registers for review; docs/LINE.md "Registering the
 * templates"): checked here against LINE's rules, and the sealing of the tokens they are sent with.
 */

/** The languages LINE offers templates in (LINE MINI App API reference, "Send a service message"). */
const LINE_TEMPLATE_LANGUAGES = ['ja', 'en', 'zh-TW', 'th', 'id', 'ko'];
/** At most 20 templates per MINI App channel (LINE's "Sending service messages"). */
const LINE_TEMPLATES_PER_CHANNEL = 20;

const long = (unit: string, n: number) => unit.repeat(n);
const extreme = {
  session: {
    id: 's-1',
    // A family emoji is one grapheme cluster of 11 UTF-16 units: LINE counts clusters.
    title: `${long('羽', 40)}${long('👨‍👩‍👧‍👦', 30)}`,
    venue: long('Sportzentrum-', 12),
    startsAt: '2026-12-03T11:00:00.000Z',
    endsAt: '2026-12-03T14:00:00.000Z',
  },
  when: long('12/3(四) 19:00–22:00 ', 4),
  link: 'https://miniapp.line.me/2001234567-AbCdEfGh/session?id=s-1',
  reason: 'lotteryDrawn',
  offerExpiresAt: '2026-12-02T11:00:00.000Z',
  position: 12,
  previous: { when: long('12/1(二) 19:00 ', 5), venue: long('Old venue ', 8) },
  paymentDue: `${long('請付 250 元 ', 6)}\n${long('轉帳 ', 10)}`,
};

describe('the service message templates', () => {
  it('has one template for every booking notice kind in every app language, named <kind>_<language>', () => {
    for (const kind of SERVICE_KINDS) {
      for (const language of LANGUAGES) {
        const found = SERVICE_TEMPLATES.filter((t) => t.kind === kind && t.language === language);
        expect(
          found.map((t) => t.name),
          `${kind} ${language}`,
        ).toEqual([`${kind}_${language}`]);
      }
    }
    expect(SERVICE_TEMPLATES).toHaveLength(SERVICE_KINDS.length * LANGUAGES.length);
  });

  it('keeps news and the rotation board off service messages: they stay on the Official Account', () => {
    const served = new Set<string>(SERVICE_KINDS);
    expect(USER_OUTBOX_KINDS.filter((kind) => !served.has(kind))).toEqual(['news', 'rotationUpNext']);
  });

  it("names only languages LINE offers templates in, and names fit LINE's 30 characters", () => {
    for (const template of SERVICE_TEMPLATES) {
      expect(LINE_TEMPLATE_LANGUAGES).toContain(template.lineLanguage);
      if (['zh-TW', 'en', 'ja'].includes(template.language)) expect(template.lineLanguage).toBe(template.language);
      expect(template.name.length).toBeLessThanOrEqual(TEMPLATE_NAME_MAX);
      expect(
        templateNameOf(template, { ...LINE_CATALOG_ENTRY, [template.kind]: 'book_status_d_b' }).length,
      ).toBeLessThanOrEqual(TEMPLATE_NAME_MAX);
      expect(template.useCase.length).toBeGreaterThan(40);
    }
  });

  it("declares every value within LINE's hard limit, and fills each within its own limit whatever the notice says", () => {
    for (const template of SERVICE_TEMPLATES) {
      for (const { key, max } of template.params) {
        if (key !== 'btn1_url') expect(max, `${template.name} ${key}`).toBeLessThanOrEqual(DETAIL_HARD_LIMIT);
      }
      const { params } = serviceParams({ ...extreme, kind: template.kind, language: template.language });
      const declared = new Map(template.params.map((p) => [p.key, p.max]));
      for (const [key, value] of Object.entries(params)) {
        expect(declared.has(key), `${template.name} fills ${key}`).toBe(true);
        expect(graphemeCount(value), `${template.name} ${key}`).toBeLessThanOrEqual(declared.get(key)!);
      }
      expect(params.btn1_url).toBe(extreme.link);
      expect(params.title, `${template.name} has a translated title`).not.toMatch(/\.title$/);
    }
  });

  it('fills what each kind tells: the offer deadline, the waitlist place, the old time and place, what is owed', () => {
    const of = (kind: (typeof SERVICE_KINDS)[number]) => serviceParams({ ...extreme, kind, language: 'en' }).params;
    expect(of('offered').until).toBeTruthy();
    expect(of('lotteryWaitlisted').position).toBe('12');
    expect(of('sessionChanged')).toMatchObject({ was_when: expect.any(String), was_venue: expect.any(String) });
    expect(of('bookingReminder').payment).not.toContain('\n');
    // A lottery win says so; a waitlist promotion says it was promoted.
    const promoted = serviceParams({ ...extreme, reason: undefined, kind: 'promoted', language: 'en' }).params;
    expect(of('promoted').title).not.toBe(promoted.title);
  });

  it("registers no more templates than LINE takes a channel: kinds of one group share LINE's catalog entry", () => {
    for (const kind of SERVICE_KINDS) {
      const sameGroup = SERVICE_KINDS.filter((other) => CATALOG_GROUP[other] === CATALOG_GROUP[kind]);
      expect(new Set(sameGroup.map((k) => LINE_CATALOG_ENTRY[k])).size).toBe(1);
    }
    const registered = new Set(SERVICE_TEMPLATES.map((t) => `${CATALOG_GROUP[t.kind]}_${t.lineLanguage}`));
    expect(registered.size).toBeLessThanOrEqual(LINE_TEMPLATES_PER_CHANNEL);
  });
});

describe('sealed notification tokens', () => {
  const sealer = new Sealer(randomBytes(32));

  it('opens only with the same key and for the same item', () => {
    const sealed = sealer.seal('ntok-secret-value', 'serviceToken:line_U1:s-1');
    expect(sealed).not.toContain('ntok');
    expect(sealer.open(sealed, 'serviceToken:line_U1:s-1')).toBe('ntok-secret-value');
    expect(sealer.open(sealed, 'serviceToken:line_U2:s-1')).toBeNull();
    expect(new Sealer(randomBytes(32)).open(sealed, 'serviceToken:line_U1:s-1')).toBeNull();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(sealer.open(tampered, 'serviceToken:line_U1:s-1')).toBeNull();
    expect(sealer.seal('same', 'x')).not.toBe(sealer.seal('same', 'x'));
  });

  it('takes a key of 32 bytes as hex or base64 and refuses anything else', () => {
    const bytes = randomBytes(32);
    expect(sealingKey(bytes.toString('hex'))).toEqual(bytes);
    expect(sealingKey(bytes.toString('base64'))).toEqual(bytes);
    expect(() => sealingKey('too-short')).toThrow(/32 bytes/);
  });
});

describe("LINE notifier's refusals", () => {
  it('retries outages, forgets a refused token, keeps the token when the channel or template is refused', () => {
    expect(classifyNotifierFailure(new NotifierError(0, 'ECONNRESET'))).toBe('transient');
    expect(classifyNotifierFailure(new NotifierError(500, ''))).toBe('transient');
    expect(classifyNotifierFailure(new NotifierError(429, ''))).toBe('transient');
    expect(classifyNotifierFailure(new NotifierError(401, 'Invalid notifier token'))).toBe('token');
    expect(classifyNotifierFailure(new NotifierError(400, 'recipient'))).toBe('gone');
    expect(classifyNotifierFailure(new NotifierError(403, 'template not found'))).toBe('channel');
  });
});
