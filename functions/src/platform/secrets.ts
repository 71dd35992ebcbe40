/**
 * Secrets read with a short cache: a value filled in after the deploy (the LINE channel secret)
 * reaches running functions within `ttlMs`, without a cold start (docs/DEPLOY.md, "Secrets").
 * A failed read keeps the last good value and tries again on the next call.
 */
export interface SecretCacheOptions {
  /** How long a read value is used before it is read again. */
  ttlMs?: number;
  now?: () => number;
}

export const SECRET_CACHE_TTL_MS = 5 * 60_000;

export class SecretCache {
  private readonly entries = new Map<string, { value: string; readAt: number }>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly read: (id: string) => Promise<string>,
    options: SecretCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? SECRET_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The secret's value, from the cache while it is fresh. */
  async get(id: string): Promise<string> {
    const cached = this.entries.get(id);
    if (cached && this.now() - cached.readAt < this.ttlMs) return cached.value;
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const reading = this.read(id)
      .then((value) => {
        this.entries.set(id, { value, readAt: this.now() });
        return value;
      })
      .catch((error: unknown) => {
        if (cached) return cached.value;
        throw error;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, reading);
    return reading;
  }
}
