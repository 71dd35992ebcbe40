import type { z } from 'zod';

/** Walkers over the zod 4 definition tree of request schemas, shared by the request-schema tests. */

export type Def = { type: string; checks?: { _zod: { def: { check: string } } }[] } & Record<string, unknown>;
export const defOf = (schema: unknown) => (schema as z.ZodType)._zod.def as unknown as Def;

/** Definitions that wrap one schema (`innerType`) without changing what a string or array accepts. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
/** The schema inside any wrappers. */
export function unwrapped(schema: unknown): unknown {
  let inner = schema;
  while (WRAPPERS.has(defOf(inner).type)) inner = defOf(inner).innerType;
  return inner;
}

/**
 * Every string field of a schema (through wrappers, unions …) with its path; a pipe counts as
 * one field (an email is a trimmed string piped into a format), free text when no side of it
 * has a pattern or format (an id, email, URL or date is refused by its pattern).
 */
export function stringFields(schema: unknown, path: string): { at: string; field: z.ZodType; free: boolean }[] {
  const def = defOf(unwrapped(schema));
  const hasFormat = (d: Def) => (d.checks ?? []).some((c) => c._zod.def.check === 'string_format');
  switch (def.type) {
    case 'string':
      return [{ at: path || '(body)', field: unwrapped(schema) as z.ZodType, free: !hasFormat(def) }];
    case 'array':
      return stringFields(def.element, `${path}[]`);
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => stringFields(v, `${path}.${k}`));
    case 'pipe': {
      const sides = [...stringFields(def.in, path), ...stringFields(def.out, path)];
      return sides.length
        ? [{ at: path, field: unwrapped(schema) as z.ZodType, free: sides.every((s) => s.free) }]
        : [];
    }
    case 'union':
      return (def.options as unknown[]).flatMap((o) => stringFields(o, path));
    case 'record':
      return stringFields(def.valueType, `${path}{}`);
    default:
      return [];
  }
}
