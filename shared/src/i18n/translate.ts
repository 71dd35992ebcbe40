import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from '../constants.ts';

/** One namespace's texts in every language, e.g. `{ 'zh-TW': {…}, en: {…}, … }`. */
export type NamespaceResources = Record<Language, Record<string, unknown>>;

/** Server-side `translate(language, ns, path, vars)` over the namespaces it was given. */
export type Translate<N extends string> = (
  language: Language | null | undefined,
  ns: N,
  path: string,
  vars?: Record<string, string | number>,
) => string;

/**
 * A minimal server-side translate with `{{name}}` interpolation and fallback to English, over only
 * the namespaces passed in: a Lambda bundle carries the texts its translate can reach and no
 * more (docs/DEPLOY.md, "Bundles"). An unknown path yields the path itself.
 */
export function translator<N extends string>(namespaces: Record<N, NamespaceResources>): Translate<N> {
  return (language, ns, path, vars = {}) => {
    const table = namespaces[ns] as NamespaceResources | undefined;
    const lookup = (lng: Language) =>
      path
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table?.[lng]);
    const found = lookup(language ?? DEFAULT_LANGUAGE) ?? lookup(FALLBACK_LANGUAGE);
    const text = typeof found === 'string' ? found : path;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

/** Every dotted key path of a resource tree. */
export function keyPaths(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keyPaths(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
