import { describe, expect, it } from 'vitest';
import * as z from '../src/db/schema.ts';

/**
 * The codecs' own schema checker (functions/src/db/schema.ts): what a read of an item relies on.
 * Each case fails if the checker let a wrong value through or refused a right one.
 */
describe('item schemas', () => {
  const item = z.object({
    type: z.literal('thing'),
    name: z.string(),
    count: z.number().optional(),
    note: z.string().nullable(),
    state: z.enum(['open', 'closed']),
    label: z.string().default(''),
    pair: z.tuple([z.array(z.string()), z.array(z.string())]),
  });
  const good = { type: 'thing', name: 'a', note: null, state: 'open', pair: [['x'], []] };

  it('answers the attributes its shape names, defaults filled in, and drops the others', () => {
    const checked = item.safeParse({ ...good, PK: 'THING#1', extra: 1 });
    expect(checked).toEqual({ success: true, data: { ...good, label: '' } });
  });

  it('refuses each wrong attribute with its path and a code, never its value', () => {
    const checked = item.safeParse({ ...good, name: 3, count: Number.NaN, state: 'gone', pair: [['x']] });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(checked.error.issues).toEqual([
      { path: ['name'], code: 'invalid_type' },
      { path: ['count'], code: 'invalid_type' },
      { path: ['state'], code: 'invalid_value' },
      { path: ['pair'], code: 'invalid_type' },
    ]);
    expect(item.safeParse({ ...good, type: 'other' }).success).toBe(false);
    expect(item.safeParse({ ...good, note: undefined }).success).toBe(false);
    expect(item.safeParse(null).success).toBe(false);
  });

  it('tells the kinds of a discriminated union apart, and refuses an unknown kind', () => {
    const notice = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), n: z.number() }),
      z.object({ kind: z.literal('b'), s: z.string() }),
    ]);
    expect(notice.safeParse({ kind: 'b', s: 'x', n: 1 })).toEqual({ success: true, data: { kind: 'b', s: 'x' } });
    expect(notice.safeParse({ kind: 'a', s: 'x' }).success).toBe(false);
    expect(notice.safeParse({ kind: 'c' })).toEqual({
      success: false,
      error: { issues: [{ path: ['kind'], code: 'invalid_union' }] },
    });
  });

  it('checks records, unions, extensions and prepared values', () => {
    const skill = z.object({ mu: z.number() });
    const ratings = z.record(z.string(), skill.extend({ games: z.number() }));
    expect(ratings.safeParse({ g1: { mu: 1, games: 2 } }).success).toBe(true);
    expect(ratings.safeParse({ g1: { mu: 1 } }).success).toBe(false);
    const winner = z.union([z.literal(0), z.literal(1)]);
    expect(winner.safeParse(1).success).toBe(true);
    expect(winner.safeParse(2).success).toBe(false);
    const withName = z.preprocess((v) => ({ name: 'kept', ...(v as object) }), z.object({ name: z.string() }));
    expect(withName.safeParse({})).toEqual({ success: true, data: { name: 'kept' } });
  });

  it('builds a lazy schema at its first check, once, and checks with it', () => {
    let built = 0;
    const late = z.lazy(() => {
      built += 1;
      return z.object({ name: z.string(), count: z.number().optional() });
    });
    expect(built).toBe(0);
    expect(late.safeParse({ name: 'a', extra: 1 })).toEqual({ success: true, data: { name: 'a' } });
    expect(late.optional().safeParse({ name: 2 })).toEqual({
      success: false,
      error: { issues: [{ path: ['name'], code: 'invalid_type' }] },
    });
    expect(built).toBe(1);
  });
});
