import { type CorruptField, CorruptItemError } from '#platform/errors.ts';
import type * as z from './schema.ts';

/**
 * The storage boundary (docs/ARCHITECTURE.md, "Storage"; TABLE.md, "Codecs"): every item type
 * of the table has one codec (`db/codecs/`), a zod schema of the attributes its record keeps
 * and the keys it is written under. `decode` checks what a read returned and answers the typed
 * record (keys and index attributes left out); `encode` shapes the record into the item to put,
 * keys included. Nothing outside db/ casts what the table returned.
 */

/** An item as the document client returns or takes it. */
export type StoredItem = Record<string, unknown>;

/** Anything that turns a stored item into a typed record: a codec, or a mixed read's dispatcher. */
export interface Decoder<R> {
  decode(item: StoredItem): R;
}

/** The read half of a codec: all a counter (written only by `ADD`, never put whole) has. */
export interface ReadCodec<R> extends Decoder<R> {
  /** The item type (TABLE.md, "Items"); also its `type` attribute when the item carries one. */
  readonly name: string;
  /** A corrupt or foreign item throws `CorruptItemError` (CORRUPT_ITEM), logged with its keys. */
  decode(item: StoredItem): R;
  /** `decode`, or null when the read found nothing. */
  decodeOrNull(item: StoredItem | null | undefined): R | null;
  /** Whether a raw item of a mixed read (one partition, a batch of keys) is of this type. */
  is(item: StoredItem): boolean;
}

export interface ItemCodec<R, K extends unknown[] = []> extends ReadCodec<R> {
  /**
   * The whole item a Put writes: the record with its key and index attributes. `key` are the
   * parts of the key the record does not hold itself (e.g. the address of an e-mail claim).
   */
  encode(record: R, ...key: K): StoredItem;
}

/** The record type a codec (or any decoder) decodes to. */
export type RecordOf<C extends Decoder<unknown>> = C extends Decoder<infer R> ? R : never;

interface CodecDefinition<S extends z.Schema<StoredItem>, K extends unknown[]> {
  name: string;
  schema: S;
  /** The key (and index) attributes of the item a record is stored as. */
  keys: (record: z.output<S>, ...key: K) => StoredItem;
  /** How a mixed read recognises the item; by default its `type` attribute equals `name`. */
  is?: (item: StoredItem) => boolean;
}

/** One codec. Its schema is built once (`z.lazy`: at its first decode), never per call (decode is on every read). */
export function itemCodec<S extends z.Schema<StoredItem>, K extends unknown[] = []>(
  definition: CodecDefinition<S, K>,
): ItemCodec<z.output<S>, K> {
  const { keys } = definition;
  return { ...readCodec(definition), encode: (record, ...key) => ({ ...keys(record, ...key), ...record }) };
}

/**
 * The codec of a counter item, kept with `ADD` and never put whole, so it carries no `type`:
 * recognised by the start of its sort key. Its count is absent until the first `ADD`.
 */
export function counterCodec<S extends z.Schema<StoredItem>>(definition: {
  name: string;
  schema: S;
  skPrefix: string;
}): ReadCodec<z.output<S>> {
  const { skPrefix } = definition;
  return readCodec({ ...definition, is: (item) => typeof item.SK === 'string' && item.SK.startsWith(skPrefix) });
}

function readCodec<S extends z.Schema<StoredItem>>(
  definition: Omit<CodecDefinition<S, []>, 'keys'>,
): ReadCodec<z.output<S>> {
  const { name, schema } = definition;
  const decode = (item: StoredItem): z.output<S> => {
    const checked = schema.safeParse(item);
    if (checked.success) return checked.data as z.output<S>;
    throw corruptItem(name, item, checked.error.issues);
  };
  return {
    name,
    decode,
    decodeOrNull: (item) => (item ? decode(item) : null),
    is: definition.is ?? ((item) => item.type === name),
  };
}

/** Items of a mixed read, each decoded by the first codec that claims it; an item none claims is corrupt. */
export function oneOf<C extends ReadCodec<unknown>[]>(name: string, ...codecs: C): Decoder<RecordOf<C[number]>> {
  return {
    decode: (item) => {
      const codec = codecs.find((c) => c.is(item));
      if (!codec) throw corruptItem(name, item, [{ path: ['type'], code: 'unknown item type' }]);
      return codec.decode(item) as RecordOf<C[number]>;
    },
  };
}

/**
 * The items a background job works through, decoded; a corrupt one is logged (by `decode`) and
 * left out, so it does not hold up the others (the outbox sweep, the sign-up job). Requests
 * answer CORRUPT_ITEM instead.
 */
export function decodeReadable<T>(decoder: Decoder<T>, items: readonly StoredItem[]): T[] {
  return items.flatMap((item) => {
    try {
      return [decoder.decode(item)];
    } catch (error) {
      if (error instanceof CorruptItemError) return [];
      throw error;
    }
  });
}

/**
 * A decoder that also answers the item's key, for reads whose items are then deleted or
 * rewritten by key (a partition's items of several types).
 */
export function keyed<R>(name: string, decoder: Decoder<R>): Decoder<{ key: { PK: string; SK: string }; record: R }> {
  return {
    decode: (item) => {
      const { PK, SK } = item;
      if (typeof PK !== 'string' || typeof SK !== 'string') {
        throw corruptItem(name, item, [{ path: [typeof PK === 'string' ? 'SK' : 'PK'], code: 'invalid_type' }]);
      }
      return { key: { PK, SK }, record: decoder.decode(item) };
    },
  };
}

const KEY_ATTRIBUTES = ['PK', 'SK'] as const;
/** A key segment holding an e-mail address (`EMAIL#…`, `ADMINEMAIL#…`) is personal: it is masked. */
const maskEmail = (value: string) => value.replace(/[^#]*@[^#]*/g, '<email>');

/**
 * The error of a corrupt item, logged once where it is found: the codec, the item's keys and
 * each failing field's path and problem, never a value.
 */
function corruptItem(
  name: string,
  item: unknown,
  issues: readonly { path: readonly PropertyKey[]; code: string }[],
): CorruptItemError {
  const keys: Record<string, string> = {};
  if (item && typeof item === 'object') {
    for (const attribute of KEY_ATTRIBUTES) {
      const value = (item as StoredItem)[attribute];
      if (typeof value === 'string') keys[attribute] = maskEmail(value);
    }
  }
  const fields: CorruptField[] = issues
    .slice(0, 10)
    .map((issue) => ({ path: issue.path.map(String).join('.') || '(item)', problem: issue.code }));
  const error = new CorruptItemError(name, keys, fields);
  console.error('CORRUPT_ITEM', JSON.stringify({ item: name, keys, fields }));
  return error;
}
