/**
 * Stands in for `mnemonist/lru-cache` in the Lambda bundles (`BUNDLING.alias`,
 * infra/lib/bundling.ts). Its one user there is the DynamoDB client's endpoint-discovery cache
 * (`@aws-sdk/endpoint-cache`), created with every client and read only when endpoint discovery is
 * turned on, which the product never does. mnemonist brings typed-array capacity tables and
 * iterator helpers (~8 KB, CommonJS); this is the same least-recently-used cache over a `Map`
 * (insertion order is recency), with the methods the endpoint cache calls.
 * infra/test/stand-ins.test.ts checks it against mnemonist.
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key)!;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  /** The value, without touching its recency. */
  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  /** Stores the value as the most recently used, dropping the least recently used past capacity. */
  set(key: K, value: V): this {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value as K);
    return this;
  }

  clear(): void {
    this.items.clear();
  }
}
