/**
 * The product's own CloudWatch metrics: one place for their names, which the functions emit as
 * CloudWatch Embedded Metric Format (EMF) log lines and the alarms (constructs/alarms.ts) watch
 * (docs/DEPLOY.md, "Metrics"). The stack hands every function `POWERTOOLS_METRICS_NAMESPACE` and
 * `POWERTOOLS_SERVICE_NAME`, the settings Powertools for AWS Lambda's `Metrics` reads; an EMF
 * line written by hand must use the same namespace and the one dimension `service`.
 */
export const METRIC_NAMESPACE = 'Shuttle';

/** The value of the `service` dimension (and POWERTOOLS_SERVICE_NAME) of a stage. */
export const serviceName = (stageName: string): string => `shuttle-${stageName}`;

/** Business events, each a count (unit `Count`) with the dimension `service`. */
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

/** The environment every function gets, so Powertools (or a hand-written EMF line) matches the alarms. */
export const metricEnvironment = (stageName: string): Record<string, string> => ({
  POWERTOOLS_METRICS_NAMESPACE: METRIC_NAMESPACE,
  POWERTOOLS_SERVICE_NAME: serviceName(stageName),
});
