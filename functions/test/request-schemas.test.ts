import { adminRoutes, memberRoutes, type RouteContract } from '@shuttle/shared';
import { describe, expect, it } from 'vitest';
import { type Def, defOf, stringFields, unwrapped } from './schema-walk.ts';

/**
 * Every string and array a client sends has a maximum, so no field can grow with the body:
 * walks the zod 4 definition tree of every request schema (the input side of pipes).
 */

const hasMaximum = (def: Def) =>
  (def.checks ?? []).some((c) => c._zod.def.check === 'max_length' || c._zod.def.check === 'length_equals');

function unbounded(schema: unknown, path: string): string[] {
  const def = defOf(unwrapped(schema));
  const at = path || '(body)';
  switch (def.type) {
    case 'string':
      return hasMaximum(def) ? [] : [`${at}: string without max`];
    case 'array':
      return [...(hasMaximum(def) ? [] : [`${at}: array without max`]), ...unbounded(def.element, `${path}[]`)];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => unbounded(v, `${path}.${k}`)),
        ...(def.catchall ? unbounded(def.catchall, `${path}.*`) : []),
      ];
    case 'pipe':
      // A preprocess (transform first) validates on its output side; anything else on its input.
      return defOf(def.in).type === 'transform' ? unbounded(def.out, path) : unbounded(def.in, path);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => unbounded(o, path));
    case 'intersection':
      return [...unbounded(def.left, path), ...unbounded(def.right, path)];
    case 'record':
      return [...unbounded(def.keyType, `${path}{key}`), ...unbounded(def.valueType, `${path}{}`)];
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, i) => unbounded(item, `${path}[${i}]`)),
        ...(def.rest ? unbounded(def.rest, `${path}[]`) : []),
      ];
    case 'lazy':
      return unbounded((def.getter as () => unknown)(), path);
    case 'any':
    case 'unknown':
      return [`${at}: ${def.type} accepts anything`];
    default:
      return [];
  }
}

/** Opaque strings, not text: secrets and tokens are compared or verified, never shown or sent on. */
const OPAQUE = new Set(['password', 'newPassword', 'idToken', 'cursor', 'token']);
const isOpaque = (at: string) => OPAQUE.has(at.split('.').at(-1) ?? '');

/** What no text field may hold (issue 18, item 7): NUL, ESC, right-to-left override, isolate, lone surrogates. */
const UNSAFE = ['a\u0000b', 'a\u001b[31mb', 'abc\u202egpj.exe', 'a\u2066b', 'a\ud800b', 'a\udc00', 'a\u0085b', 'a\tb'];

const requests = (routes: Record<string, RouteContract>) =>
  Object.entries(routes).flatMap(([path, contract]) => (contract.request ? [[path, contract.request] as const] : []));

describe('request schemas', () => {
  it.each([
    ['member', memberRoutes],
    ['admin', adminRoutes],
  ] as const)('of the %s API bound every string and array', (_, routes) => {
    const found = requests(routes).flatMap(([path, schema]) =>
      unbounded(schema, '').map((issue) => `${path} ${issue}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ['member', memberRoutes],
    ['admin', adminRoutes],
  ] as const)('of the %s API refuse unsafe characters in every free-text field and store NFC', (_, routes) => {
    const leaves = requests(routes).flatMap(([path, schema]) =>
      stringFields(schema, '')
        .filter(({ at, free }) => free && !isOpaque(at))
        .map(({ at, field }) => [`${path} ${at}`, field] as const),
    );
    expect(leaves.length).toBeGreaterThan(5);
    const accepting = leaves.flatMap(([at, leaf]) =>
      UNSAFE.filter((text) => leaf.safeParse(text).success).map((text) => `${at}: ${JSON.stringify(text)}`),
    );
    expect(accepting).toEqual([]);
    const notNfc = leaves.flatMap(([at, leaf]) => {
      const parsed = leaf.safeParse('Cafe\u0301');
      return parsed.success && parsed.data !== 'Caf\u00e9' ? [at] : [];
    });
    expect(notNfc).toEqual([]);
  });

  it('the walker finds what it should', async () => {
    const { z } = await import('zod');
    const schema = z.object({
      ok: z.string().max(3),
      text: z.string().trim(),
      list: z.array(z.string().length(2)),
      nested: z.union([z.literal(''), z.object({ deep: z.string().optional() })]),
      piped: z.string().pipe(z.email()),
    });
    expect(unbounded(schema, '')).toEqual([
      '.text: string without max',
      '.list: array without max',
      '.nested.deep: string without max',
      '.piped: string without max',
    ]);
  });
});
