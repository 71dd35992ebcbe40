import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { type MetricsSink, useMetricsSink } from '#platform/metrics.ts';

/**
 * The Lambda adapter of the metrics port (platform/metrics.ts) and the functions' structured logs
 * and traces, all through Powertools for AWS Lambda (docs/DEPLOY.md, "Metrics"). Powertools
 * comes from its official Lambda layer, not the bundles (infra/lib/bundling.ts). Settings come
 * from the environment the stack gives every function (infra/lib/metrics.ts):
 * POWERTOOLS_METRICS_NAMESPACE (`Shuttle`) and POWERTOOLS_SERVICE_NAME, which is also the
 * one dimension, `service`, of every metric.
 */
export const logger = new Logger();
export const tracer = new Tracer();

/** Business counts as EMF metrics of `metrics`, buffered until the invocation's flush. */
export const powertoolsSink = (metrics: Metrics): MetricsSink => ({
  count: (name, value) => metrics.addMetric(name, MetricUnit.Count, value),
});

const metrics = new Metrics();
useMetricsSink(powertoolsSink(metrics));

/** Records the SDK client's calls as X-Ray subsegments (DynamoDB, SES); unchanged where tracing is off (tests, local). */
export const traced = <T>(client: T): T => tracer.captureAWSv3Client(client);

/** What every handler is wrapped in: the request id in every log line, and the invocation's metrics flushed as one EMF line. */
export function observed<E, C, R>(handler: (event: E, context: C) => Promise<R>): (event: E, context: C) => Promise<R> {
  return async (event, context) => {
    if (context && typeof context === 'object' && 'awsRequestId' in context) {
      logger.addContext(context as unknown as Parameters<Logger['addContext']>[0]);
    }
    try {
      return await handler(event, context);
    } finally {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
