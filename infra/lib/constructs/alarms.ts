import { Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { WAF_BLOCKED_ALARM_THRESHOLD } from '../edge-stack.ts';
import { BUSINESS_METRICS, METRIC_NAMESPACE } from '../metrics.ts';

export interface AlarmsProps {
  /** REST APIs by name; their stage's metrics (dimensions ApiName and Stage) are watched. */
  apis: Record<string, RestApi>;
  /** `WebACL` dimension of the APIs' regional web ACL (constructs/origin-waf.ts). */
  originWebAclName: string;
  functions: Record<string, NodejsFunction>;
  deadLetterQueues: Record<string, Queue>;
  streamConsumer: NodejsFunction;
  table: ITable;
  alarmEmail: string;
  /** `service` dimension of the functions' EMF metrics (infra/lib/metrics.ts). */
  serviceName: string;
}

/** API alarms (docs/DEPLOY.md, "Observability"). */
export const API_ALARMS = {
  /** p99 latency over 5 minutes, in two of three periods. */
  p99LatencyMs: 3000,
  /** Share of 4xx answers, when at least `minRequests` came in 5 minutes (two periods in a row). */
  clientErrorRate: 0.25,
  /** Share of 5xx answers, when at least `minRequests` came in 5 minutes. */
  serverErrorRate: 0.02,
  minRequests: 20,
} as const;

/**
 * What an operator is woken for, all sent to `alarmEmail`: API latency, 4xx and 5xx, requests
 * the APIs' WAF blocked (direct calls around CloudFront), throttled or failing
 * functions, abandoned notifications and LINE quota refusals (the functions' EMF metrics, not
 * log text; docs/DEPLOY.md "Metrics"), the dead-letter queue, SES bounce and complaint rates,
 * DynamoDB throttling and 5xx.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: 'Shuttle alarms', enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);
    const period = Duration.minutes(5);

    const add = (
      alarmId: string,
      alarm: Omit<ConstructorParameters<typeof Alarm>[2], 'evaluationPeriods' | 'metric'> & {
        metric: IMetric;
        evaluationPeriods?: number;
      },
    ) => {
      const created = new Alarm(this, alarmId, {
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
        ...alarm,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
    };

    for (const [name, restApi] of Object.entries(props.apis)) {
      const api = restApi.deploymentStage;
      add(`${name}5xx`, {
        alarmDescription: `${name}: 5 or more 5xx answers in 5 minutes`,
        metric: api.metricServerError({ period, statistic: 'Sum' }),
        threshold: 5,
      });
      add(`${name}P99Latency`, {
        alarmDescription: `${name}: p99 latency at ${API_ALARMS.p99LatencyMs} ms or more`,
        metric: api.metricLatency({ period, statistic: 'p99' }),
        threshold: API_ALARMS.p99LatencyMs,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
      });
      const rate = (errors: IMetric, label: string) =>
        new MathExpression({
          expression: `IF(requests >= ${API_ALARMS.minRequests}, errors / requests, 0)`,
          usingMetrics: { errors, requests: api.metricCount({ period, statistic: 'Sum' }) },
          label,
          period,
        });
      add(`${name}4xxRate`, {
        alarmDescription: `${name}: ${API_ALARMS.clientErrorRate * 100}% or more 4xx answers for 10 minutes`,
        metric: rate(api.metricClientError({ period, statistic: 'Sum' }), '4xx share'),
        threshold: API_ALARMS.clientErrorRate,
        evaluationPeriods: 2,
      });
      add(`${name}5xxRate`, {
        alarmDescription: `${name}: ${API_ALARMS.serverErrorRate * 100}% or more 5xx answers in 5 minutes`,
        metric: rate(api.metricServerError({ period, statistic: 'Sum' }), '5xx share'),
        threshold: API_ALARMS.serverErrorRate,
      });
    }
    add('OriginWafBlockedRequests', {
      alarmDescription: `The APIs' WAF blocked ${WAF_BLOCKED_ALARM_THRESHOLD} or more calls without the CloudFront origin header in 5 minutes`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: props.originWebAclName, Region: Stack.of(this).region, Rule: 'ALL' },
        period,
        statistic: 'Sum',
      }),
      threshold: WAF_BLOCKED_ALARM_THRESHOLD,
    });
    for (const [name, fn] of Object.entries(props.functions)) {
      add(`${name}Throttles`, {
        alarmDescription: `${name}: invocations throttled`,
        metric: fn.metricThrottles({ period, statistic: 'Sum' }),
        threshold: 1,
      });
      add(`${name}Errors`, {
        alarmDescription: `${name}: 3 or more failed invocations in 5 minutes`,
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        threshold: 3,
      });
    }
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      add(`${name}Depth`, {
        alarmDescription: `${name}: notifications that could not be delivered are waiting`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        threshold: 1,
      });
    }
    /** A business metric of the functions (infra/lib/metrics.ts), summed over 5 minutes. */
    const business = (metricName: string) =>
      new Metric({
        namespace: METRIC_NAMESPACE,
        metricName,
        dimensionsMap: { service: props.serviceName },
        period,
        statistic: 'Sum',
      });
    add('AbandonedNotifications', {
      alarmDescription: 'A notification was given up after its last attempt (LINE or SES failing, or LINE not set up)',
      metric: business(BUSINESS_METRICS.abandoned),
      threshold: 1,
    });
    add('LineQuotaRefusals', {
      alarmDescription: "LINE refused a push: the Official Account's monthly message quota is used up",
      metric: business(BUSINESS_METRICS.quotaRefusals),
      threshold: 1,
    });
    add('SesBounceRate', {
      alarmDescription: 'SES bounce rate at 5% (SES reviews the account at 5% and pauses sending at 10%)',
      metric: new Metric({ namespace: 'AWS/SES', metricName: 'Reputation.BounceRate', period, statistic: 'Maximum' }),
      threshold: 0.05,
    });
    add('SesComplaintRate', {
      alarmDescription: 'SES complaint rate at 0.1% (SES reviews the account at 0.1%)',
      metric: new Metric({
        namespace: 'AWS/SES',
        metricName: 'Reputation.ComplaintRate',
        period,
        statistic: 'Maximum',
      }),
      threshold: 0.001,
    });
    const operations = [
      Operation.GET_ITEM,
      Operation.QUERY,
      Operation.PUT_ITEM,
      Operation.UPDATE_ITEM,
      Operation.TRANSACT_WRITE_ITEMS,
    ];
    add('TableThrottles', {
      alarmDescription: 'DynamoDB throttled requests',
      metric: props.table.metricThrottledRequestsForOperations({ operations, period, statistic: 'Sum' }),
      threshold: 1,
    });
    add('TableSystemErrors', {
      alarmDescription: 'DynamoDB answered 5xx',
      metric: props.table.metricSystemErrorsForOperations({ operations, period, statistic: 'Sum' }),
      threshold: 1,
    });
    add('OutboxStreamIteratorAge', {
      alarmDescription: 'Outbox stream consumer is more than 5 minutes behind',
      metric: props.streamConsumer.metric('IteratorAge', { period, statistic: 'Maximum' }),
      threshold: 300_000,
    });
  }
}
