import type { LineMessaging } from '#line/client.ts';
import type { Clock } from '#platform/clock.ts';

/** How close the channel is to its monthly push limit; 'unknown' when LINE could not be asked. */
export type QuotaLevel = 'ok' | 'near' | 'over' | 'unknown';

export interface QuotaReading {
  level: QuotaLevel;
  /** Pushes counted this month and the monthly limit, when the channel has one. */
  used?: number;
  limit?: number;
}

export const QUOTA_CACHE_MS = 5 * 60_000;
/** 'near' once no more than this share of the month's pushes is left. */
export const QUOTA_NEAR_SHARE = 0.1;

export function quotaLevel(limit: number | undefined, used: number, nearShare = QUOTA_NEAR_SHARE): QuotaLevel {
  if (limit === undefined) return 'ok';
  const left = limit - used;
  if (left <= 0) return 'over';
  return left <= limit * nearShare ? 'near' : 'ok';
}

/**
 * The channel's push quota and this month's consumption, read from the Messaging API at most
 * once per `cacheMs` per process (concurrent callers share one reading).
 */
export class LineQuotaGauge {
  private cached: { at: number; reading: Promise<QuotaReading> } | null = null;

  constructor(
    private readonly line: Pick<LineMessaging, 'getMessageQuota' | 'getMessageQuotaConsumption'>,
    private readonly clock: Clock,
    private readonly options: { cacheMs?: number; nearShare?: number; log?: Pick<Console, 'warn'> } = {},
  ) {}

  read(): Promise<QuotaReading> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < (this.options.cacheMs ?? QUOTA_CACHE_MS)) return this.cached.reading;
    const reading = this.fetch();
    this.cached = { at: now, reading };
    return reading;
  }

  private async fetch(): Promise<QuotaReading> {
    try {
      const [quota, consumption] = await Promise.all([
        this.line.getMessageQuota(),
        this.line.getMessageQuotaConsumption(),
      ]);
      const limit = quota.type === 'limited' && typeof quota.value === 'number' ? quota.value : undefined;
      const used = typeof consumption.totalUsage === 'number' ? consumption.totalUsage : 0;
      if (quota.type !== 'limited' && quota.type !== 'none') return { level: 'unknown' };
      return { level: quotaLevel(limit, used, this.options.nearShare), used, limit };
    } catch (error) {
      (this.options.log ?? console).warn('LINE message quota could not be read', error);
      return { level: 'unknown' };
    }
  }
}
