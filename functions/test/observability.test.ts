import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_METRICS, type MetricsSink } from '../src/platform/metrics.ts';

type Observability = typeof import('../src/handlers/observability.ts');
type Metrics = typeof import('../src/platform/metrics.ts');

/**
 * The Lambda adapter of the metrics port (handlers/observability.ts): each invocation's counts
 * leave as one CloudWatch EMF document in the namespace and with the `service` dimension the
 * alarms watch (infra/lib/metrics.ts; docs/DEPLOY.md, "Metrics").
 */
describe('the Powertools metrics adapter', () => {
  let observability: Observability;
  let metrics: Metrics;
  let previous: MetricsSink | null;
  const count = (name: Parameters<Metrics['count']>[0]) => metrics.count(name);
  const saved = { ...process.env };

  beforeAll(async () => {
    // The environment the stack gives every function (infra/lib/metrics.ts, metricEnvironment).
    Object.assign(process.env, { POWERTOOLS_METRICS_NAMESPACE: 'Shuttle', POWERTOOLS_SERVICE_NAME: 'shuttle-test' });
    // Loaded afresh, after the environment is set: the unit files share a worker's modules
    // (vitest.config.ts), and an earlier one may have loaded the adapter without it.
    vi.resetModules();
    metrics = await import('../src/platform/metrics.ts');
    previous = metrics.useMetricsSink(null);
    observability = await import('../src/handlers/observability.ts');
  });
  afterAll(() => {
    metrics.useMetricsSink(previous);
    for (const k of ['POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  const invoke = async (body: () => void) => {
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const handler = observability.observed(async (_event: unknown, _context: unknown) => {
        body();
        return 'done';
      });
      expect(await handler({}, { awsRequestId: 'req-1', functionName: 'fn' })).toBe('done');
    } finally {
      write.mockRestore();
    }
    return lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  it('writes one EMF document per invocation: namespace Shuttle, dimension service, a Count per event', async () => {
    const [emf, ...rest] = await invoke(() => {
      count(BUSINESS_METRICS.bookings);
      count(BUSINESS_METRICS.bookings);
      count(BUSINESS_METRICS.promotions);
    });
    expect(rest).toEqual([]);
    expect(emf).toMatchObject({
      service: 'shuttle-test',
      // Two events of a kind are two values (EMF sums them under the alarms' `Sum`).
      [BUSINESS_METRICS.bookings]: [1, 1],
      [BUSINESS_METRICS.promotions]: 1,
    });
    const aws = emf!._aws as {
      Timestamp: number;
      CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
    };
    expect(Number.isInteger(aws.Timestamp)).toBe(true);
    expect(aws.CloudWatchMetrics).toHaveLength(1);
    const [directive] = aws.CloudWatchMetrics as [(typeof aws.CloudWatchMetrics)[0]];
    expect(directive.Namespace).toBe('Shuttle');
    expect(directive.Dimensions).toEqual([['service']]);
    expect(directive.Metrics).toEqual(
      expect.arrayContaining([
        { Name: BUSINESS_METRICS.bookings, Unit: 'Count' },
        { Name: BUSINESS_METRICS.promotions, Unit: 'Count' },
      ]),
    );
    expect(directive.Metrics).toHaveLength(2);
  });

  it('flushes per invocation: the next one starts empty, and one with no event writes nothing', async () => {
    expect(await invoke(() => {})).toEqual([]);
    const [emf] = await invoke(() => count(BUSINESS_METRICS.abandoned));
    expect(emf).toMatchObject({ [BUSINESS_METRICS.abandoned]: 1 });
    expect(emf).not.toHaveProperty(BUSINESS_METRICS.bookings);
  });
});
