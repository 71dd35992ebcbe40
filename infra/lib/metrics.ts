/**
 * The product's own CloudWatch metrics, which the functions emit as CloudWatch Embedded Metric
 * Format (EMF) log lines (functions/src/handlers/observability.ts) and the alarms
 * (constructs/alarms.ts) watch
 * (docs/DEPLOY.md, "Metrics"). The stack hands every function `POWERTOOLS_METRICS_NAMESPACE` and
 * `POWERTOOLS_SERVICE_NAME`, the settings Powertools for AWS Lambda's `Metrics` reads; an EMF
 * line written by hand must use the same namespace and the one dimension `service`.
 */
export const METRIC_NAMESPACE = 'Shuttle';

/** The value of the `service` dimension (and POWERTOOLS_SERVICE_NAME) of a stage. */
export const serviceName = (stageName: string): string => `shuttle-${stageName}`;

/** Business events, each a count (unit `Count`) with the dimension `service`: named once, in functions/src/platform/metrics.ts. */
export { BUSINESS_METRICS } from '@shuttle/functions/platform/metrics.ts';

/** The environment every function gets, so Powertools (or a hand-written EMF line) matches the alarms. */
export const metricEnvironment = (stageName: string): Record<string, string> => ({
  POWERTOOLS_METRICS_NAMESPACE: METRIC_NAMESPACE,
  POWERTOOLS_SERVICE_NAME: serviceName(stageName),
});
