import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { instant } from '../src/schemas/instant.ts';
import { toUtcInstant } from '../src/time.ts';

/** The one instant type (docs/ARCHITECTURE.md, "Choices"): any ISO 8601 offset in, UTC with milliseconds out. */
describe('instant', () => {
  it.each([
    ['2026-11-26T22:32:47+08:00', '2026-11-26T14:32:47.000Z'],
    ['2026-11-26T22:32:47Z', '2026-11-26T22:32:47.000Z'],
    ['2026-11-26T22:32:47.5-05:30', '2026-11-27T04:02:47.500Z'],
    ['2026-11-26T22:32:47.123999999+0800', '2026-11-26T14:32:47.123Z'],
    ['2026-11-26T22:32+08', '2026-11-26T14:32:00.000Z'],
    ['2026-12-31T23:59:59.999-00:00', '2026-12-31T23:59:59.999Z'],
    ['2027-01-01T07:30:00+08:00', '2026-12-31T23:30:00.000Z'],
    ['2028-02-29T12:00:00+14:00', '2028-02-28T22:00:00.000Z'],
  ])('reads %s as %s', (text, utc) => {
    expect(instant.parse(text)).toBe(utc);
    expect(toUtcInstant(text)).toBe(utc);
    // The stored form parses to itself.
    expect(instant.parse(utc)).toBe(utc);
  });

  it.each([
    '2026-11-26T22:32:47',
    '2026-11-26',
    '2027-02-29T10:00:00Z',
    '2026-11-26T24:00:00Z',
    '2026-11-26T22:60:00Z',
    '2026-11-26T22:32:47+24:00',
    '2026-11-26 22:32:47Z',
    '0000-01-01T00:00:00+01:00',
    `2026-11-26T22:32:47.${'1'.repeat(40)}Z`,
  ])('refuses %s', (text) => {
    expect(instant.safeParse(text).success).toBe(false);
  });

  it('stays a date-time string in the OpenAPI documents, for requests and answers', () => {
    for (const io of ['input', 'output'] as const) {
      expect(z.object({ at: instant }).toJSONSchema({ target: 'openapi-3.0', io }).properties).toEqual({
        at: { type: 'string', format: 'date-time', maxLength: 40 },
      });
    }
  });
});
