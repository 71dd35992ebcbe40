/**
 * The item schemas of the codecs (`db/codecs/`; docs/ARCHITECTURE.md, "Storage"): a small
 * checker with the shapes of zod the codecs use (`object`, `string`, `optional` …) and zod's
 * answer (`safeParse`: the data, or the issues with their path and code), so that reading an
 * item does not need zod. The contracts of the API keep zod; the background jobs (the outbox
 * notifiers, reminders) read items and answer no request, and stay free of it (infra/test/bundles.test.ts).
 * Objects keep only the attributes their shape names, as zod's do: the codec audit
 * (tests/api/codecs.test.ts) finds an attribute a codec forgot by what `decode` dropped.
 */

export interface Issue {
  path: PropertyKey[];
  code: string;
}

type Result<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

/** A checker of one value; `check` answers the value as kept, and adds what is wrong to `issues`. */
export abstract class Schema<T> {
  declare readonly output: T;
  abstract check(value: unknown, path: PropertyKey[], issues: Issue[]): T;

  safeParse(value: unknown): Result<T> {
    const issues: Issue[] = [];
    const data = this.check(value, [], issues);
    return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
  }

  optional(): Schema<T | undefined> {
    return new Wrapped<T | undefined>((v, p, i) => (v === undefined ? undefined : this.check(v, p, i)));
  }

  nullable(): Schema<T | null> {
    return new Wrapped<T | null>((v, p, i) => (v === null ? null : this.check(v, p, i)));
  }

  /** An absent value reads as `value`. */
  default(value: Exclude<T, undefined>): Schema<Exclude<T, undefined>> {
    return new Wrapped((v, p, i) => (v === undefined ? value : (this.check(v, p, i) as Exclude<T, undefined>)));
  }
}

/** The type a schema checks to (`z.output` of zod). */
export type output<S> = S extends Schema<infer T> ? T : never;

class Wrapped<T> extends Schema<T> {
  constructor(private readonly run: (value: unknown, path: PropertyKey[], issues: Issue[]) => T) {
    super();
  }
  check(value: unknown, path: PropertyKey[], issues: Issue[]): T {
    return this.run(value, path, issues);
  }
}

const typed = <T>(test: (value: unknown) => boolean) =>
  new Wrapped<T>((value, path, issues) => {
    if (!test(value)) issues.push({ path, code: 'invalid_type' });
    return value as T;
  });

export const string = () => typed<string>((v) => typeof v === 'string');
export const number = () => typed<number>((v) => typeof v === 'number' && Number.isFinite(v));
export const boolean = () => typed<boolean>((v) => typeof v === 'boolean');
export const unknown = () => typed<unknown>(() => true);
/** A value `test` accepts, of the type the caller names (checked no further). */
export const custom = <T>(test: (value: unknown) => boolean) => typed<T>(test);

class Literal<const T extends string | number | boolean> extends Schema<T> {
  constructor(readonly value: T) {
    super();
  }
  check(value: unknown, path: PropertyKey[], issues: Issue[]): T {
    if (value !== this.value) issues.push({ path, code: 'invalid_value' });
    return value as T;
  }
}

export const literal = <const T extends string | number | boolean>(value: T) => new Literal(value);

export const enumOf = <const T extends readonly (string | number)[]>(values: T) =>
  new Wrapped<T[number]>((value, path, issues) => {
    if (!values.includes(value as T[number])) issues.push({ path, code: 'invalid_value' });
    return value as T[number];
  });
export { enumOf as enum };

export const array = <T>(item: Schema<T>) =>
  new Wrapped<T[]>((value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push({ path, code: 'invalid_type' });
      return value as T[];
    }
    return value.map((v, i) => item.check(v, [...path, i], issues));
  });

export const tuple = <const T extends readonly Schema<unknown>[]>(items: T) =>
  new Wrapped<{ -readonly [K in keyof T]: output<T[K]> }>((value, path, issues) => {
    if (!Array.isArray(value) || value.length !== items.length) {
      issues.push({ path, code: 'invalid_type' });
      return value as never;
    }
    return items.map((s, i) => s.check(value[i], [...path, i], issues)) as never;
  });

export const record = <V>(_key: Schema<string>, item: Schema<V>) =>
  new Wrapped<Record<string, V>>((value, path, issues) => {
    if (!isPlainObject(value)) {
      issues.push({ path, code: 'invalid_type' });
      return value as Record<string, V>;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, item.check(v, [...path, k], issues)]));
  });

/** The value as `prepare` changes it (e.g. an attribute older items keep only in their key), then checked. */
export const preprocess = <T>(prepare: (value: unknown) => unknown, schema: Schema<T>) =>
  new Wrapped<T>((value, path, issues) => schema.check(prepare(value), path, issues));

export type Shape = Record<string, Schema<unknown>>;

type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends output<S[K]> ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOutput<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: output<S[K]> } & { [K in OptionalKeys<S>]?: output<S[K]> }
>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class ObjectSchema<S extends Shape> extends Schema<ObjectOutput<S>> {
  constructor(readonly shape: S) {
    super();
  }
  check(value: unknown, path: PropertyKey[], issues: Issue[]): ObjectOutput<S> {
    if (!isPlainObject(value)) {
      issues.push({ path, code: 'invalid_type' });
      return value as ObjectOutput<S>;
    }
    const kept: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(this.shape)) {
      const checked = schema.check(value[name], [...path, name], issues);
      if (checked !== undefined) kept[name] = checked;
    }
    return kept as ObjectOutput<S>;
  }
  extend<M extends Shape>(more: M): ObjectSchema<Flat<Omit<S, keyof M> & M>> {
    return new ObjectSchema({ ...this.shape, ...more } as Flat<Omit<S, keyof M> & M>);
  }
}

export const object = <S extends Shape>(shape: S) => new ObjectSchema(shape);

export const union = <const T extends readonly Schema<unknown>[]>(options: T) =>
  new Wrapped<output<T[number]>>((value, path, issues) => {
    for (const option of options) {
      const found: Issue[] = [];
      const checked = option.check(value, path, found);
      if (found.length === 0) return checked as output<T[number]>;
    }
    issues.push({ path, code: 'invalid_union' });
    return value as output<T[number]>;
  });

/** A schema built on its first check (see `lazy`). */
class Lazy<T> extends Schema<T> {
  private built: Schema<T> | undefined;
  constructor(private readonly make: () => Schema<T>) {
    super();
  }
  check(value: unknown, path: PropertyKey[], issues: Issue[]): T {
    this.built ??= this.make();
    return this.built.check(value, path, issues);
  }
}

/**
 * A schema built on its first check. The codecs declare every module-level schema with it (and
 * their codecs) under a pure mark, so a bundle that never reads an item type leaves that type's
 * schema out: esbuild drops an unused pure call whose arguments are functions (docs/DEPLOY.md,
 * "Bundles").
 */
export const lazy = <T>(make: () => Schema<T>): Schema<T> => new Lazy(make);

/** Objects told apart by the literal of attribute `key` (the outbox's `kind`). */
export const discriminatedUnion = <const T extends readonly ObjectSchema<Shape>[]>(key: string, options: T) => {
  const byValue = new Map(options.map((o) => [(o.shape[key] as Literal<string>).value, o]));
  return new Wrapped<output<T[number]>>((value, path, issues) => {
    const option = isPlainObject(value) ? byValue.get(value[key] as string) : undefined;
    if (!option) {
      issues.push({ path: [...path, key], code: 'invalid_union' });
      return value as output<T[number]>;
    }
    return option.check(value, path, issues) as output<T[number]>;
  });
};
