/**
 * The business metrics port (docs/DEPLOY.md, "Metrics"): the concept layers call `count(name)` at
 * each business event; what receives the counts is chosen by the process. On Lambda the handlers
 * install the Powertools adapter (handlers/observability.ts: CloudWatch EMF, flushed per
 * invocation); locally and in tests nothing is installed (counts are dropped) or a
 * `MetricsRecorder` keeps them. One place for the names: infra/lib/metrics.ts re-exports them for
 * the alarms.
 */
export const BUSINESS_METRICS = {
  /** A seat booked (member or admin). */
  bookings: 'BookingsCreated',
  /** A booking cancelled. */
  cancellations: 'BookingsCancelled',
  /** A waitlisted player moved into a seat. */
  promotions: 'WaitlistPromotions',
  /** A waitlist offer made (sign-up jobs, cancellations). */
  offers: 'WaitlistOffers',
  /** A LINE push sent. */
  pushes: 'LinePushesSent',
  /** A LINE push refused for the monthly message quota (LINE answers 429 "monthly limit"). */
  quotaRefusals: 'LineQuotaRefusals',
  /** An e-mail sent through SES. */
  emails: 'EmailsSent',
  /** An outbox record given up after its last attempt (the dispatcher). */
  abandoned: 'AbandonedNotifications',
} as const;

export type MetricName = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/** Where counts go: the Powertools adapter on Lambda, a recorder in tests. */
export interface MetricsSink {
  count(name: MetricName, value: number): void;
}

let sink: MetricsSink | null = null;

/** Counts a business event (unit Count); a no-op until a sink is installed. */
export function count(name: MetricName, value = 1): void {
  if (value > 0) sink?.count(name, value);
}

/** Installs the process's sink (null: drop counts); returns the one it replaces. */
export function useMetricsSink(next: MetricsSink | null): MetricsSink | null {
  const previous = sink;
  sink = next;
  return previous;
}

/** Keeps every count, for tests and the local server. */
export class MetricsRecorder implements MetricsSink {
  readonly counts = new Map<MetricName, number>();

  count(name: MetricName, value: number): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + value);
  }

  get(name: MetricName): number {
    return this.counts.get(name) ?? 0;
  }
}
